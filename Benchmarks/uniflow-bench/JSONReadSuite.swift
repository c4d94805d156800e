import Foundation
import UniflowDevTools

// `json-read`: our JSON reader against Foundation's, on a session log's largest line.
//
// Subject: `JSONValue(parsing:)`, the reader of session logs (numbers kept as their text,
// objects as dictionaries), on the initial-state line of a 1 000-todo session.
// Baseline: `JSONSerialization.jsonObject(with:)` on the same bytes (numbers as `NSNumber`).
// A third figure, not compared: `JSONDecoder` decoding the same bytes into a Decodable mirror of
// `JSONValue`, the way a reader built on the toolchain's Codable would read a log.
//
// The suite only reports: it answers whether the hand-written reader should give way to the
// toolchain's (BENCHMARKS.md, "Fuzzing").

extension Suite {
  static var jsonRead: Suite {
    Suite(
      name: "json-read",
      summary: "a 1 000-todo state line read by JSONValue vs. by JSONSerialization",
      goal: nil,
      run: runJSONReadSuite)
  }
}

/// The initial-state line of a session of 1 000 todos, as the recorder writes it.
private let stateLine: Data = {
  let todos = (0..<1_000).map { index -> JSONValue in
    [
      "id": .number(String(index + 1)), "title": .string("Todo number \(index + 1), with \"quotes\" é"),
      "isDone": .bool(index.isMultiple(of: 3)), "createdAt": "2026-11-30T10:00:00.250Z", "note": "",
    ]
  }
  let state: JSONValue = ["state": ["todos": .array(todos), "filter": "all", "search": ""]]
  return Data(state.serialized.utf8)
}()

/// A JSON value decoded through `Decodable`: numbers become `Double`, their text is lost.
private enum DecodedJSON: Decodable {
  case null, bool(Bool), number(Double), string(String)
  indirect case array([DecodedJSON])
  indirect case object([String: DecodedJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([DecodedJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: DecodedJSON].self))
    }
  }

  var todoCount: Int {
    guard case .object(let line) = self, case .object(let state)? = line["state"],
      case .array(let todos)? = state["todos"]
    else { return 0 }
    return todos.count
  }
}

@MainActor
private func runJSONReadSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let bytes = Array(stateLine)
  var ours = 0
  var foundation = 0
  let comparison = await compare(
    Workload { times in
      for _ in 0..<times {
        // The line is valid JSON: it was just written.
        ours +=
          (try! JSONValue(parsing: bytes))["state"]?["todos"].map { value in
            if case .array(let todos) = value { todos.count } else { 0 }
          } ?? 0
      }
    },
    against: Workload { times in
      for _ in 0..<times {
        let object = try! JSONSerialization.jsonObject(with: stateLine) as? [String: Any]
        foundation += ((object?["state"] as? [String: Any])?["todos"] as? [Any])?.count ?? 0
      }
    },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.note("line_bytes", bytes.count)
  result.check(
    "todos_read_by_both", ours > 0 && foundation > 0 && ours % 1_000 == 0 && foundation % 1_000 == 0)
  let clock = ContinuousClock()
  let repeats = settings.repetitions * 2
  var decoded = 0
  let start = clock.now
  for _ in 0..<repeats {
    decoded += (try! JSONDecoder().decode(DecodedJSON.self, from: stateLine)).todoCount
  }
  result.note("json_decoder_ns", nanoseconds(start.duration(to: clock.now)) / Double(repeats))
  result.check("todos_read_by_json_decoder", decoded, per: repeats, equals: 1_000)
  return result
}

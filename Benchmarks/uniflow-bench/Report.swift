import Foundation

/// The results of a run, printed as a table for people or as JSON for comparing runs over time.
struct Report {
  /// The suites run, in order, with what each measured.
  var results: [(suite: Suite, result: SuiteResult)]
  /// Whether the run was a quick one.
  var quick: Bool

  /// An aligned table, one row per suite.
  var table: String {
    let header = ["suite", "ns/op", "baseline ns/op", "ratio", "goal", "result", "counts"]
    let rows = results.map { suite, result in
      [
        suite.name,
        formatNanoseconds(result.comparison.subject.nanosecondsPerOperation),
        formatNanoseconds(result.comparison.baseline.nanosecondsPerOperation),
        formatRatio(result.comparison.ratio),
        suite.goal.map { "≤ \(formatGoal($0))×" } ?? "-",
        verdict(suite, result),
        result.counts.map { "\($0.name)=\(format($0.value))" }.joined(separator: " "),
      ]
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    // Text columns are left-aligned, figures right-aligned; the last column is not padded.
    let rightAligned: Set = [1, 2, 3, 4]
    func line(_ cells: [String]) -> String {
      cells.indices.map { column in
        if column == cells.count - 1 { return cells[column] }
        return rightAligned.contains(column)
          ? cells[column].rightAligned(to: widths[column]) : cells[column].padded(to: widths[column])
      }
      .joined(separator: "  ")
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
  }

  /// One line per wrong count, naming its suite; empty when every count is right.
  var failures: [String] {
    results.flatMap { suite, result in result.failures.map { "\(suite.name): \($0)" } }
  }

  /// One JSON object, keys sorted: `{"quick": …, "suites": {"send": {"ratio": …, …}, …}}`.
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let document = Document(
      quick: quick,
      suites: Dictionary(
        uniqueKeysWithValues: results.map {
          ($0.suite.name, SuiteDocument(suite: $0.suite, result: $0.result))
        }))
    // Encoding strings, numbers and Booleans into JSON cannot fail.
    let data = try! encoder.encode(document)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private func verdict(_ suite: Suite, _ result: SuiteResult) -> String {
    guard let goal = suite.goal else { return "-" }
    return result.comparison.ratio <= goal ? "pass" : "MISS"
  }
}

/// The JSON document.
private struct Document: Encodable {
  let quick: Bool
  let suites: [String: SuiteDocument]
}

/// One suite in the JSON document: the fixed keys, then the suite's own counts.
private struct SuiteDocument: Encodable {
  let suite: Suite
  let result: SuiteResult

  struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    let comparison = result.comparison
    try container.encode(rounded(comparison.subject.nanosecondsPerOperation), forKey: Key("ns_per_op"))
    try container.encode(
      rounded(comparison.baseline.nanosecondsPerOperation), forKey: Key("baseline_ns_per_op"))
    try container.encode(rounded(comparison.ratio, places: 3), forKey: Key("ratio"))
    try container.encode(suite.goal, forKey: Key("goal"))
    try container.encode(suite.goal.map { comparison.ratio <= $0 }, forKey: Key("goal_met"))
    try container.encode(comparison.subject.samples.count, forKey: Key("repetitions"))
    try container.encode(comparison.subject.operationsPerBatch, forKey: Key("ops_per_batch"))
    try container.encode(
      comparison.baseline.operationsPerBatch, forKey: Key("baseline_ops_per_batch"))
    try container.encode(result.failures.isEmpty, forKey: Key("counts_ok"))
    for count in result.counts {
      switch count.value {
      case .integer(let value): try container.encode(value, forKey: Key(count.name))
      case .decimal(let value): try container.encode(rounded(value, places: 3), forKey: Key(count.name))
      case .boolean(let value): try container.encode(value, forKey: Key(count.name))
      }
    }
  }
}

/// `value` rounded to `places` decimals, so that the JSON carries no false precision.
private func rounded(_ value: Double, places: Int = 2) -> Double {
  let scale = pow(10, Double(places))
  return (value * scale).rounded() / scale
}

private func formatNanoseconds(_ value: Double) -> String {
  String(format: value < 10 ? "%.2f" : "%.1f", value)
}

private func formatRatio(_ value: Double) -> String {
  String(format: "%.2f×", value)
}

private func formatGoal(_ value: Double) -> String {
  value.rounded() == value ? String(Int(value)) : String(value)
}

private func format(_ value: Count.Value) -> String {
  switch value {
  case .integer(let value): String(value)
  case .decimal(let value): String(format: "%.2f", value)
  case .boolean(let value): String(value)
  }
}

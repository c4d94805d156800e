import Foundation
import UniflowTesting

/// Replays a recorded session against a feature's reducer and checks that every state is the
/// one recorded.
///
/// The replay starts a fresh store from the log's initial state with the reducer, sends it the
/// recorded actions in order (those a user sent and those effects sent alike) and compares the
/// store's state after each with the recorded one. The store runs no effects: the actions they
/// sent are in the log already, so the replay does not depend on time, the network or a
/// database, and the reducer can be built with fakes for its dependencies.
///
/// ```swift
/// let log = try SessionLog(contentsOf: logURL, expectedApp: "checklist")
/// let result = Replay(log, reducer: AppFeature()).run()
/// if let divergence = result.divergence { print(divergence) }
/// // line 5: after step 3 (toggle) the state differs from the recording:
/// //   items[0].title: expected "Bread", actual "Bread!"
/// ```
///
/// In a test, ``assertMatches(fileID:filePath:line:column:)`` turns that into a regression
/// test.
@MainActor
public struct Replay<Feature: Reducer> where Feature.State: Codable, Feature.Action: Decodable {
  /// The recorded session.
  public let log: SessionLog
  /// The reducer the actions are replayed through.
  public let reducer: Feature

  /// Prepares a replay.
  ///
  /// - Parameters:
  ///   - log: The recorded session.
  ///   - reducer: The feature's reducer, with fakes for its dependencies.
  public init(_ log: SessionLog, reducer: Feature) {
    self.log = log
    self.reducer = reducer
  }

  /// Replays the session, stopping at the first step whose state differs or whose action
  /// does not decode.
  ///
  /// - Returns: How far the replay went and what stopped it.
  /// - Complexity: Per step, one reduction, and encoding and comparing the whole state.
  public func run() -> ReplayResult {
    // After a skipped line the recorded states may lack its change: replay what is exact.
    let steps = log.steps.prefix(log.completeStepCount)
    var result = ReplayResult(matchedStepCount: 0, recordedStepCount: log.steps.count)
    let initialState: Feature.State
    do {
      initialState = try log.state(after: 0, as: Feature.State.self)
    } catch {
      result.error = error
      return result
    }
    let encoder = JSONValueEncoder()
    let decoder = sessionJSONDecoder()
    var recorded = log.initialState
    if let differences = differences(recorded: recorded, actual: initialState, encoder) {
      result.divergence = ReplayDivergence(
        stepCount: 0, actionName: nil, line: 2, differences: differences)
      return result
    }
    // The feature runs as a store runs it: its body evaluated once.
    let reduce = reducer._storeReduction()
    let store = Store(
      initialState: initialState,
      reducer: Reduce<Feature.State, Feature.Action> { state, action in
        // The log holds the actions the effects sent: running the effects would send them twice.
        _ = reduce(&state, action)
        return .none
      })
    for (index, step) in steps.enumerated() {
      let line = log.line(ofStep: index)
      let action: Feature.Action
      do {
        action = try decoder.decode(Feature.Action.self, from: Data(step.action.serialized.utf8))
      } catch {
        result.error = .undecodableAction(
          line: line, name: step.name, reason: describeDecodingError(error))
        return result
      }
      store.send(action)
      // Every step of a log applied when the log was read.
      try? step.patch.apply(to: &recorded)
      if let differences = differences(recorded: recorded, actual: store.state, encoder) {
        result.divergence = ReplayDivergence(
          stepCount: index + 1, actionName: step.name, line: line, differences: differences)
        return result
      }
      result.matchedStepCount += 1
    }
    result.error = log.issue
    return result
  }

  /// The differences between a recorded state and a replayed one, or `nil` when they are the
  /// same.
  private func differences(
    recorded: JSONValue, actual: Feature.State, _ encoder: JSONValueEncoder
  )
    -> [String]?
  {
    let actualJSON: JSONValue
    do {
      actualJSON = try encoder.encode(actual)
    } catch {
      return ["the replayed state does not encode: \(error)"]
    }
    guard actualJSON != recorded else { return nil }
    // Show the difference in Swift terms when the recorded state still decodes; as JSON paths
    // otherwise.
    if let expected = try? sessionJSONDecoder().decode(
      Feature.State.self, from: Data(recorded.serialized.utf8))
    {
      let diff = ValueDiff(expected: expected, actual: actual)
      if !diff.isEmpty { return diff.changes.map(\.description) }
    }
    return JSONPatch(from: recorded, to: actualJSON).operations.map { operation in
      switch operation {
      case .add(let path, let value): "\(path): unexpected \(value)"
      case .remove(let path): "\(path): missing"
      case .replace(let path, let value): "\(path): recorded differently, actual \(value)"
      }
    }
  }
}

import Foundation

/// Follows which action's effect sent which action, for a ``RecordedReducer`` and the
/// ``SessionRecorder`` it reports to.
///
/// The reducer numbers the actions it reduces and tags every action an effect of action *n*
/// sends (through `Effect.map`, called when the action is made) as pending with cause *n*.
/// When an action is reduced and pending actions exist, its encoding is matched against
/// theirs: the oldest equal pending action is the one being reduced. Pending actions that
/// never arrive (their effect was cancelled) are forgotten, oldest first, beyond a bound.
final class CauseTracker<Action: Encodable>: Sendable {
  private struct Pending {
    let encoding: JSONValue
    let cause: Int
  }

  private struct Tracking {
    var reducedCount = 0
    var pending: [Pending] = []
    /// The sequence number and cause of the action reduced last.
    var last: (sequenceNumber: Int, cause: Int?)?
    let encoder = JSONValueEncoder()
  }

  /// The number of sent actions remembered while they wait to be reduced.
  static var pendingLimit: Int { 1024 }

  // Reached from the reducer and from effect closures; each reduction and each sent action
  // takes the lock once.
  private let tracking = LockIsolated(Tracking())

  /// Numbers an action about to be reduced and finds out whether an effect sent it.
  ///
  /// - Returns: The action's sequence number.
  func willReduce(_ action: Action) -> Int {
    tracking.withLock { tracking in
      tracking.reducedCount += 1
      var cause: Int?
      if !tracking.pending.isEmpty, let encoding = try? tracking.encoder.encode(action),
        let index = tracking.pending.firstIndex(where: { $0.encoding == encoding })
      {
        cause = tracking.pending.remove(at: index).cause
      }
      tracking.last = (tracking.reducedCount, cause)
      return tracking.reducedCount
    }
  }

  /// Notes that an effect of action `cause` sent an action, which the store will reduce soon.
  func didSend(_ action: Action, cause: Int) {
    tracking.withLock { tracking in
      guard let encoding = try? tracking.encoder.encode(action) else { return }
      if tracking.pending.count == Self.pendingLimit { tracking.pending.removeFirst() }
      tracking.pending.append(Pending(encoding: encoding, cause: cause))
    }
  }

  /// The cause of the action reduced last, if its sequence number is the one given.
  func cause(ofReduced sequenceNumber: Int) -> Int? {
    tracking.withLock { tracking in
      guard let last = tracking.last, last.sequenceNumber == sequenceNumber else { return nil }
      return last.cause
    }
  }
}

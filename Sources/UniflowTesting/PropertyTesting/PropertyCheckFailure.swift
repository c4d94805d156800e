/// The shrunk failure of a property check, as ``checkProperties(of:initialState:actions:properties:model:timeBetweenActions:finalActions:sequences:length:seed:maximumEffectTime:timeout:timeoutClock:runsEffectsInOrder:maximumShrinkRuns:concurrentSequences:fileID:filePath:line:column:)``
/// reports it.
public struct PropertyCheckFailure: Sendable, Hashable, CustomStringConvertible {
  /// What failed: the name of a ``FeatureProperty``, or a description of a model mismatch,
  /// of effects that did not finish, or of a store diagnostic.
  public let reason: String
  /// The seed of the failing sequence: a check with this seed and one sequence reproduces it.
  public let seed: UInt64
  /// The actions of the minimal failing sequence, rendered as Swift code.
  public let actions: [String]
  /// The number of actions of the sequence before shrinking.
  public let originalLength: Int
  /// The whole message of the failure: the seed, the minimal sequence, the state change at the
  /// failing action, and the sequence as a ``TestStore`` regression test.
  public let message: String

  /// The failure message.
  public var description: String {
    message
  }
}

import Uniflow

/// Collects the diagnostics a store reports, instead of printing them and asserting.
@MainActor
final class DiagnosticLog {
  var entries: [StoreDiagnostic] = []

  nonisolated init() {}

  var configuration: StoreConfiguration {
    configuration(limit: 1_000)
  }

  func configuration(limit: Int) -> StoreConfiguration {
    StoreConfiguration(maximumSynchronousActions: limit) { [self] in entries.append($0) }
  }

  /// A configuration whose async loop guard checks chains every `limit` actions, with its
  /// diagnostics here.
  func configuration(effectChainLimit limit: Int) -> StoreConfiguration {
    StoreConfiguration(maximumEffectChainActions: limit) { [self] in entries.append($0) }
  }
}

/// The one place that looks for changes made by other processes: it asks every repository of
/// the program, on the injected clock, to publish what changed from outside.
///
/// The program builds one monitor for all its repositories and runs it while it shows their
/// contents; each repository publishes what it finds through its own stream of updates, which
/// the features bind into their state.
///
/// ```swift
/// let monitor = TodoChangeMonitor(sources: [todos], clock: ContinuousClock())
/// let watching = Task { await monitor.run { error in store.send(.failed(error)) } }
/// // …
/// watching.cancel()
/// ```
public struct TodoChangeMonitor: Sendable {
  /// What the monitor asks, in this order, at each check.
  public let sources: [any OutsideChangeSource]
  /// The clock that paces the checks; a test clock in tests.
  public let clock: any Clock<Duration>
  /// The time between two checks.
  public let interval: Duration

  /// Creates a monitor.
  ///
  /// - Parameters:
  ///   - sources: What to ask for outside changes.
  ///   - clock: The clock that paces the checks.
  ///   - interval: The time between two checks.
  public init(
    sources: [any OutsideChangeSource], clock: any Clock<Duration>, interval: Duration = .seconds(1)
  ) {
    self.sources = sources
    self.clock = clock
    self.interval = interval
  }

  /// Checks every source after each `interval`, until the task running it is cancelled.
  ///
  /// A source that fails is reported, and asked again at the next check.
  ///
  /// - Parameter report: What to do with a failure; the program shows it.
  public func run(reportingFailuresTo report: @escaping @MainActor @Sendable (TodoStoreError) -> Void) async {
    while true {
      do {
        try await clock.sleep(for: interval)
      } catch {
        return
      }
      for source in sources {
        do throws(TodoStoreError) {
          try await source.reloadIfChanged()
        } catch {
          await report(error)
        }
      }
    }
  }
}

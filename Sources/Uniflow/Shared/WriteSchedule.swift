/// When a persisted shared value is written: the first change at once, then at most one write
/// per interval, always ending with the last value.
///
/// A pure state machine: its mutating methods say what to do, and ``SharedPersistence`` does
/// it outside its lock.
struct WriteSchedule: Sendable {
  enum Phase: Sendable, Equatable {
    /// No write for an interval: the next change is written at once.
    case idle
    /// A write happened less than an interval ago; `hasPending` says whether a change came
    /// since.
    case coolingDown(hasPending: Bool)
  }

  /// What to do after a step.
  enum Step: Sendable, Equatable {
    /// Nothing now.
    case wait
    /// Write the latest value, then wait an interval.
    case writeThenCoolDown
    /// The interval passed with nothing new: the schedule is idle again.
    case stop
  }

  private(set) var phase = Phase.idle

  /// The value changed.
  mutating func valueChanged() -> Step {
    switch phase {
    case .idle:
      phase = .coolingDown(hasPending: false)
      return .writeThenCoolDown
    case .coolingDown:
      phase = .coolingDown(hasPending: true)
      return .wait
    }
  }

  /// An interval passed since the last write.
  mutating func intervalPassed() -> Step {
    switch phase {
    case .idle:
      return .stop
    case .coolingDown(let hasPending):
      if hasPending {
        phase = .coolingDown(hasPending: false)
        return .writeThenCoolDown
      }
      phase = .idle
      return .stop
    }
  }

  /// Everything was written outside the schedule (an explicit save): nothing is pending.
  mutating func flushed() {
    if case .coolingDown = phase { phase = .coolingDown(hasPending: false) }
  }
}

import Uniflow

// `remove-rows`: whether removing the rows of a `forEach` costs the same per row however many
// there are.
//
// Subject: a store with a `forEach` over 100 000 rows; one operation fills the collection with
// one action and removes every row with a second. Removing the rows cancels each removed row's
// effects: the `forEach` returns one `.cancel(id:)` per row, merged into one effect.
// Baseline: the same store and actions with 1 000 rows.
//
// Linear work makes the ratio about 100. Merging the cancellations pairwise, copying the
// effects gathered so far at every step, made it quadratic: the ratio was then in the
// thousands, and clearing 32 000 rows took seconds.
//
// A separate, untimed pass gives each of 10 000 rows an effect asleep on a paused clock,
// removes every row with one action, and counts the effects that saw their cancellation.

extension Suite {
  static var removeRows: Suite {
    Suite(
      name: "remove-rows",
      summary: "filling and removing 100 000 rows of a forEach vs. 1 000",
      goal: 150,
      run: runRemoveRowsSuite)
  }
}

private let largeCount = 100_000
private let smallCount = 1_000
private let sleepingCount = 10_000

private struct Row: Reducer {
  struct State: Identifiable {
    let id: Int
  }

  enum Action { case sleep }

  let clock: PausedClock
  let cancellations: Tally

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .sleep:
      return .run { [clock, cancellations] _ in
        do {
          try await clock.sleep(for: .seconds(3_600))
        } catch {
          cancellations.increment()
        }
      }
    }
  }
}

private struct Rows: Reducer {
  struct State {
    var rows: IdentifiedArray<Row.State> = []
  }

  enum Action {
    case fill(count: Int)
    case removeAll
    case rows(IdentifiedAction<Int, Row.Action>)

    static let rowsCase = ActionCase(embed: Action.rows) {
      if case .rows(let action) = $0 { action } else { nil }
    }
  }

  let clock: PausedClock
  let cancellations: Tally

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .fill(let count):
        state.rows = IdentifiedArray(uniqueElements: (0..<count).map { Row.State(id: $0) })
      case .removeAll:
        state.rows.removeAll()
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rowsCase) {
      Row(clock: clock, cancellations: cancellations)
    }
  }
}

/// A store whose rows are filled and removed, noting how many rows each removal took away.
@MainActor
private final class Clearer {
  let store: Store<Rows.State, Rows.Action>
  let count: Int
  private(set) var operations = 0
  private(set) var removed = 0

  init(count: Int) {
    self.count = count
    store = Store(
      initialState: Rows.State(), reducer: Rows(clock: PausedClock(), cancellations: Tally()))
  }

  func fillAndRemove(times: Int) {
    for _ in 0..<times {
      store.send(.fill(count: count))
      let before = store.state.rows.count
      store.send(.removeAll)
      removed += before - store.state.rows.count
      blackHole(store.state.rows.count)
    }
    operations += times
  }
}

/// What the untimed pass with sleeping row effects saw.
private struct SleepingPass {
  var started = 0
  var cancelled = 0
  var rowsLeft = 0
  var stillRunning = 0
}

/// Gives each of `count` rows an effect asleep on a paused clock, removes every row with one
/// action, and waits for the effects to end.
@MainActor
private func runSleepingPass(count: Int) async -> SleepingPass {
  let clock = PausedClock()
  let cancellations = Tally()
  let store = Store(
    initialState: Rows.State(), reducer: Rows(clock: clock, cancellations: cancellations))
  store.send(.fill(count: count))
  var sends: [StoreTask] = []
  sends.reserveCapacity(count)
  for id in 0..<count { sends.append(store.send(.rows(.element(id: id, action: .sleep)))) }
  await clock.waitForSleepers(count)
  var pass = SleepingPass(started: store.runningEffectCount)
  store.send(.removeAll)
  for send in sends { await send.finish() }
  pass.cancelled = cancellations.value
  pass.rowsLeft = store.state.rows.count
  pass.stillRunning = store.runningEffectCount
  return pass
}

@MainActor
private func runRemoveRowsSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let large = Clearer(count: largeCount)
  let small = Clearer(count: smallCount)
  let comparison = await compare(
    Workload { large.fillAndRemove(times: $0) },
    against: Workload { small.fillAndRemove(times: $0) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.note("rows", largeCount)
  result.note("baseline_rows", smallCount)
  result.check("rows_removed_per_op", large.removed, per: large.operations, equals: largeCount)
  result.check(
    "baseline_rows_removed_per_op", small.removed, per: small.operations, equals: smallCount)
  let pass = await runSleepingPass(count: sleepingCount)
  result.note("sleeping_rows", sleepingCount)
  result.check("sleeping_effects_started", pass.started, equals: sleepingCount)
  result.check("sleeping_effects_cancelled", pass.cancelled, equals: sleepingCount)
  result.check("sleeping_rows_left", pass.rowsLeft, equals: 0)
  result.check("running_after_remove", pass.stillRunning, equals: 0)
  return result
}

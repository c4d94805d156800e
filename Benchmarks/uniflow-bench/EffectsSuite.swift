import Synchronization
import Uniflow

// `effects`: what the store's effect machinery costs per effect, and whether it lets go.
//
// Subject: 10 000 sends, each starting a `.run` effect (cancellable by one shared id) that
// sleeps on a paused test clock; once all 10 000 are asleep, one `.cancel(id:)` ends them all,
// and the batch waits for every send's task to finish.
// Baseline: the same work by hand: 10 000 unstructured tasks sleeping on the same kind of clock,
// kept in an array, cancelled one by one and awaited.
//
// A batch is one store's whole life, so it also checks the lifetime rules: after the
// cancellation every effect saw it, no effect is still running, and the store is freed.

extension Suite {
  static var effects: Suite {
    Suite(
      name: "effects",
      summary: "10 000 .run effects asleep on a test clock, cancelled by one id, vs. plain tasks",
      goal: 2,
      run: runEffectsSuite)
  }
}

private let effectCount = 10_000

private struct Sleepers: Reducer {
  struct State {
    var started = 0
  }

  enum Action {
    case start
    case cancelAll
  }

  private enum SleeperID { case all }

  let clock: PausedClock
  let cancellations: Tally

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.started += 1
      return .run { [clock, cancellations] _ in
        await sleepUntilCancelled(on: clock, counting: cancellations)
      }
      .cancellable(id: SleeperID.all)
    case .cancelAll:
      return .cancel(id: SleeperID.all)
    }
  }
}

/// Sleeps on `clock` until the task is cancelled, then counts the cancellation.
private func sleepUntilCancelled(on clock: PausedClock, counting cancellations: Tally) async {
  do {
    try await clock.sleep(for: .seconds(3_600))
  } catch {
    cancellations.increment()
  }
}

/// What the batches of one side saw, summed.
@MainActor
private final class EffectsLedger {
  var batches = 0
  var started = 0
  var cancelled = 0
  var stillRunning = 0
  var unreleasedStores = 0
}

/// One store's life: starts the effects, cancels them by id, waits for every send to finish.
@MainActor
private func runStoreBatch(effects: Int, ledger: EffectsLedger) async {
  let clock = PausedClock()
  let cancellations = Tally()
  weak var released: Store<Sleepers.State, Sleepers.Action>?
  do {
    let store = Store(
      initialState: Sleepers.State(), reducer: Sleepers(clock: clock, cancellations: cancellations))
    released = store
    var sends: [StoreTask] = []
    sends.reserveCapacity(effects)
    for _ in 0..<effects { sends.append(store.send(.start)) }
    await clock.waitForSleepers(effects)
    store.send(.cancelAll)
    for send in sends { await send.finish() }
    ledger.started += store.state.started
    ledger.stillRunning += store.runningEffectCount
  }
  ledger.batches += 1
  ledger.cancelled += cancellations.value
  if released != nil { ledger.unreleasedStores += 1 }
}

/// The same work by hand: a task per sleeper, kept to be cancelled.
@MainActor
private func runTaskBatch(effects: Int, ledger: EffectsLedger) async {
  let clock = PausedClock()
  let cancellations = Tally()
  var tasks: [Task<Void, Never>] = []
  tasks.reserveCapacity(effects)
  for _ in 0..<effects {
    tasks.append(Task { await sleepUntilCancelled(on: clock, counting: cancellations) })
  }
  await clock.waitForSleepers(effects)
  for task in tasks { task.cancel() }
  for task in tasks { await task.value }
  ledger.batches += 1
  ledger.started += tasks.count
  ledger.cancelled += cancellations.value
}

@MainActor
private func runEffectsSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let storeLedger = EffectsLedger()
  let taskLedger = EffectsLedger()
  let comparison = await compare(
    Workload { await runStoreBatch(effects: $0, ledger: storeLedger) },
    against: Workload { await runTaskBatch(effects: $0, ledger: taskLedger) },
    batch: .fixed(effectCount), settings: settings)

  // 10 000 unless `--batch` asked for another number.
  let effects = comparison.subject.operationsPerBatch
  var result = SuiteResult(comparison: comparison)
  result.note("effects", effects)
  result.check("started_per_batch", storeLedger.started, per: storeLedger.batches, equals: effects)
  result.check("cancelled_per_batch", storeLedger.cancelled, per: storeLedger.batches, equals: effects)
  result.check("running_after_cancel", storeLedger.stillRunning, equals: 0)
  result.check("stores_released", storeLedger.unreleasedStores == 0)
  result.check(
    "baseline_cancelled_per_batch", taskLedger.cancelled, per: taskLedger.batches, equals: effects)
  return result
}

import Observation
@_spi(Testing) import Uniflow

// `observation`: what Observation's per-field tracking of a store costs.
//
// Subject: a store whose state has 100 `Int` fields, read by 100 tracked scopes
// (`withObservationTracking`, as SwiftUI views), each reading one field through the store
// (`store[\.fieldN]`, what `store.fieldN` does). Each action changes one field, in turn: the
// scope that read it is told (one `onChange`), and reads it again under tracking, as a view
// re-rendered does.
// Baseline: a hand-written `Observable` model with the same 100 fields, each read and changed
// through its registrar as the `@Observable` macro writes it, with the same 100 tracked scopes
// and the same changes: what per-field Observation costs with a macro.
//
// Also measured in the same run, and reported: the same store with 100 selection observers
// (`observe(\.fieldN)`) instead of tracked scopes, one callback per action. Observation's own
// work (recording the reads of a tracked scope, installing it, telling it, cancelling it) costs
// many times a selection observer's callback, so a tracked scope cannot cost about what an
// observer does; the figure says how far apart they are.
//
// Every side makes exactly 1 callback or `onChange` per action; the counts are checked. That a
// store nobody tracks pays nothing per action is the `send` suite's figure.

extension Suite {
  static var observation: Suite {
    Suite(
      name: "observation",
      summary: "100 tracked scopes on 100 fields of a store vs. of an @Observable model",
      goal: 2,
      run: runObservationSuite)
  }
}

private struct TrackedReducer: Reducer {
  /// Changes one field.
  enum Action { case change(Int) }

  func reduce(into state: inout WideState, action: Action) -> Effect<Action> {
    switch action {
    case .change(let field):
      switch field {
      case 0: state.field0 += 1
      case 1: state.field1 += 1
      case 2: state.field2 += 1
      case 3: state.field3 += 1
      case 4: state.field4 += 1
      case 5: state.field5 += 1
      case 6: state.field6 += 1
      case 7: state.field7 += 1
      case 8: state.field8 += 1
      case 9: state.field9 += 1
      case 10: state.field10 += 1
      case 11: state.field11 += 1
      case 12: state.field12 += 1
      case 13: state.field13 += 1
      case 14: state.field14 += 1
      case 15: state.field15 += 1
      case 16: state.field16 += 1
      case 17: state.field17 += 1
      case 18: state.field18 += 1
      case 19: state.field19 += 1
      case 20: state.field20 += 1
      case 21: state.field21 += 1
      case 22: state.field22 += 1
      case 23: state.field23 += 1
      case 24: state.field24 += 1
      case 25: state.field25 += 1
      case 26: state.field26 += 1
      case 27: state.field27 += 1
      case 28: state.field28 += 1
      case 29: state.field29 += 1
      case 30: state.field30 += 1
      case 31: state.field31 += 1
      case 32: state.field32 += 1
      case 33: state.field33 += 1
      case 34: state.field34 += 1
      case 35: state.field35 += 1
      case 36: state.field36 += 1
      case 37: state.field37 += 1
      case 38: state.field38 += 1
      case 39: state.field39 += 1
      case 40: state.field40 += 1
      case 41: state.field41 += 1
      case 42: state.field42 += 1
      case 43: state.field43 += 1
      case 44: state.field44 += 1
      case 45: state.field45 += 1
      case 46: state.field46 += 1
      case 47: state.field47 += 1
      case 48: state.field48 += 1
      case 49: state.field49 += 1
      case 50: state.field50 += 1
      case 51: state.field51 += 1
      case 52: state.field52 += 1
      case 53: state.field53 += 1
      case 54: state.field54 += 1
      case 55: state.field55 += 1
      case 56: state.field56 += 1
      case 57: state.field57 += 1
      case 58: state.field58 += 1
      case 59: state.field59 += 1
      case 60: state.field60 += 1
      case 61: state.field61 += 1
      case 62: state.field62 += 1
      case 63: state.field63 += 1
      case 64: state.field64 += 1
      case 65: state.field65 += 1
      case 66: state.field66 += 1
      case 67: state.field67 += 1
      case 68: state.field68 += 1
      case 69: state.field69 += 1
      case 70: state.field70 += 1
      case 71: state.field71 += 1
      case 72: state.field72 += 1
      case 73: state.field73 += 1
      case 74: state.field74 += 1
      case 75: state.field75 += 1
      case 76: state.field76 += 1
      case 77: state.field77 += 1
      case 78: state.field78 += 1
      case 79: state.field79 += 1
      case 80: state.field80 += 1
      case 81: state.field81 += 1
      case 82: state.field82 += 1
      case 83: state.field83 += 1
      case 84: state.field84 += 1
      case 85: state.field85 += 1
      case 86: state.field86 += 1
      case 87: state.field87 += 1
      case 88: state.field88 += 1
      case 89: state.field89 += 1
      case 90: state.field90 += 1
      case 91: state.field91 += 1
      case 92: state.field92 += 1
      case 93: state.field93 += 1
      case 94: state.field94 += 1
      case 95: state.field95 += 1
      case 96: state.field96 += 1
      case 97: state.field97 += 1
      case 98: state.field98 += 1
      case 99: state.field99 += 1
      default: break
      }
    }
    return .none
  }
}

/// Counts the callbacks or `onChange`s on either side.
@MainActor
private final class CallbackCount {
  var count = 0
}

/// The subject: 100 tracked scopes, one per field, each re-tracked after it is told.
@MainActor
private final class TrackedStore {
  let store = Store(initialState: WideState(), reducer: TrackedReducer())
  let told = LockIsolated(0)
  private(set) var actions = 0
  /// The field whose scope was told last, to re-track.
  private var next = 0

  init() {
    for field in fieldPaths.indices { track(field) }
  }

  /// What a view showing one field does when it renders.
  func track(_ field: Int) {
    let path = fieldPaths[field]
    withObservationTracking {
      blackHole(store[path])
    } onChange: { [told] in
      told.withLock { $0 += 1 }
    }
  }

  func change(times: Int) {
    for _ in 0..<times {
      let field = next
      next = next == 99 ? 0 : next + 1
      store.send(.change(field))
      track(field)
    }
    actions += times
  }
}

/// The baseline: the same store with one selection observer per field.
@MainActor
private final class ObservedStore {
  let store = Store(initialState: WideState(), reducer: TrackedReducer())
  let callbacks = CallbackCount()
  private(set) var actions = 0
  private var next = 0
  private var tokens: [ObservationToken] = []

  init() {
    for path in fieldPaths {
      tokens.append(
        store.observe(path) { [callbacks] value in
          callbacks.count += 1
          blackHole(value)
        })
    }
  }

  func change(times: Int) {
    for _ in 0..<times {
      let field = next
      next = next == 99 ? 0 : next + 1
      store.send(.change(field))
    }
    actions += times
  }
}

/// Observation's own cost: a hand-written `Observable` model with the same fields, each read
/// and changed through its registrar, as the `@Observable` macro writes it.
@MainActor
private final class PlainModel: Observable {
  private let registrar = ObservationRegistrar()
  var state = WideState()
  let told = LockIsolated(0)
  private(set) var actions = 0
  private var next = 0
  private let paths: [KeyPath<PlainModel, Int>] = [
    \.state.field0, \.state.field1, \.state.field2, \.state.field3, \.state.field4,
    \.state.field5, \.state.field6, \.state.field7, \.state.field8, \.state.field9,
    \.state.field10, \.state.field11, \.state.field12, \.state.field13, \.state.field14,
    \.state.field15, \.state.field16, \.state.field17, \.state.field18, \.state.field19,
    \.state.field20, \.state.field21, \.state.field22, \.state.field23, \.state.field24,
    \.state.field25, \.state.field26, \.state.field27, \.state.field28, \.state.field29,
    \.state.field30, \.state.field31, \.state.field32, \.state.field33, \.state.field34,
    \.state.field35, \.state.field36, \.state.field37, \.state.field38, \.state.field39,
    \.state.field40, \.state.field41, \.state.field42, \.state.field43, \.state.field44,
    \.state.field45, \.state.field46, \.state.field47, \.state.field48, \.state.field49,
    \.state.field50, \.state.field51, \.state.field52, \.state.field53, \.state.field54,
    \.state.field55, \.state.field56, \.state.field57, \.state.field58, \.state.field59,
    \.state.field60, \.state.field61, \.state.field62, \.state.field63, \.state.field64,
    \.state.field65, \.state.field66, \.state.field67, \.state.field68, \.state.field69,
    \.state.field70, \.state.field71, \.state.field72, \.state.field73, \.state.field74,
    \.state.field75, \.state.field76, \.state.field77, \.state.field78, \.state.field79,
    \.state.field80, \.state.field81, \.state.field82, \.state.field83, \.state.field84,
    \.state.field85, \.state.field86, \.state.field87, \.state.field88, \.state.field89,
    \.state.field90, \.state.field91, \.state.field92, \.state.field93, \.state.field94,
    \.state.field95, \.state.field96, \.state.field97, \.state.field98, \.state.field99,
  ]

  init() {
    for field in paths.indices { track(field) }
  }

  func track(_ field: Int) {
    let path = paths[field]
    withObservationTracking {
      registrar.access(self, keyPath: path)
      blackHole(state[keyPath: fieldPaths[field]])
    } onChange: { [told] in
      told.withLock { $0 += 1 }
    }
  }

  func change(times: Int) {
    for _ in 0..<times {
      let field = next
      next = next == 99 ? 0 : next + 1
      registrar.willSet(self, keyPath: paths[field])
      _ = TrackedReducer().reduce(into: &state, action: .change(field))
      registrar.didSet(self, keyPath: paths[field])
      track(field)
    }
    actions += times
  }
}

@MainActor
private func runObservationSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let subject = TrackedStore()
  let model = PlainModel()
  let comparison = await compare(
    Workload { subject.change(times: $0) },
    against: Workload { model.change(times: $0) },
    batch: .calibrated, settings: settings)
  let observers = ObservedStore()
  let againstObservers = await compare(
    Workload { subject.change(times: $0) },
    against: Workload { observers.change(times: $0) },
    batch: .calibrated, settings: settings)
  var result = SuiteResult(comparison: comparison)
  result.note("fields", fieldPaths.count)
  result.check("tracked_parts", subject.store.trackedPartCount, equals: fieldPaths.count)
  result.check(
    "on_change_per_action", subject.told.withLock { $0 }, per: subject.actions, equals: 1)
  result.check(
    "baseline_on_change_per_action", model.told.withLock { $0 }, per: model.actions, equals: 1)
  result.check(
    "observer_callbacks_per_action", observers.callbacks.count, per: observers.actions, equals: 1)
  result.note("selection_observers_ns", againstObservers.baseline.nanosecondsPerOperation)
  result.note("ratio_to_selection_observers", againstObservers.ratio)
  result.note(
    "observable_model_to_selection_observers",
    comparison.baseline.nanosecondsPerOperation / againstObservers.baseline.nanosecondsPerOperation)
  return result
}

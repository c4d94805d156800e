import Uniflow

// `wide-state`: whether checking what changed costs what the observed parts cost, whatever the
// size of the rest of the state.
//
// Subject: a store whose state has 100 `Int` fields (800 bytes), with 100 observers, one per
// field; each action changes field 0.
// Baseline: a hand-written view model holding the same state, which keeps its previous state,
// compares the 100 fields itself and calls the changed field's observer.
//
// Both sides make exactly 1 callback per action. A store that copied the state for each
// selection would copy 800 bytes 100 times per action; reading each field in place costs
// what the hand-written comparison costs.

extension Suite {
  static var wideState: Suite {
    Suite(
      name: "wide-state",
      summary: "100 observers on 100 fields of a wide state vs. a view model comparing them",
      goal: 2,
      run: runWideStateSuite)
  }
}

/// A wide state: 100 independent values, as a large form or settings screen holds.
private struct WideState {
  var field0 = 0
  var field1 = 0
  var field2 = 0
  var field3 = 0
  var field4 = 0
  var field5 = 0
  var field6 = 0
  var field7 = 0
  var field8 = 0
  var field9 = 0
  var field10 = 0
  var field11 = 0
  var field12 = 0
  var field13 = 0
  var field14 = 0
  var field15 = 0
  var field16 = 0
  var field17 = 0
  var field18 = 0
  var field19 = 0
  var field20 = 0
  var field21 = 0
  var field22 = 0
  var field23 = 0
  var field24 = 0
  var field25 = 0
  var field26 = 0
  var field27 = 0
  var field28 = 0
  var field29 = 0
  var field30 = 0
  var field31 = 0
  var field32 = 0
  var field33 = 0
  var field34 = 0
  var field35 = 0
  var field36 = 0
  var field37 = 0
  var field38 = 0
  var field39 = 0
  var field40 = 0
  var field41 = 0
  var field42 = 0
  var field43 = 0
  var field44 = 0
  var field45 = 0
  var field46 = 0
  var field47 = 0
  var field48 = 0
  var field49 = 0
  var field50 = 0
  var field51 = 0
  var field52 = 0
  var field53 = 0
  var field54 = 0
  var field55 = 0
  var field56 = 0
  var field57 = 0
  var field58 = 0
  var field59 = 0
  var field60 = 0
  var field61 = 0
  var field62 = 0
  var field63 = 0
  var field64 = 0
  var field65 = 0
  var field66 = 0
  var field67 = 0
  var field68 = 0
  var field69 = 0
  var field70 = 0
  var field71 = 0
  var field72 = 0
  var field73 = 0
  var field74 = 0
  var field75 = 0
  var field76 = 0
  var field77 = 0
  var field78 = 0
  var field79 = 0
  var field80 = 0
  var field81 = 0
  var field82 = 0
  var field83 = 0
  var field84 = 0
  var field85 = 0
  var field86 = 0
  var field87 = 0
  var field88 = 0
  var field89 = 0
  var field90 = 0
  var field91 = 0
  var field92 = 0
  var field93 = 0
  var field94 = 0
  var field95 = 0
  var field96 = 0
  var field97 = 0
  var field98 = 0
  var field99 = 0
}

private struct WideReducer: Reducer {
  enum Action { case changeFirstField }

  func reduce(into state: inout WideState, action: Action) -> Effect<Action> {
    state.field0 += 1
    return .none
  }
}

@MainActor private let fieldPaths: [KeyPath<WideState, Int>] = [
  \.field0, \.field1, \.field2, \.field3, \.field4,
  \.field5, \.field6, \.field7, \.field8, \.field9,
  \.field10, \.field11, \.field12, \.field13, \.field14,
  \.field15, \.field16, \.field17, \.field18, \.field19,
  \.field20, \.field21, \.field22, \.field23, \.field24,
  \.field25, \.field26, \.field27, \.field28, \.field29,
  \.field30, \.field31, \.field32, \.field33, \.field34,
  \.field35, \.field36, \.field37, \.field38, \.field39,
  \.field40, \.field41, \.field42, \.field43, \.field44,
  \.field45, \.field46, \.field47, \.field48, \.field49,
  \.field50, \.field51, \.field52, \.field53, \.field54,
  \.field55, \.field56, \.field57, \.field58, \.field59,
  \.field60, \.field61, \.field62, \.field63, \.field64,
  \.field65, \.field66, \.field67, \.field68, \.field69,
  \.field70, \.field71, \.field72, \.field73, \.field74,
  \.field75, \.field76, \.field77, \.field78, \.field79,
  \.field80, \.field81, \.field82, \.field83, \.field84,
  \.field85, \.field86, \.field87, \.field88, \.field89,
  \.field90, \.field91, \.field92, \.field93, \.field94,
  \.field95, \.field96, \.field97, \.field98, \.field99,
]

/// Counts observer callbacks, on either side.
@MainActor
private final class WideCallbacks {
  var count = 0
}

/// The subject: a store with one observer per field.
@MainActor
private final class ObservedWideStore {
  let store = Store(initialState: WideState(), reducer: WideReducer())
  let callbacks = WideCallbacks()
  private(set) var actions = 0
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
    for _ in 0..<times { store.send(.changeFirstField) }
    actions += times
  }
}

/// The baseline: a view model that mutates its state, compares each field with the previous
/// state, and calls the observer of each field that changed.
@MainActor
private final class WideViewModel {
  private(set) var state = WideState()
  private let observers: [(Int) -> Void]
  let callbacks = WideCallbacks()
  private(set) var actions = 0

  init() {
    let callbacks = self.callbacks
    observers = (0..<100).map { _ in
      { value in
        callbacks.count += 1
        blackHole(value)
      }
    }
  }

  func change(times: Int) {
    for _ in 0..<times {
      let old = state
      state.field0 += 1
      notify(old: old, new: state)
    }
    actions += times
  }

  private func notify(old: WideState, new: WideState) {
    if old.field0 != new.field0 { observers[0](new.field0) }
    if old.field1 != new.field1 { observers[1](new.field1) }
    if old.field2 != new.field2 { observers[2](new.field2) }
    if old.field3 != new.field3 { observers[3](new.field3) }
    if old.field4 != new.field4 { observers[4](new.field4) }
    if old.field5 != new.field5 { observers[5](new.field5) }
    if old.field6 != new.field6 { observers[6](new.field6) }
    if old.field7 != new.field7 { observers[7](new.field7) }
    if old.field8 != new.field8 { observers[8](new.field8) }
    if old.field9 != new.field9 { observers[9](new.field9) }
    if old.field10 != new.field10 { observers[10](new.field10) }
    if old.field11 != new.field11 { observers[11](new.field11) }
    if old.field12 != new.field12 { observers[12](new.field12) }
    if old.field13 != new.field13 { observers[13](new.field13) }
    if old.field14 != new.field14 { observers[14](new.field14) }
    if old.field15 != new.field15 { observers[15](new.field15) }
    if old.field16 != new.field16 { observers[16](new.field16) }
    if old.field17 != new.field17 { observers[17](new.field17) }
    if old.field18 != new.field18 { observers[18](new.field18) }
    if old.field19 != new.field19 { observers[19](new.field19) }
    if old.field20 != new.field20 { observers[20](new.field20) }
    if old.field21 != new.field21 { observers[21](new.field21) }
    if old.field22 != new.field22 { observers[22](new.field22) }
    if old.field23 != new.field23 { observers[23](new.field23) }
    if old.field24 != new.field24 { observers[24](new.field24) }
    if old.field25 != new.field25 { observers[25](new.field25) }
    if old.field26 != new.field26 { observers[26](new.field26) }
    if old.field27 != new.field27 { observers[27](new.field27) }
    if old.field28 != new.field28 { observers[28](new.field28) }
    if old.field29 != new.field29 { observers[29](new.field29) }
    if old.field30 != new.field30 { observers[30](new.field30) }
    if old.field31 != new.field31 { observers[31](new.field31) }
    if old.field32 != new.field32 { observers[32](new.field32) }
    if old.field33 != new.field33 { observers[33](new.field33) }
    if old.field34 != new.field34 { observers[34](new.field34) }
    if old.field35 != new.field35 { observers[35](new.field35) }
    if old.field36 != new.field36 { observers[36](new.field36) }
    if old.field37 != new.field37 { observers[37](new.field37) }
    if old.field38 != new.field38 { observers[38](new.field38) }
    if old.field39 != new.field39 { observers[39](new.field39) }
    if old.field40 != new.field40 { observers[40](new.field40) }
    if old.field41 != new.field41 { observers[41](new.field41) }
    if old.field42 != new.field42 { observers[42](new.field42) }
    if old.field43 != new.field43 { observers[43](new.field43) }
    if old.field44 != new.field44 { observers[44](new.field44) }
    if old.field45 != new.field45 { observers[45](new.field45) }
    if old.field46 != new.field46 { observers[46](new.field46) }
    if old.field47 != new.field47 { observers[47](new.field47) }
    if old.field48 != new.field48 { observers[48](new.field48) }
    if old.field49 != new.field49 { observers[49](new.field49) }
    if old.field50 != new.field50 { observers[50](new.field50) }
    if old.field51 != new.field51 { observers[51](new.field51) }
    if old.field52 != new.field52 { observers[52](new.field52) }
    if old.field53 != new.field53 { observers[53](new.field53) }
    if old.field54 != new.field54 { observers[54](new.field54) }
    if old.field55 != new.field55 { observers[55](new.field55) }
    if old.field56 != new.field56 { observers[56](new.field56) }
    if old.field57 != new.field57 { observers[57](new.field57) }
    if old.field58 != new.field58 { observers[58](new.field58) }
    if old.field59 != new.field59 { observers[59](new.field59) }
    if old.field60 != new.field60 { observers[60](new.field60) }
    if old.field61 != new.field61 { observers[61](new.field61) }
    if old.field62 != new.field62 { observers[62](new.field62) }
    if old.field63 != new.field63 { observers[63](new.field63) }
    if old.field64 != new.field64 { observers[64](new.field64) }
    if old.field65 != new.field65 { observers[65](new.field65) }
    if old.field66 != new.field66 { observers[66](new.field66) }
    if old.field67 != new.field67 { observers[67](new.field67) }
    if old.field68 != new.field68 { observers[68](new.field68) }
    if old.field69 != new.field69 { observers[69](new.field69) }
    if old.field70 != new.field70 { observers[70](new.field70) }
    if old.field71 != new.field71 { observers[71](new.field71) }
    if old.field72 != new.field72 { observers[72](new.field72) }
    if old.field73 != new.field73 { observers[73](new.field73) }
    if old.field74 != new.field74 { observers[74](new.field74) }
    if old.field75 != new.field75 { observers[75](new.field75) }
    if old.field76 != new.field76 { observers[76](new.field76) }
    if old.field77 != new.field77 { observers[77](new.field77) }
    if old.field78 != new.field78 { observers[78](new.field78) }
    if old.field79 != new.field79 { observers[79](new.field79) }
    if old.field80 != new.field80 { observers[80](new.field80) }
    if old.field81 != new.field81 { observers[81](new.field81) }
    if old.field82 != new.field82 { observers[82](new.field82) }
    if old.field83 != new.field83 { observers[83](new.field83) }
    if old.field84 != new.field84 { observers[84](new.field84) }
    if old.field85 != new.field85 { observers[85](new.field85) }
    if old.field86 != new.field86 { observers[86](new.field86) }
    if old.field87 != new.field87 { observers[87](new.field87) }
    if old.field88 != new.field88 { observers[88](new.field88) }
    if old.field89 != new.field89 { observers[89](new.field89) }
    if old.field90 != new.field90 { observers[90](new.field90) }
    if old.field91 != new.field91 { observers[91](new.field91) }
    if old.field92 != new.field92 { observers[92](new.field92) }
    if old.field93 != new.field93 { observers[93](new.field93) }
    if old.field94 != new.field94 { observers[94](new.field94) }
    if old.field95 != new.field95 { observers[95](new.field95) }
    if old.field96 != new.field96 { observers[96](new.field96) }
    if old.field97 != new.field97 { observers[97](new.field97) }
    if old.field98 != new.field98 { observers[98](new.field98) }
    if old.field99 != new.field99 { observers[99](new.field99) }
  }
}

@MainActor
private func runWideStateSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let subject = ObservedWideStore()
  let baseline = WideViewModel()
  let comparison = await compare(
    Workload { subject.change(times: $0) },
    against: Workload { baseline.change(times: $0) },
    batch: .calibrated, settings: settings)
  var result = SuiteResult(comparison: comparison)
  result.note("fields", fieldPaths.count)
  result.check("selections", subject.store.observedSelectionCount, equals: fieldPaths.count)
  result.check("callbacks_per_action", subject.callbacks.count, per: subject.actions, equals: 1)
  result.check(
    "baseline_callbacks_per_action", baseline.callbacks.count, per: baseline.actions, equals: 1)
  return result
}

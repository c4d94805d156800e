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

private struct WideReducer: Reducer {
  enum Action { case changeFirstField }

  func reduce(into state: inout WideState, action: Action) -> Effect<Action> {
    state.field0 += 1
    return .none
  }
}

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

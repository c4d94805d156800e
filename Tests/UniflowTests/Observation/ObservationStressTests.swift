import Testing
import Uniflow
import UniflowTestSupport
import UniflowTesting

/// Subscribes, cancels and releases observers, child stores and whole stores at random (from a
/// seed), at the top level and from inside observer callbacks, for thousands of steps. After
/// every step each observer still listening has seen its part's current value, none was called
/// without a change or after its token was cancelled or released, and a released store is
/// freed. Run under AddressSanitizer, it also checks the memory of every pass that changes its
/// own observers.
@MainActor
@Suite struct ObservationStressTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomSubscribingCancellingAndReleasingInsideCallbacksKeepsEveryObserverExact(
    seed: UInt64
  ) throws {
    let stress = ObservationStress(seed: seed)
    for step in 0..<4_000 {
      stress.runStep()
      stress.checkObserversAreUpToDate()
      try #require(stress.violations.isEmpty, "seed \(seed), step \(step): \(stress.violations)")
    }
    #expect(stress.callbackCount > 1_000, "the callbacks must have run to change anything")
    #expect(stress.operationsInCallbacks > 500, "callbacks must have changed the observers")

    // Every token gone, the store keeps no selection, and is freed once released.
    weak let root = stress.root
    stress.releaseEveryToken()
    root?.send(.pair(.left(.increment)))
    #expect(root?.observedSelectionCount == 0)
    stress.releaseRoot()
    #expect(root == nil)
    #expect(stress.violations.isEmpty)
  }
}

/// The part of the state an observer watches: a counter of the pair.
private enum Part: CaseIterable {
  case left, right

  func value(in state: AppFeature.State) -> Int {
    switch self {
    case .left: state.pair.left.count
    case .right: state.pair.right.count
    }
  }

  var increment: AppFeature.Action {
    switch self {
    case .left: .pair(.left(.increment))
    case .right: .pair(.right(.increment))
    }
  }
}

/// One observer, and what it has seen.
@MainActor
private final class Observer {
  let id: Int
  let part: Part
  /// The root store it observes, by the number of roots made before it.
  let generation: Int
  var token: ObservationToken?
  /// False once its token was cancelled or released: from then on it must not be called.
  var isListening = true
  var lastSeen: Int

  init(id: Int, part: Part, generation: Int, lastSeen: Int) {
    self.id = id
    self.part = part
    self.generation = generation
    self.lastSeen = lastSeen
  }
}

/// The random operations, and the bookkeeping that checks their outcome.
@MainActor
private final class ObservationStress {
  private var random: SplitMix64
  private(set) var root: StoreOf<AppFeature>?
  private var generation = 0
  private var generationAtStart = 0
  /// The root made before the last replacement, until the step that replaced it ends.
  private weak var replacedRoot: StoreOf<AppFeature>?
  private var pairStores: [Store<Pair.State, Pair.Action>] = []
  private var counterStores: [(Part, Store<SlowCounter.State, SlowCounter.Action>)] = []
  private var observers: [Observer] = []
  /// How many more operations callbacks may start in this step, so that a step ends.
  private var budget = 0
  private(set) var violations: [String] = []
  private(set) var callbackCount = 0
  private(set) var operationsInCallbacks = 0

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    root = Self.makeRoot()
  }

  private static func makeRoot() -> StoreOf<AppFeature> {
    Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
  }

  /// One operation at the top level; callbacks may start up to 20 more.
  func runStep() {
    budget = 20
    generationAtStart = generation
    runOperation()
    if let replacedRoot {
      violations.append("a replaced root store is still alive: \(replacedRoot)")
    }
  }

  /// A number in `0..<count`, from the seed.
  private func roll(_ count: Int) -> Int {
    Int(random.next(upperBound: UInt64(count)))
  }

  private func runOperation() {
    switch roll(100) {
    case 0..<35: send()
    case 35..<55: subscribe()
    case 55..<65: cancelToken()
    case 65..<75: releaseToken()
    case 75..<85: scope()
    case 85..<95: releaseChildStore()
    default: replaceRoot()
    }
  }

  private func send() {
    guard let root else { return }
    let part = Part.allCases[roll(2)]
    switch roll(4) {
    case 0:
      // Through a child store, when there is one.
      if let counter = counterStores.filter({ $0.0 == part }).randomElement(using: &random) {
        counter.1.send(.increment)
      } else {
        root.send(part.increment)
      }
    case 1:
      // An action that changes no observed part.
      root.send(roll(2) == 0 ? .showDetail : .closeDetail)
    default:
      root.send(part.increment)
    }
  }

  private func subscribe() {
    guard let root else { return }
    let part = Part.allCases[roll(2)]
    let observer = Observer(
      id: observers.count, part: part, generation: generation,
      lastSeen: part.value(in: root.state))
    let onChange: (Int) -> Void = { [weak self, weak observer] value in
      guard let self, let observer else { return }
      self.observed(value, by: observer)
    }
    switch roll(3) {
    case 0:
      let keyPath: KeyPath<AppFeature.State, Int> =
        part == .left ? \.pair.left.count : \.pair.right.count
      observer.token = root.observe(keyPath, onChange: onChange)
    case 1:
      let pair = pairStores.randomElement(using: &random) ?? Self.pairStore(of: root)
      observer.token = pair.observe(part == .left ? \.left.count : \.right.count, onChange: onChange)
    default:
      // Often through a child store that is released at once: the token keeps the observer.
      let counter =
        counterStores.filter { $0.0 == part }.randomElement(using: &random)?.1
        ?? Self.counterStore(of: root, part: part)
      observer.token = counter.observe(\.count, onChange: onChange)
    }
    observers.append(observer)
  }

  private func observed(_ value: Int, by observer: Observer) {
    callbackCount += 1
    guard observer.isListening else {
      violations.append("observer \(observer.id) was called after its token was cancelled")
      return
    }
    if observer.generation < generationAtStart {
      violations.append("observer \(observer.id) was called by a released store")
    }
    // An observer of a root replaced during this step may finish the pass it is in.
    if observer.generation == generation, let root {
      let current = observer.part.value(in: root.state)
      if value != current {
        violations.append("observer \(observer.id) got \(value), the state holds \(current)")
      }
    }
    if value == observer.lastSeen {
      violations.append("observer \(observer.id) was called without a change (\(value))")
    }
    observer.lastSeen = value
    while budget > 0, roll(3) == 0 {
      budget -= 1
      operationsInCallbacks += 1
      runOperation()
    }
  }

  private func randomListeningObserver() -> Observer? {
    let listening = observers.filter(\.isListening)
    return listening.randomElement(using: &random)
  }

  private func cancelToken() {
    guard let observer = randomListeningObserver() else { return }
    observer.isListening = false
    observer.token?.cancel()
  }

  private func releaseToken() {
    guard let observer = randomListeningObserver() else { return }
    observer.isListening = false
    observer.token = nil
  }

  private func scope() {
    guard let root else { return }
    let part = Part.allCases[roll(2)]
    if roll(2) == 0 {
      pairStores.append(Self.pairStore(of: root))
    } else {
      let parent = pairStores.randomElement(using: &random)
      counterStores.append(
        (
          part,
          parent.map { Self.counterStore(of: $0, part: part) } ?? Self.counterStore(of: root, part: part)
        ))
    }
  }

  private func releaseChildStore() {
    if roll(2) == 0, !pairStores.isEmpty {
      pairStores.remove(at: roll(pairStores.count))
    } else if !counterStores.isEmpty {
      counterStores.remove(at: roll(counterStores.count))
    }
  }

  /// Releases the root store (maybe from inside one of its own callbacks) and its child stores,
  /// and makes a new one; the tokens of the old one stay, and their observers must never be
  /// called again.
  private func replaceRoot() {
    replacedRoot = root
    pairStores = []
    counterStores = []
    root = Self.makeRoot()
    generation += 1
  }

  private static func pairStore(of root: StoreOf<AppFeature>) -> Store<Pair.State, Pair.Action> {
    root.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
  }

  private static func counterStore(
    of root: StoreOf<AppFeature>, part: Part
  ) -> Store<SlowCounter.State, SlowCounter.Action> {
    counterStore(of: pairStore(of: root), part: part)
  }

  private static func counterStore(
    of pair: Store<Pair.State, Pair.Action>, part: Part
  ) -> Store<SlowCounter.State, SlowCounter.Action> {
    switch part {
    case .left: pair.scope(state: \.left, action: ActionCase(Pair.Action.left))
    case .right: pair.scope(state: \.right, action: ActionCase(Pair.Action.right))
    }
  }

  /// Checks that every observer of the current root that still listens has seen its part's
  /// current value: no change was skipped.
  func checkObserversAreUpToDate() {
    guard let root else { return }
    for observer in observers where observer.isListening && observer.generation == generation {
      let current = observer.part.value(in: root.state)
      if observer.lastSeen != current {
        violations.append(
          "observer \(observer.id) last saw \(observer.lastSeen), the state holds \(current)")
      }
    }
  }

  func releaseEveryToken() {
    for observer in observers {
      observer.isListening = false
      observer.token = nil
    }
    pairStores = []
    counterStores = []
  }

  func releaseRoot() {
    root = nil
  }
}

/// A store for tests: it runs a feature's real reducer and effects, and makes the test describe
/// exactly how the state changes and which actions the effects send back.
///
/// ```swift
/// @MainActor
/// @Test func loadingTodos() async {
///   let store = TestStore(initialState: Todos.State()) {
///     Todos(repository: FakeRepository(todos: [milk]))
///   }
///
///   await store.send(.refresh) { $0.isLoading = true }
///   await store.receive(.loaded([milk])) {
///     $0.isLoading = false
///     $0.todos = [milk]
///   }
/// }
/// ```
///
/// ``send(_:assert:fileID:filePath:line:column:)`` sends an action and checks that the state
/// after it is the state before it with exactly the closure's changes applied. `receive` takes
/// the next action the feature sent itself (an `Effect.send(_:)` follow-up, or an action from an
/// `Effect.run(priority:operation:catch:)` effect), checks it, and checks its state change the
/// same way. ``finish(timeout:fileID:filePath:line:column:)`` waits for the effects to end.
///
/// Effects run on the main actor, one piece of work at a time, in the order the work becomes
/// ready: effects that race take turns in the same order in every run of a test (unless the
/// store is made with `runsEffectsInOrder: false`).
///
/// ## Exhaustive by default
///
/// A test fails when:
///
/// - the state after an action differs from the expected one, whether the test described a
///   change wrongly or left one out; the failure lists each differing part of the state, as
///   ``ValueDiff`` shows it:
///
///   ```
///   State changed differently than expected:
///     todos[id: 2].isDone: expected true, actual false
///   State changes the test did not describe:
///     isLoading: expected false, actual true
///   ```
///
/// - the feature sent itself an action that the test did not receive before sending its next
///   action or before the store was released;
/// - an effect is still running when the store is released (or when
///   ``finish(timeout:fileID:filePath:line:column:)`` gives up), so that a forgotten timer or
///   subscription cannot pass silently;
/// - the store reports a diagnostic: an action cycle, or an effect error that no `catch` handled.
///
/// Integration-style tests that check only part of the behaviour set ``exhaustivity`` to
/// ``Exhaustivity/off``.
///
/// ## Failures
///
/// Failures are reported at the line of the `send`, `receive` or `finish` call that detected
/// them, to Swift Testing when a Swift Testing test is running and to XCTest otherwise. Failures
/// found when the store is released (actions not received, effects still running) are reported
/// at the last `send`, `receive` or `finish`, and at the `send` that started the effect.
///
/// ## Waiting without sleeping
///
/// `receive` and `finish` wait for events, not for time: an action arriving, or the last effect
/// ending. They stop waiting early, with a failure, when no effect is left that could send the
/// expected action. Only when effects are still running but silent (an effect sleeping on a
/// ``TestClock`` that the test has not advanced, a subscription that never emits) do they give up
/// after ``timeout``, measured on the `timeoutClock` passed at creation. The timeout only bounds
/// how long a failing test takes; a passing test never waits for it.
///
/// ## State that is not `Equatable`
///
/// A state is compared with `==` when it is `Equatable`. A state that is not (it holds an
/// error, or an object without `==`) is compared by its dump, the structural rendering that
/// the failure messages show (see ``ValueDump``): two states are the same when their dumps
/// are, so a difference no dump shows (inside a closure) goes unseen.
///
/// - Note: The state must be a value type: the store keeps the state after each action to
///   compare it, which copies the parts of it that the next action changes.
@MainActor
public final class TestStore<State, Action> {
  /// How strictly the test must describe the feature's behaviour; ``Exhaustivity/on`` by
  /// default. It may change in the middle of a test.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive` and ``finish(timeout:fileID:filePath:line:column:)`` wait while effects are running but no
  /// action comes, before they fail; one second unless given at creation.
  public var timeout: Duration

  let store: Store<State, Action>
  /// The tracker handed to the store, with ``sharedRecorder`` as its interceptor.
  let sharedTracker: SharedChangeTracker
  /// Records the shared values each action changes, and sends the changes an assertion makes
  /// to expected values.
  let sharedRecorder: SharedChangeRecorder

  /// The state after the last action the test accounted for, by asserting or skipping it.
  var baselineState: State
  /// Where the last `send` or `receive` was called; failures found later are reported there.
  var currentSite: CallSite

  /// Whether a `send` of the test is running, and the action it sent, once processed.
  var isSending = false
  var sentAction: (action: Action, state: State, sharedChanges: [SharedChange])?
  /// The state after a chain of actions that the loop guard stopped during a `send`: the
  /// starting point of the next assertion.
  var stateAfterStoppedChain: State?

  /// Actions the feature sent itself that the test has not received yet, with the state after
  /// each.
  var received: [ReceivedAction] = [] {
    didSet { receivedDescriptions = received.map(\.description) }
  }
  /// The received actions, rendered, for the check when the store is released.
  private var receivedDescriptions: [String] = []

  /// The sends whose effects are still running, by the order they were sent in.
  var pendingEffects: [Int: PendingEffect] = [:]
  private var nextEffectID = 0

  /// Wakes the tasks waiting for an action or for effects to end.
  let events: EventWaiter

  struct ReceivedAction {
    let action: Action
    let state: State
    /// The shared values the action changed.
    let sharedChanges: [SharedChange]
    let description: String
  }

  struct PendingEffect: Sendable {
    let task: StoreTask
    let action: String
    let site: CallSite
    var isReported = false
  }

  /// Creates a test store around a feature's reducer.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Counter.State(), reducer: Counter())
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer, with test doubles for its dependencies.
  ///   - timeout: How long to wait for an action or for effects to end while effects are
  ///     running, before failing.
  ///   - timeoutClock: The clock that measures `timeout`; the continuous clock unless a test of
  ///     the timeout itself needs a ``TestClock``.
  ///   - runsEffectsInOrder: Whether effects run on the main actor, one piece of work at a time,
  ///     in the order it becomes ready, so that racing effects take turns in the same order in
  ///     every run (the default). `false` runs them on the global concurrent executor, as a
  ///     store in an app does: for effects that block their thread until the main thread does
  ///     something (`DispatchQueue.main.sync`), which would wait forever on the main actor.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    timeout: Duration = .seconds(1),
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    runsEffectsInOrder: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let link = TestStoreLink<State, Action>()
    // The feature runs as a store runs it: its body evaluated once.
    let (reduce, appearance) = reducer._storeParts()
    // The features present in the initial state appear with the store, as in a store.
    var initialState = initialState
    let appearanceWork = appearance?(&initialState) ?? .none
    let sharedRecorder = SharedChangeRecorder()
    let sharedTracker = SharedChangeTracker(interceptor: sharedRecorder)
    let recording = Reduce<State, Action> { state, action in
      // The shared values the action changes are recorded with the state after it, those the
      // state came to hold after the store was made included.
      let (effect, sharedChanges) = sharedRecorder.recording {
        sharedTracker.tracking { reduce(&state, action) }
      }
      link.testStore?.didProcess(action, state: state, sharedChanges: sharedChanges)
      return effect
    }
    var configuration = StoreConfiguration { diagnostic in
      link.testStore?.didDiagnose(diagnostic)
    }
    configuration.sharedChangeTracker = sharedTracker
    self.sharedTracker = sharedTracker
    self.sharedRecorder = sharedRecorder
    if runsEffectsInOrder {
      // The test awaits between its steps: main-actor tasks run the effects' work meanwhile.
      configuration.effectExecutor = EffectExecutor(isAttended: false)
    }
    self.store = Store(initialState: initialState, reducer: recording, configuration: configuration)
    self.timeout = timeout
    self.events = EventWaiter(clock: timeoutClock)
    self.baselineState = initialState
    self.currentSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    link.testStore = self
    // The actions it sends, the test receives; its effects are followed as a send's are.
    _ = track(store.start(appearanceWork), startedBy: "the store's creation", at: currentSite)
  }

  /// Creates a test store whose reducer is built from a list of reducers.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Search.State()) {
  ///   Search(api: FakeSearchAPI(), clock: clock)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - timeout: How long to wait for an action or for effects to end while effects are
  ///     running, before failing.
  ///   - timeoutClock: The clock that measures `timeout`.
  ///   - runsEffectsInOrder: Whether effects run on the main actor, one piece of work at a time,
  ///     in the order it becomes ready (the default), or on the global concurrent executor, as
  ///     in an app; see ``init(initialState:reducer:timeout:timeoutClock:runsEffectsInOrder:fileID:filePath:line:column:)``.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  ///   - reducer: The reducers, run in order for every action.
  public convenience init<R: Reducer>(
    initialState: State,
    timeout: Duration = .seconds(1),
    timeoutClock: any Clock<Duration> = ContinuousClock(),
    runsEffectsInOrder: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    @ReducerBuilder<State, Action> reducer: () -> R
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reducer: reducer(), timeout: timeout, timeoutClock: timeoutClock,
      runsEffectsInOrder: runsEffectsInOrder, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  deinit {
    switch exhaustivity {
    case .on:
      if !receivedDescriptions.isEmpty {
        reportFailure(
          unreceivedActionsMessage(receivedDescriptions, ending: "when the store was released"),
          at: currentSite)
      }
      for (_, effect) in pendingEffects.sorted(by: { $0.key < $1.key }) where !effect.isReported {
        reportFailure(runningEffectMessage(startedBy: effect.action), at: effect.site)
      }
    case .off(let showSkippedAssertions):
      guard showSkippedAssertions else { return }
      if !receivedDescriptions.isEmpty {
        reportSkipped(
          "Skipped \(counted(receivedDescriptions.count, "received action")):\n"
            + indented(receivedDescriptions), at: currentSite)
      }
      for (_, effect) in pendingEffects.sorted(by: { $0.key < $1.key }) where !effect.isReported {
        reportSkipped("Cancelled the still running effect started by \(effect.action).", at: effect.site)
      }
    }
  }

  /// The current state of the feature, after every action processed so far.
  public var state: State {
    store.state
  }

  /// Sends an action and checks that it changes the state exactly as `updateStateToExpectedResult`
  /// describes.
  ///
  /// ```swift
  /// await store.send(.addTapped) {
  ///   $0.todos = [Todo(id: 0, title: "")]
  ///   $0.focus = 0
  /// }
  /// await store.send(.filterChanged(.all))   // the state must not change
  /// ```
  ///
  /// The closure receives the state as it was before the action; it should change it to what it
  /// must be after the action. Assigning absolute values (`$0.count = 2`) reads best; relative
  /// changes (`$0.count += 1`) work too. Without a closure, the action must not change the state.
  ///
  /// With exhaustivity on, the test must first have received every action the feature sent
  /// itself. Follow-up actions of this one (`Effect.send(_:)`) and actions its effects send
  /// later are to be received with `receive`.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Changes the state before the action into the state
  ///     expected after it. Errors it throws are test failures.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  /// - Returns: The effects the action started, to await or cancel.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    currentSite = site
    let description = ValueDump(action).description
    if !received.isEmpty {
      switch exhaustivity {
      case .on:
        reportFailure(
          unreceivedActionsMessage(received.map(\.description), ending: "before sending \(description)"),
          at: site)
      case .off(let showSkippedAssertions):
        if showSkippedAssertions {
          reportSkipped(
            "Skipped \(counted(received.count, "received action")):\n"
              + indented(received.map(\.description)), at: site)
        }
      }
      skipReceived()
    }

    let before = baselineState
    isSending = true
    let task = store.send(action)
    isSending = false
    let sent = sentAction
    sentAction = nil
    let effectID = track(task, startedBy: description, at: site)
    if let sent {
      baselineState = sent.state
      assertState(
        before: before, actual: sent.state, sharedChanges: sent.sharedChanges,
        expectedBy: updateStateToExpectedResult, at: site)
      if let stateAfterStoppedChain {
        baselineState = stateAfterStoppedChain
        self.stateAfterStoppedChain = nil
      }
    } else {
      reportFailure(
        "The store did not process \(description): it was sent while the store was busy.", at: site)
    }
    await yieldToReadyTasks { self.pendingEffects.isEmpty }
    return TestStoreTask(task, effectID: effectID, owner: self)
  }

  /// Drops the received actions the test has not received, taking the state after them as the
  /// starting point of the next assertion.
  ///
  /// Use it in an exhaustive test to step over actions that do not matter to it:
  ///
  /// ```swift
  /// await store.send(.appLaunched)
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// It first lets effects that are about to send their actions do so; actions that arrive later
  /// are still to be received.
  public func skipReceivedActions() async {
    await yieldToReadyTasks { self.pendingEffects.isEmpty }
    skipReceived()
  }

  /// Cancels every effect still running and waits until they have ended, so that the release of
  /// the store does not report them.
  ///
  /// ```swift
  /// await store.send(.onAppear)          // starts a long-lived subscription
  /// // … the assertions the test is about …
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func skipInFlightEffects(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    for effect in pendingEffects.values { effect.task.cancel() }
    guard await events.wait(timeout: timeout, until: { pendingEffects.isEmpty }) else {
      reportUnfinishedEffects(after: "being cancelled, within \(timeout)", at: site)
      return
    }
  }

  // MARK: - Recording

  /// Called by the reducer for every action the store processes, with the state after it.
  func didProcess(_ action: Action, state: State, sharedChanges: [SharedChange]) {
    if isSending, sentAction == nil {
      sentAction = (action, state, sharedChanges)
      return
    }
    received.append(
      ReceivedAction(
        action: action, state: state, sharedChanges: sharedChanges,
        description: ValueDump(action).description))
    events.signal()
  }

  /// Called for every diagnostic of the store: each is a failure of the test.
  ///
  /// An action cycle, or a loop through effects, is one failure, naming the cycle: the actions
  /// of the stopped chain are skipped rather than each reported as not received.
  func didDiagnose(_ diagnostic: StoreDiagnostic) {
    var message = "The store reported a problem: \(diagnostic.description)"
    if diagnostic.stopsAChain, let last = received.last {
      message +=
        "\nThe \(counted(received.count, "action")) received before it was stopped "
        + "\(received.count == 1 ? "is" : "are") skipped; the next assertion starts from the state "
        + "after \(received.count == 1 ? "it" : "the last of them")."
      if isSending { stateAfterStoppedChain = last.state }
      skipReceived()
    }
    reportFailure(message, at: currentSite)
  }

  /// Drops the received actions, moving the baseline to the state after the last of them.
  func skipReceived() {
    guard let last = received.last else { return }
    baselineState = last.state
    received.removeAll()
  }

  // MARK: - Effects

  /// Follows the effects of a send until they end; `nil` when it started none.
  private func track(_ task: StoreTask, startedBy action: String, at site: CallSite) -> Int? {
    guard !task.isFinished else { return nil }
    let id = nextEffectID
    nextEffectID += 1
    pendingEffects[id] = PendingEffect(task: task, action: action, site: site)
    Task { [weak self] in
      await task.finish()
      self?.pendingEffects[id] = nil
      self?.events.signal()
    }
    return id
  }

  /// Reports every effect still running, at `site`, so that the release of the store does not
  /// report them again.
  func reportUnfinishedEffects(after waiting: String, at site: CallSite) {
    let running = pendingEffects.sorted { $0.key < $1.key }
    guard !running.isEmpty else { return }
    for id in pendingEffects.keys { pendingEffects[id]?.isReported = true }
    let lines = running.map { "started by \($0.value.action) at \($0.value.site.shortDescription)" }
    reportFailure(
      "\(counted(running.count, "send")) still \(running.count == 1 ? "has" : "have") effects "
        + "running after \(waiting):\n" + indented(lines),
      at: site)
  }
}

extension StoreDiagnostic {
  /// Whether the store stopped a chain of actions: the actions it processed before are the
  /// chain's, not ones the test expects.
  fileprivate var stopsAChain: Bool {
    switch self {
    case .actionCycle, .effectCycle: true
    case .unhandledEffectError, .stackElementMissing, .dismissalIgnored, .sharedStorageFailed,
      .undoHistoryCleared:
      false
    }
  }
}

/// Lets the store's reducer and diagnostic handler reach the test store without keeping it
/// alive.
@MainActor
final class TestStoreLink<State, Action> {
  weak var testStore: TestStore<State, Action>?
  nonisolated init() {}
}

/// A view model backed by a store: its outputs are selections of the store's state, its
/// inputs send the store actions, and its start-up work runs as long as it lives.
///
/// Subclass it, and give the subclass an `input` and an `output`: a struct of ``InputAction``s
/// (what a view may tell it) and a struct of ``OutputValue``s and ``OutputEvent``s (what a view
/// shows). The view is given the view model and uses nothing else. (There is no protocol for
/// that pair: one would constrain nothing a view could rely on.)
///
/// ```swift
/// final class ContentViewModel: StoreViewModel<Content.State, Content.Action> {
///   struct Input {
///     let reload: InputAction<Void>
///     let select: InputAction<String>
///   }
///   struct Output {
///     let content: OutputValue<[String]>
///     let showDetail: OutputEvent<String>
///   }
///   let input: Input
///   let output: Output
///
///   override init(store: StoreOf<Content>) {
///     input = Input(reload: InputAction(store: store, action: .reload), select: InputAction(store: store, action: Content.Action.select))
///     output = Output(
///       content: OutputValue.selecting(\.content, in: store),
///       showDetail: OutputEvent.extracting(in: store) { action in
///         if case .select(let item) = action { item } else { nil }
///       })
///     super.init(store: store)
///   }
/// }
/// ```
///
/// The inputs and outputs are made before `super.init`, from the store, with one spelling:
/// `InputAction(store:action:)`, `OutputValue.selecting(_:in:)` and
/// `OutputEvent.extracting(in:_:)`.
///
/// The store may be a root store, or a child store scoped from the app's single store: every
/// input still passes through the root, where middleware sees it, and every event hears the
/// store's own actions, however they reached the root. For events, scope the child's store with
/// an `ActionCase`: see `OutputEvent.extracting(in:_:)`.
///
/// **Lifetime.** The view model holds its store; the store holds nothing of the view model.
/// Releasing the view model releases its outputs, which end their store subscriptions, and
/// cancels the work started with ``startUp(_:)``.
@MainActor
open class StoreViewModel<State, Action> {
  /// The store the view model reads and sends to.
  public let store: Store<State, Action>

  /// The start-up work still to cancel when the view model goes. A lock-guarded list, because
  /// `deinit` may run off the main actor.
  private let startUpTasks = LockIsolated<[StoreTask]>([])

  /// Creates a view model on a store.
  ///
  /// - Parameter store: The store, often a child store scoped for this screen.
  public init(store: Store<State, Action>) {
    self.store = store
  }

  deinit {
    let tasks = startUpTasks.withLock { tasks in
      defer { tasks = [] }
      return tasks
    }
    guard !tasks.isEmpty else { return }
    // A view model is usually released on the main actor, but `deinit` cannot know it: the
    // cancellation is scheduled there, and runs before any later main-actor work.
    Task { @MainActor in
      for task in tasks { task.cancel() }
    }
  }

  /// A two-way binding to a part of the state, for a form field: it reads the part, and
  /// setting it sends the action `send` makes of the new value.
  ///
  /// ```swift
  /// let name = viewModel.binding(\.name, send: Profile.Action.rename)
  /// name.value = "Grace"   // sends .rename("Grace") to the view model's store
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state.
  ///   - send: Makes the action for a new value.
  /// - Returns: The binding; setting the current value again sends nothing.
  public func binding<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, send: @escaping (Value) -> Action
  ) -> StoreBinding<Value> {
    store.binding(keyPath, send: send)
  }

  /// Sends an action whose effects run as long as the view model: binding a repository's
  /// stream into the state, a timer, a subscription to a socket.
  ///
  /// ```swift
  /// init(store: StoreOf<Todos>) {
  ///   …
  ///   super.init(store: store)
  ///   startUp(.bindRepository)
  /// }
  /// ```
  ///
  /// The effects of the action (and of the actions they send) are cancelled when the view
  /// model is released, or earlier with the returned task: no `.unbind` action is needed. If
  /// the store goes first, releasing the store cancels them.
  ///
  /// - Parameter action: The action that starts the work.
  /// - Returns: The work's task, to await or cancel it before the view model goes.
  @discardableResult
  public func startUp(_ action: Action) -> StoreTask {
    let task = store.send(action)
    if !task.isFinished {
      startUpTasks.withLock { $0.append(task) }
    }
    return task
  }
}

import Uniflow

/// The view model of a navigation stack in a store's state: its depth, a view model per
/// screen, and the pushes and pops for a navigation controller to apply.
///
/// ```swift
/// let navigation = StackViewModel(store: store, stack: \.path, action: App.Action.path) {
///   screenStore in ScreenViewModel(store: screenStore)
/// }
/// navigation.changes.observe(owner: self) { controller, changes in
///   controller.pop(changes.popped.count)
///   for id in changes.pushed { controller.push(navigation.screen(id: id)!) }
/// }
/// ```
///
/// The view model follows the stack in the store: after each action that pushed or popped, it
/// updates ``ids`` and ``depth``, releases the view models of the screens that left, and then
/// emits ``changes``, so an observer of ``changes`` reads the new stack. A screen's view model
/// is made on first use from a store scoped to that screen with `scope(id:in:action:)`, and
/// kept while the screen is on the stack; its events hear its own screen's actions.
///
/// - Complexity: An action that does not push or pop costs one comparison of the identifiers.
@MainActor
public final class StackViewModel<Element, Screen> {
  /// The number of screens on the stack, above the root screen.
  public let depth: OutputValue<Int>
  /// The pushes and pops, one emission per action that pushed or popped.
  public let changes: OutputEvent<StackChanges>
  /// The identifiers of the screens as last shown, bottom first.
  public private(set) var ids: [StackElementID]

  private var screens: [StackElementID: Screen] = [:]
  private let makeScreen: (StackElementID) -> Screen?
  private var subscription: ObservationToken?

  /// Creates the view model of a navigation stack.
  ///
  /// - Parameters:
  ///   - store: The store that holds the stack.
  ///   - stack: The stack.
  ///   - action: Embeds a stack action into the store's action type, usually its case. A
  ///     screen's store finds its own actions by reflection on the case, while it has action
  ///     listeners, so a screen view model's events hear them.
  ///   - screen: Makes a screen's view model from the screen's store.
  public convenience init<State, Action, ElementAction>(
    store: Store<State, Action>,
    stack: KeyPath<State, StackState<Element>>,
    action: @escaping (consuming StackAction<Element, ElementAction>) -> Action,
    screen: @escaping (Store<Element, ElementAction>) -> Screen
  ) {
    let extract = reflectedExtraction(of: action)
    self.init(
      store: store, stack: stack,
      screenStore: { id in
        store.scope(id: id, in: stack, action: action, extract: extract, tracked: false)
      }, screen: screen)
  }

  /// Creates the view model of a navigation stack whose case is given as an `ActionCase`: each
  /// screen's store observes its own screen's actions, for a screen view model's events,
  /// without reflection.
  ///
  /// - Parameters:
  ///   - store: The store that holds the stack.
  ///   - stack: The stack.
  ///   - action: The case of the store's action type that carries stack actions.
  ///   - screen: Makes a screen's view model from the screen's store.
  public convenience init<State, Action, ElementAction>(
    store: Store<State, Action>,
    stack: KeyPath<State, StackState<Element>>,
    action: ActionCase<Action, StackAction<Element, ElementAction>>,
    screen: @escaping (Store<Element, ElementAction>) -> Screen
  ) {
    self.init(
      store: store, stack: stack,
      screenStore: { id in
        store.scope(
          id: id, in: stack, action: action.embed, extract: action.extract, tracked: false)
      }, screen: screen)
  }

  /// Creates the view model of a navigation stack whose screen stores `screenStore` makes.
  private init<State, Action, ElementAction>(
    store: Store<State, Action>,
    stack: KeyPath<State, StackState<Element>>,
    screenStore: @escaping (StackElementID) -> Store<Element, ElementAction>?,
    screen: @escaping (Store<Element, ElementAction>) -> Screen
  ) {
    let ids = store.state[keyPath: stack].ids
    self.ids = ids
    depth = OutputValue(ids.count, isDuplicate: { $0 == $1 })
    changes = OutputEvent()
    makeScreen = { id in screenStore(id).map(screen) }
    subscription = store.observe({ $0[keyPath: stack].ids }) { [weak self] ids in
      self?.show(ids)
    }
  }

  /// The view model of the screen with an identifier.
  ///
  /// - Parameter id: The screen's identifier.
  /// - Returns: The screen's view model, the same instance as long as the screen is on the
  ///   stack; `nil` if it is not.
  public func screen(id: StackElementID) -> Screen? {
    if let screen = screens[id] { return screen }
    guard ids.contains(id), let screen = makeScreen(id) else { return nil }
    screens[id] = screen
    return screen
  }

  /// The number of screen view models made and still kept; for diagnostics and tests.
  public var screenViewModelCount: Int {
    screens.count
  }

  private func show(_ newIDs: [StackElementID]) {
    let stackChanges = StackChanges(from: ids, to: newIDs)
    ids = newIDs
    // A screen popped and pushed again (above a screen removed from the middle) keeps its
    // view model.
    for id in stackChanges.popped where !stackChanges.pushed.contains(id) { screens[id] = nil }
    depth.update(newIDs.count)
    if !stackChanges.isEmpty { changes.emit(stackChanges) }
  }
}

@available(*, unavailable)
extension StackViewModel: Sendable {}

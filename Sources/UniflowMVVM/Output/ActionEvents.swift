/// Turns the actions a store processes into ``OutputEvent``s for view models, through a
/// middleware on the root store.
///
/// Superseded by `OutputEvent.extracting(in:_:)`, which derives an event from the store a view
/// model is given, root or scoped, with no second object to pass in; new code should use that
/// one spelling. This type keeps working for code written against it.
///
/// Install its ``middleware`` on the root store, then give view models events derived from
/// actions (a view model on a scoped store takes ``scope(state:action:)``, typed as its
/// store):
///
/// ```swift
/// let events = ActionEvents<Content.State, Content.Action>()
/// let store = Store(initialState: Content.State(), reducer: Content(), middleware: [events.middleware])
///
/// let showDetail: OutputEvent<String> = events.event { action in
///   if case .select(let item) = action { item } else { nil }
/// }
/// ```
///
/// Every action the store processes — sent by a view model's input, chained by `.send`, or
/// sent back by an effect — is offered to each live event, after the reducer and the
/// middleware before this one have seen it. An event fires once per action it extracts a value
/// from, so the same action twice fires twice. See ``OutputEvent`` for why events come from
/// actions.
///
/// The events hold no reference to the store, and this object holds its events weakly:
/// releasing a view model releases its events, and they stop being offered actions.
///
/// - Complexity: Each action costs one call of each live event's `extract`.
@MainActor
public final class ActionEvents<State, Action> {
  private struct Route {
    weak var event: AnyObject?
    let deliver: (Action, State) -> Void
  }

  private var routes: [Route] = []
  /// For events scoped to a child feature: the root's events, kept alive by every event made
  /// here, since nothing else holds a scoped source.
  private var parent: AnyObject?

  /// Creates the source of events; install its ``middleware`` on the store.
  public init() {}

  /// The middleware to install on the store whose actions become events.
  ///
  /// It keeps this object alive as long as the store.
  public var middleware: Middleware<State, Action> {
    Middleware { [self] action, state, _ in offer(action, state) }
  }

  /// An event that fires with the value `extract` finds in an action.
  ///
  /// - Parameter extract: Returns the event's value for the actions that make the event, and
  ///   `nil` for the others.
  /// - Returns: The event; it stops receiving actions when it is released.
  public func event<Value>(_ extract: @escaping (Action) -> Value?) -> OutputEvent<Value> {
    event { action, _ in extract(action) }
  }

  /// An event that fires with the value `extract` finds in an action and the state after it.
  ///
  /// ```swift
  /// let failed: OutputEvent<String> = events.event { action, state in
  ///   if case .loadFailed = action { state.errorMessage } else { nil }
  /// }
  /// ```
  ///
  /// - Parameter extract: Returns the event's value for the actions that make the event, and
  ///   `nil` for the others.
  /// - Returns: The event; it stops receiving actions when it is released.
  public func event<Value>(
    _ extract: @escaping (_ action: Action, _ state: State) -> Value?
  ) -> OutputEvent<Value> {
    let event = OutputEvent<Value>()
    if parent != nil { event.retain(source: self) }
    routes.removeAll { $0.event == nil }
    routes.append(
      Route(event: event) { [weak event] action, state in
        guard let event, let value = extract(action, state) else { return }
        event.emit(value)
      })
    return event
  }

  /// The events of a child feature: its actions and its part of the state, typed as the child
  /// store's, so that a view model on a scoped store derives its events as it would on a root
  /// store.
  ///
  /// ```swift
  /// let profileEvents = events.scope(state: \.profile, action: App.Action.profileCase)
  /// let renamed: OutputEvent<String> = profileEvents.event { action in
  ///   if case .rename(let name) = action { name } else { nil }
  /// }
  /// ```
  ///
  /// Only the parent actions of the child's case are offered, with the child's part of the
  /// state after them.
  ///
  /// - Parameters:
  ///   - state: The child's part of the state.
  ///   - action: The parent case carrying the child's actions.
  /// - Returns: The child's events; the events made from it keep it alive.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>, action: ActionCase<Action, ChildAction>
  ) -> ActionEvents<ChildState, ChildAction> {
    let child = ActionEvents<ChildState, ChildAction>()
    child.parent = self
    routes.removeAll { $0.event == nil }
    routes.append(
      Route(event: child) { [weak child] parentAction, parentState in
        guard let child, let childAction = action.extract(parentAction) else { return }
        child.offer(childAction, parentState[keyPath: state])
      })
    return child
  }

  /// The number of events still alive.
  public var eventCount: Int {
    routes.removeAll { $0.event == nil }
    return routes.count
  }

  private func offer(_ action: Action, _ state: State) {
    routes.removeAll { $0.event == nil }
    let routes = self.routes
    for route in routes { route.deliver(action, state) }
  }
}

@available(*, unavailable)
extension ActionEvents: Sendable {}

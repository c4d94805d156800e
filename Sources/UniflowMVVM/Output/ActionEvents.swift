/// Turns the actions a store processes into ``OutputEvent``s for view models.
///
/// Install its ``middleware`` on the root store, then give view models events derived from
/// actions:
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
    routes.removeAll { $0.event == nil }
    routes.append(
      Route(event: event) { [weak event] action, state in
        guard let event, let value = extract(action, state) else { return }
        event.emit(value)
      })
    return event
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

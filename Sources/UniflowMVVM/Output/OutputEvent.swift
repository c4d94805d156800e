/// A view model's one-shot output: something that happened, such as "show the detail of this
/// item" or "show this error once".
///
/// ```swift
/// viewModel.output.showDetail.observe(owner: self) { controller, item in
///   controller.present(DetailViewController(item: item), animated: true)
/// }
/// ```
///
/// Unlike an ``OutputValue``, an event has no current value, and every emission reaches the
/// observers, even the same value twice in a row: selecting the same row twice shows its
/// detail twice.
///
/// ## Events come from actions
///
/// An event is not state: nothing about it must survive, be restored, or be compared with a
/// previous value. It is a consequence of an action — the user selected an item, a load
/// failed — so it is derived from the action as the store processes it, with
/// `OutputEvent.extracting(in:_:)` on the view model's store, root or scoped. Deriving it from
/// the action rather than keeping it in the state means:
///
/// - each action fires it once, however often the same value comes again (a state field that
///   holds "the item to show" does not change when the same item is selected twice, so an
///   observer of it would not fire);
/// - nothing has to be cleared afterwards (a state field would need a "consumed" action, and
///   an observer that comes later would see a stale request);
/// - the action still passes through the store first, so the reducer, analytics and logging
///   see it, and the event fires after the reducer and the store's observers have run, with
///   the state and the view model's outputs already updated.
///
/// Observers added while an event is being delivered get the next one, not the current one.
///
/// - Complexity: An emission costs one call per observer.
@MainActor
public final class OutputEvent<Value> {
  private var observers = ObserverList<Value>()
  private var source: AnyObject?

  init() {}

  /// An event that never fires, for a view model that has none of this kind.
  ///
  /// - Returns: An event without a source.
  public static func never() -> OutputEvent<Value> {
    OutputEvent()
  }

  /// Calls `onEvent` with every event.
  ///
  /// - Parameter onEvent: Receives each event.
  /// - Returns: A token that keeps the observer registered; release or cancel it to remove it.
  ///   Keep it (the compiler warns when it is dropped): an observer whose token is not kept is
  ///   removed at once and never called. To tie the observer to a view instead, use the
  ///   `owner:` variant.
  public func observe(_ onEvent: @escaping (Value) -> Void) -> ObservationToken {
    observers.add(call: onEvent)
  }

  /// Calls `onEvent` with the owner and every event, as long as the owner exists.
  ///
  /// The event holds the owner weakly and passes it to `onEvent`, so the closure need not
  /// capture it: once the owner is released, the observer is removed.
  ///
  /// - Parameters:
  ///   - owner: The object whose lifetime the observer follows, usually the view.
  ///   - onEvent: Receives the owner and each event.
  /// - Returns: A token the event keeps until the owner goes; it need not be kept, and
  ///   cancelling it removes the observer earlier.
  @discardableResult
  public func observe<Owner: AnyObject>(
    owner: Owner, _ onEvent: @escaping (Owner, Value) -> Void
  ) -> ObservationToken {
    observers.add(
      isAlive: { [weak owner] in owner != nil },
      call: { [weak owner] value in
        if let owner { onEvent(owner, value) }
      })
  }

  /// An event that fires with a transformed value each time this one fires.
  ///
  /// - Parameter transform: Computes the new event's value.
  /// - Returns: The new event; it keeps this one alive.
  public func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> OutputEvent<NewValue> {
    let mapped = OutputEvent<NewValue>()
    let token = observe { [weak mapped] value in mapped?.emit(transform(value)) }
    mapped.source = SourceBox(token: token, upstream: self)
    return mapped
  }

  /// Whether some observer is registered: a token is kept, or an owner exists.
  public var hasObservers: Bool {
    !observers.isEmpty
  }

  /// The events, as an async sequence: each event from now on.
  ///
  /// ```swift
  /// for await item in viewModel.output.showDetail.values() {
  ///   present(item)
  /// }
  /// ```
  ///
  /// The sequence finishes when the event is released; stopping the iteration removes its
  /// observer.
  ///
  /// - Parameter bufferingPolicy: What to keep when the consumer is slower than the events; by
  ///   default every event.
  /// - Returns: An async sequence of the events.
  public func values(
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> where Value: Sendable {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: bufferingPolicy)
    let sink = StreamSink(continuation)
    let token = observe { sink.yield($0) }
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }

  /// Delivers an event to every observer.
  func emit(_ value: Value) {
    observers.compact()
    let observers = self.observers
    observers.emit(value)
  }

  /// Keeps what feeds this event alive as long as the event.
  func retain(source: AnyObject) {
    self.source = source
  }
}

/// Keeps an event's subscription and what it comes from (the event it maps, or the store whose
/// actions it hears) alive together.
@MainActor
final class SourceBox {
  let token: ObservationToken
  let upstream: AnyObject

  init(token: ObservationToken, upstream: AnyObject) {
    self.token = token
    self.upstream = upstream
  }
}

@available(*, unavailable)
extension OutputEvent: Sendable {}

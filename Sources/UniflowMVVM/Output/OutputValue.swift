import Observation
import Uniflow

/// A view model's output that has a current value and tells its observers when it changes.
///
/// ```swift
/// let title: OutputValue<String> = viewModel.output.title
/// titleLabel.text = title.value
/// let token = title.observe { titleLabel.text = $0 }
/// ```
///
/// An output value emits only when its value changed, as decided by `==` or by the
/// `isDuplicate` it was made with: a view that observes it refreshes when, and only when, what
/// it shows changed.
///
/// A view cannot set an output value: its value comes from a store (`selecting(_:in:)` selects
/// a part of the state), from another output value (``map(_:)``), or is a ``constant(_:)``. It holds its source's subscription, and releasing it ends that subscription.
///
/// Observers are called in the order they were added, on the main actor, after the value
/// changed. An observer stays registered while its `ObservationToken` is kept
/// (``observe(sendingCurrentValue:_:)``) or while its owner object exists
/// (``observe(owner:sendingCurrentValue:_:)``).
///
/// An output value is also `Observable`: a SwiftUI view (or `withObservationTracking`) that
/// reads ``value`` is updated when it changes, and one that reads a part of it
/// (`profile.name`, or `profile[\.address.city]` for a nested part) is updated when that part
/// changes, as a store's fields are.
///
/// - Complexity: An emission costs one comparison plus one call per observer, and one
///   comparison per part read through a key path since it last changed.
@MainActor
@dynamicMemberLookup
public final class OutputValue<Value> {
  /// The current value.
  ///
  /// Reading it inside `withObservationTracking` or a SwiftUI view body tracks it.
  public var value: Value {
    registrar.access(self, keyPath: valueKeyPath)
    return currentValue
  }

  /// A part of the current value, tracked by Observation as that part alone: a view that reads
  /// `profile.name` is told when the name changes, not when another part does.
  ///
  /// A part that is not `Equatable` is told of every change of the value.
  public subscript<Part>(dynamicMember keyPath: KeyPath<Value, Part>) -> Part {
    self[keyPath]
  }

  /// An `Equatable` part of the current value, tracked by Observation as that part alone and
  /// compared with `==`.
  public subscript<Part: Equatable>(dynamicMember keyPath: KeyPath<Value, Part>) -> Part {
    self[keyPath]
  }

  /// The part of the current value at a key path of any depth, tracked by Observation as that
  /// part alone.
  ///
  /// ```swift
  /// let city = viewModel.output.profile[\.address.city]  // told when the city changes
  /// ```
  ///
  /// - Parameter keyPath: The part to read.
  /// - Returns: The part's current value.
  /// - Complexity: A dictionary lookup by key path on top of the read.
  public subscript<Part>(_ keyPath: KeyPath<Value, Part>) -> Part {
    read(keyPath, isDuplicate: { runtimeEquality(Part.self) })
  }

  /// The `Equatable` part of the current value at a key path of any depth, tracked by
  /// Observation as that part alone and compared with `==`.
  ///
  /// - Parameter keyPath: The part to read.
  /// - Returns: The part's current value.
  /// - Complexity: A dictionary lookup by key path on top of the read.
  public subscript<Part: Equatable>(_ keyPath: KeyPath<Value, Part>) -> Part {
    read(keyPath, isDuplicate: { { $0 == $1 } })
  }

  private func read<Part>(
    _ keyPath: KeyPath<Value, Part>, isDuplicate: () -> (Part, Part) -> Bool
  ) -> Part {
    fields.access(
      keyPath, in: currentValue, of: self, registrar: registrar, isDuplicate: isDuplicate)
  }

  private var currentValue: Value
  private let registrar = ObservationRegistrar()
  /// Made once: a key path of a generic class is otherwise rebuilt by the runtime on each use.
  private let valueKeyPath: KeyPath<OutputValue, Value> = \.value
  /// The parts of the value read through a key path since they last changed.
  private lazy var fields = TrackedFields<OutputValue, Value>(rootKeyPath: valueKeyPath)

  private let isDuplicate: (Value, Value) -> Bool
  private var observers = ObserverList<Value>()
  /// What keeps the source of the values alive: a store subscription, or the output this one
  /// was mapped from.
  private var source: (any Sendable)?
  private var upstream: AnyObject?

  /// Creates an output value that changes when ``update(_:)`` gives it a value that is not a
  /// duplicate of the current one.
  init(_ value: Value, isDuplicate: @escaping (Value, Value) -> Bool) {
    self.currentValue = value
    self.isDuplicate = isDuplicate
  }

  /// An output value that never changes.
  ///
  /// - Parameter value: The value.
  /// - Returns: An output value whose observers are never called, unless they ask for the
  ///   current value when they subscribe.
  public static func constant(_ value: Value) -> OutputValue<Value> {
    OutputValue(value, isDuplicate: { _, _ in true })
  }

  /// Calls `onChange` with every new value.
  ///
  /// ```swift
  /// viewModel.output.title.observe(sendingCurrentValue: true) { titleLabel.text = $0 }
  ///   .store(in: &tokens)
  /// ```
  ///
  /// - Parameters:
  ///   - sendingCurrentValue: Whether to call `onChange` with the current value at once, before
  ///     returning; a view binding its label wants this.
  ///   - onChange: Receives each new value.
  /// - Returns: A token that keeps the observer registered; release or cancel it to remove it.
  ///   Keep it (the compiler warns when it is dropped): an observer whose token is not kept is
  ///   removed at once and never called. To tie the observer to a view instead, use the
  ///   `owner:` variant.
  public func observe(
    sendingCurrentValue: Bool = false, _ onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let token = observers.add(call: onChange)
    if sendingCurrentValue { onChange(currentValue) }
    return token
  }

  /// Calls `onChange` with the owner and every new value, as long as the owner exists.
  ///
  /// ```swift
  /// viewModel.output.title.observe(owner: self) { controller, title in
  ///   controller.titleLabel.text = title
  /// }
  /// ```
  ///
  /// The output holds the owner weakly and passes it to `onChange`, so the closure need not
  /// capture it: once the owner is released, the observer is removed.
  ///
  /// - Parameters:
  ///   - owner: The object whose lifetime the observer follows, usually the view.
  ///   - sendingCurrentValue: Whether to call `onChange` with the current value at once.
  ///   - onChange: Receives the owner and each new value.
  /// - Returns: A token the output keeps until the owner goes; it need not be kept, and
  ///   cancelling it removes the observer earlier.
  @discardableResult
  public func observe<Owner: AnyObject>(
    owner: Owner, sendingCurrentValue: Bool = false,
    _ onChange: @escaping (Owner, Value) -> Void
  ) -> ObservationToken {
    let token = observers.add(
      isAlive: { [weak owner] in owner != nil },
      call: { [weak owner] value in
        if let owner { onChange(owner, value) }
      })
    if sendingCurrentValue { onChange(owner, currentValue) }
    return token
  }

  /// An output value computed from this one: it changes when the computed value changes.
  ///
  /// ```swift
  /// let countText = viewModel.output.count.map { "\($0) items" }
  /// ```
  ///
  /// The new output keeps this one alive.
  ///
  /// - Parameter transform: Computes the new value; it runs once per change of this output.
  /// - Returns: The computed output value.
  public func map<NewValue: Equatable>(
    _ transform: @escaping (Value) -> NewValue
  ) -> OutputValue<NewValue> {
    map(transform, isDuplicate: { $0 == $1 })
  }

  /// An output value computed from this one: it changes when the computed value changes, as
  /// decided by `isDuplicate`.
  ///
  /// - Parameters:
  ///   - transform: Computes the new value; it runs once per change of this output.
  ///   - isDuplicate: Whether two computed values count as the same (no emission).
  /// - Returns: The computed output value.
  public func map<NewValue>(
    _ transform: @escaping (Value) -> NewValue,
    isDuplicate: @escaping (NewValue, NewValue) -> Bool
  ) -> OutputValue<NewValue> {
    let mapped = OutputValue<NewValue>(transform(currentValue), isDuplicate: isDuplicate)
    let token = observe { [weak mapped] value in mapped?.update(transform(value)) }
    mapped.retain(source: token, upstream: self)
    return mapped
  }

  /// Whether some observer is registered: a token is kept, or an owner exists.
  public var hasObservers: Bool {
    !observers.isEmpty
  }

  /// The values of the output: the current value first, then each change.
  ///
  /// ```swift
  /// for await title in viewModel.output.title.values() {
  ///   print(title)
  /// }
  /// ```
  ///
  /// The sequence finishes when the output is released; stopping the iteration removes its
  /// observer.
  ///
  /// - Parameter bufferingPolicy: What to keep when the consumer is slower than the changes; by
  ///   default every value.
  /// - Returns: An async sequence of the values.
  public func values(
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> where Value: Sendable {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: bufferingPolicy)
    continuation.yield(currentValue)
    let sink = StreamSink(continuation)
    let token = observe { sink.yield($0) }
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }

  /// Sets a new value and tells the observers, unless it is a duplicate of the current one.
  func update(_ newValue: Value) {
    guard !isDuplicate(currentValue, newValue) else { return }
    registrar.withMutation(of: self, keyPath: valueKeyPath) { currentValue = newValue }
    if !fields.isEmpty {
      fields.update(currentValue, of: self, registrar: registrar)
    }
    observers.compact()
    let observers = self.observers
    observers.emit(newValue)
  }

  /// Keeps what feeds this output alive as long as the output.
  func retain(source: any Sendable, upstream: AnyObject? = nil) {
    self.source = source
    self.upstream = upstream
  }
}

extension OutputValue: Observable {}

@available(*, unavailable)
extension OutputValue: Sendable {}

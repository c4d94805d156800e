extension Store {
  /// Calls `onChange` whenever the part of the state at `keyPath` changes.
  ///
  /// ```swift
  /// let token = store.observe(\.count) { count in label.text = "\(count)" }
  /// ```
  ///
  /// Subscribers of the same key path share one selection: an action costs one read and one
  /// comparison for all of them. The callback runs after the action that changed the value,
  /// on the main actor; it is not called with the current value when subscribing.
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state to watch.
  ///   - onChange: Receives the new value.
  /// - Returns: A token that keeps the subscription alive; release or cancel it to stop.
  /// - Complexity: O(1) per action for all subscribers of `keyPath` together, plus one call
  ///   per subscriber when the value changed.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    // A `Shared` field would be compared with itself: it is followed as a shared value.
    if let token = observeSharedField({ $0[keyPath: keyPath] }, onChange: onChange) { return token }
    return core.observe(keyPath, onChange: onChange)
  }

  /// Calls `onChange` whenever the part of the state at `keyPath` changes, as decided by
  /// `isDuplicate`.
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state to watch.
  ///   - isDuplicate: Whether two values count as the same (no callback).
  ///   - onChange: Receives the new value.
  /// - Returns: A token that keeps the subscription alive; release or cancel it to stop.
  @inlinable
  public func observe<Value>(
    _ keyPath: KeyPath<State, Value>,
    isDuplicate: @escaping (Value, Value) -> Bool,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    if let token = observeSharedField({ $0[keyPath: keyPath] }, onChange: onChange) { return token }
    return core.observe(
      core.selection(keyPath), key: nil, initial: core.latestState[keyPath: keyPath],
      isDuplicate: isDuplicate, onChange: onChange)
  }

  /// Calls `onChange` whenever the value computed by `select` changes.
  ///
  /// ```swift
  /// let token = store.observe({ $0.todos.filter(\.isDone).count }) { done in … }
  /// ```
  ///
  /// `select` runs after every action, so keep it cheap. Each call makes its own selection;
  /// prefer a key path where one exists, so that subscribers share it.
  ///
  /// - Parameters:
  ///   - select: Computes the watched value from the state.
  ///   - onChange: Receives the new value.
  /// - Returns: A token that keeps the subscription alive; release or cancel it to stop.
  @inlinable
  public func observe<Value: Equatable>(
    _ select: @escaping (State) -> Value, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    if let token = observeSharedField(select, onChange: onChange) { return token }
    return core.observe(
      core.selection(select), key: nil, initial: select(core.latestState),
      isDuplicate: { $0 == $1 }, onChange: onChange)
  }

  /// Calls `onChange` whenever the value computed by `select` changes, as decided by
  /// `isDuplicate`.
  ///
  /// - Parameters:
  ///   - select: Computes the watched value from the state.
  ///   - isDuplicate: Whether two values count as the same (no callback).
  ///   - onChange: Receives the new value.
  /// - Returns: A token that keeps the subscription alive; release or cancel it to stop.
  @inlinable
  public func observe<Value>(
    _ select: @escaping (State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    if let token = observeSharedField(select, onChange: onChange) { return token }
    return core.observe(
      core.selection(select), key: nil, initial: select(core.latestState),
      isDuplicate: isDuplicate, onChange: onChange)
  }

  /// The values of the part of the state at `keyPath`: the current value first, then each
  /// distinct change.
  ///
  /// ```swift
  /// for await count in store.values(of: \.count) {
  ///   print(count)
  /// }
  /// ```
  ///
  /// The sequence finishes when the store is released; stopping the iteration ends the
  /// subscription.
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state to watch.
  ///   - bufferingPolicy: What to keep when the consumer is slower than the changes; by default
  ///     every value.
  /// - Returns: An async sequence of the values.
  public func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value>,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> {
    values(initial: core.latestState[keyPath: keyPath], bufferingPolicy: bufferingPolicy) {
      observe(keyPath, onChange: $0)
    }
  }

  /// The values computed by `select`: the current value first, then each distinct change.
  ///
  /// - Parameters:
  ///   - select: Computes the watched value from the state.
  ///   - bufferingPolicy: What to keep when the consumer is slower than the changes.
  /// - Returns: An async sequence of the values; it finishes when the store is released.
  public func values<Value: Equatable & Sendable>(
    _ select: @escaping (State) -> Value,
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Value> {
    values(initial: select(core.latestState), bufferingPolicy: bufferingPolicy) {
      observe(select, onChange: $0)
    }
  }

  /// The number of distinct selections observed in this store's root store, through it or
  /// any store scoped from it, at any depth; for diagnostics and tests.
  ///
  /// Observers of the same key path of the same part of the state share one selection.
  public var observedSelectionCount: Int {
    core.engine.registry.selectionCount
  }

  /// The number of parts of this store's state that Observation tracks through a key path
  /// (`store.title`, `store[\.rows.count]`), read since they last changed; for tests.
  @_spi(Testing)
  public var trackedPartCount: Int {
    switch core {
    case .root(let root): root.fields.count
    case .scoped(let scoped): scoped.fieldsStorage?.count ?? 0
    }
  }

  /// The number of entries in this store's root registry of observers, scoped stores'
  /// watchers included; for tests.
  @_spi(Testing)
  public var observerRegistrySize: Int {
    core.engine.registry.checkCount
  }

  /// The number of streams made by this store's `values(of:)` that are still open.
  @_spi(Testing)
  public var openStreamCount: Int {
    streams?.openCount ?? 0
  }

  /// A stream of `initial`, then of each value `subscribe` reports.
  func values<Value: Sendable>(
    initial: Value, bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy,
    subscribe: (@escaping (Value) -> Void) -> ObservationToken
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
    let sink = StreamSink(continuation)
    let token = subscribe { sink.yield($0) }
    continuation.yield(initial)
    let streams = self.streams ?? StoreStreams()
    self.streams = streams
    let id = streams.add { [weak token] in
      token?.cancel()
      continuation.finish()
    }
    continuation.onTermination = { [weak streams] _ in
      token.cancel()
      streams?.remove(id)
    }
    return stream
  }
}

/// Finishes its stream when the subscription that feeds it is dropped, which is when the
/// store is released.
final class StreamSink<Value: Sendable>: Sendable {
  let continuation: AsyncStream<Value>.Continuation

  init(_ continuation: AsyncStream<Value>.Continuation) {
    self.continuation = continuation
  }

  func yield(_ value: Value) {
    continuation.yield(value)
  }

  deinit {
    continuation.finish()
  }
}

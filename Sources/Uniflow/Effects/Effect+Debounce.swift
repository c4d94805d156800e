extension Effect {
  /// Delays this effect by `duration` on `clock`, restarting the wait whenever another effect
  /// with the same `id` is debounced before the wait is over.
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .run { send in await send(.results(try await api.search(query))) }
  ///     .debounce(id: SearchID(), for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// The clock is a dependency of the reducer: a continuous clock in the app, a test clock in
  /// tests, so no test waits for real time. It is taken as `any Clock<Duration>`, which is how
  /// a reducer holds it, so that `clock: clock` compiles in a file that imports Foundation too
  /// (whose C function `clock()` the compiler would otherwise try for a generic clock).
  ///
  /// - Parameters:
  ///   - id: The identifier shared by the effects that debounce each other.
  ///   - duration: How long to wait for quiet before running the effect.
  ///   - clock: The clock to wait on.
  /// - Returns: The debounced effect, cancellable by `id`.
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Self {
    Effect.concatenate(
      .run { _ in try await clock.sleep(for: duration) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// Runs this effect only if nothing is running under `id`, and keeps `id` busy for at least
  /// `duration` on `clock` afterwards; an effect throttled meanwhile is dropped.
  ///
  /// Unlike ``debounce(id:for:clock:)`` the first effect runs at once (leading edge) and the
  /// ones that follow within the window are discarded:
  ///
  /// ```swift
  /// case .refreshPulled:
  ///   return .run { send in await send(.loaded(try await api.load())) }
  ///     .throttle(id: RefreshID(), for: .seconds(2), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The identifier shared by the effects that throttle each other.
  ///   - duration: The window after an effect starts during which others are dropped.
  ///   - clock: The clock that measures the window.
  /// - Returns: The throttled effect, cancellable by `id`.
  public func throttle(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Self {
    let window = Effect.run { _ in try await clock.sleep(for: duration) }
    return Effect(.cancellable(EffectID(id), .unlessRunning, Effect.merge(self, window)))
  }
}

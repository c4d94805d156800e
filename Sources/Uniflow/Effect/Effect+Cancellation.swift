extension Effect {
  /// Makes this effect cancellable by `id`.
  ///
  /// ```swift
  /// case .searchChanged(let query):
  ///   return .run { send in await send(.results(try await api.search(query))) }
  ///     .cancellable(id: SearchID(), cancelInFlight: true)
  /// case .closeTapped:
  ///   return .cancel(id: SearchID())
  /// ```
  ///
  /// Identifiers are scoped to a root store and the stores scoped from it.
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value naming the work.
  ///   - cancelInFlight: Whether to cancel the work already running under `id` before
  ///     starting this effect, so that at most one runs at a time.
  /// - Returns: The cancellable effect.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    return Self(.cancellable(EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Cancels the work running under `id`.
  ///
  /// Cancelling an identifier with nothing running under it does nothing.
  ///
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(EffectID(id)))
  }
}

/// A type-erased, sendable identifier of cancellable work.
///
/// The hash is computed once: hashing or comparing through `AnyHashable` boxes the value
/// anew each time, and identifiers are hashed on every effect's start and end.
@usableFromInline
struct EffectID: Hashable, Sendable {
  let base: any Hashable & Sendable
  let hash: Int

  @usableFromInline
  init(_ base: some Hashable & Sendable) {
    let base: any Hashable & Sendable = (base as? EffectID)?.base ?? base
    self.base = base
    self.hash = AnyHashable(base).hashValue
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}

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
  /// Identifiers belong to the feature instance whose reducer returned the effect. A child
  /// feature composed with ``Scope``, ``Reducer/ifLet(_:action:then:)-5kmwn`` or
  /// ``Reducer/forEach(_:action:element:)`` has identifiers of its own: a `"request"` in one
  /// row is not the `"request"` of another row, of the parent, or of the next child presented
  /// in the same place. To cancel a child's work from its parent, send the child an action
  /// that returns ``cancel(id:)``, or dismiss the child (remove the row), which cancels all of
  /// its work.
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value naming the work.
  ///   - cancelInFlight: Whether to cancel the work already running under `id` before
  ///     starting this effect, so that at most one runs at a time.
  /// - Returns: The cancellable effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    return Self(.cancellable(EffectID(id), cancelInFlight ? .replace : .join, self))
  }

  /// Cancels the work running under `id`.
  ///
  /// Cancelling an identifier with nothing running under it does nothing.
  ///
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancellable(EffectID(id), .replace, .none))
  }
}

/// A type-erased, sendable identifier of cancellable work, inside the namespaces of the child
/// features it was lifted through.
///
/// Compared as `AnyHashable` compares, so that `1 as Int` names the same work as `1 as Int8`.
@usableFromInline
struct EffectID: Hashable, Sendable {
  /// The identifier, held by reference: an identifier is copied with every queued action and
  /// effect, and a reference copies as one word where an `AnyHashable` copies through its
  /// type's witnesses.
  @usableFromInline let box: Box

  /// The identifier the feature gave, or a ``NamespacedEffectID``.
  @usableFromInline
  final class Box: Sendable {
    let base: any Hashable & Sendable

    init(_ base: any Hashable & Sendable) {
      self.base = base
    }
  }

  @inlinable
  init<Base: Hashable & Sendable>(_ base: Base) {
    // An identifier is never wrapped twice. The type test is decided when the initialiser is
    // specialised, so it costs nothing where `Base` is known.
    if Base.self == EffectID.self, let id = base as? EffectID {
      self = id
    } else {
      self.init(erasing: base)
    }
  }

  @usableFromInline
  init(erasing base: some Hashable & Sendable) {
    self.box = Box(base)
  }

  /// The identifier, as `AnyHashable` compares it.
  var value: AnyHashable { AnyHashable(box.base) }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.value == rhs.value
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }

  /// This identifier inside `namespace`, or itself without one.
  @usableFromInline
  func `in`(_ namespace: EffectNamespace?) -> EffectID {
    guard let namespace else { return self }
    return EffectID(NamespacedEffectID(namespace: namespace, id: self))
  }
}

/// Where a child feature sits in its parent: the key path to its state (compared by `==`, not
/// by object), and for a row or a presented child, which one.
@usableFromInline
struct EffectNamespace: Hashable, Sendable {
  let path: any AnyKeyPath & Sendable
  let instance: EffectID?

  @usableFromInline
  init(path: any AnyKeyPath & Sendable, instance: EffectID? = nil) {
    self.path = path
    self.instance = instance
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.path == rhs.path && lhs.instance == rhs.instance
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(instance)
  }
}

/// An identifier inside a child feature's namespace.
struct NamespacedEffectID: Hashable, Sendable {
  let namespace: EffectNamespace
  let id: EffectID
}

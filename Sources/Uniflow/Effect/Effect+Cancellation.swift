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
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = operation, !cancelInFlight { return self }
    return Self(.cancellable(EffectID(id), cancelInFlight ? .replace : .join, self))
  }

  /// Cancels the work running under `id`.
  ///
  /// Cancelling an identifier with nothing running under it does nothing.
  ///
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancellable(EffectID(id), .replace, .none))
  }
}

/// A type-erased, sendable identifier of cancellable work, inside the namespaces of the child
/// features it was lifted through.
///
/// The value sits in a box made once, with its hash: identifiers are hashed and compared on
/// every effect's start and end, and comparing through `AnyHashable` opened the existential,
/// boxed both values and cast one to the other's type each time. Two boxes of the same type
/// compare their values directly; boxes of different types compare as `AnyHashable` does (so
/// `1 as Int` names the same work as `1 as Int8`), and the hash is `AnyHashable`'s, made once.
@usableFromInline
struct EffectID: Hashable, Sendable {
  @usableFromInline let box: EffectIDBox

  /// Inlinable, so that the box is made where `Base` is known: made here generically, it cost a
  /// lookup of the box's metadata per identifier.
  @inlinable
  init<Base: Hashable & Sendable>(_ base: Base) {
    // An identifier is never wrapped twice. The type test is decided when the initialiser is
    // specialised, so it costs nothing where `Base` is known (a dynamic cast per effect did).
    if Base.self == EffectID.self, let id = base as? EffectID {
      self = id
      return
    }
    self.box = ConcreteEffectIDBox(base)
  }

  /// This identifier inside `namespace`, or itself without one.
  @usableFromInline
  func `in`(_ namespace: EffectNamespace?) -> EffectID {
    guard let namespace else { return self }
    return EffectID(NamespacedEffectID(namespace: namespace, id: self))
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || (lhs.box.hash == rhs.box.hash && lhs.box.isEqual(to: rhs.box))
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(box.hash)
  }
}

/// The value of an ``EffectID``, with its hash; immutable.
///
/// One reference, so that an ``EffectID`` is one word and the effects that hold one stay
/// inline. What depends on the value's type (comparing, converting) is done by the box's
/// concrete type, ``kind``.
@usableFromInline
class EffectIDBox: @unchecked Sendable {
  // @unchecked: every stored property is a `let` of a sendable value (the subclass's too).
  let hash: Int
  /// The box's own concrete type, which compares and converts its value.
  let kind: any EffectIDKind.Type

  @usableFromInline
  init(hash: Int, kind: any EffectIDKind.Type) {
    self.hash = hash
    self.kind = kind
  }

  /// The value as `AnyHashable`, for comparing values of different types.
  var anyHashable: AnyHashable { kind.anyHashable(of: self) }

  /// Whether the two boxes hold equal values.
  func isEqual(to other: EffectIDBox) -> Bool { kind.isEqual(self, to: other) }
}

/// A concrete type of ``EffectIDBox``: what it does with the value it holds.
@usableFromInline
protocol EffectIDKind: EffectIDBox {
  /// The value of `box`, a box of this type, as `AnyHashable`.
  static func anyHashable(of box: EffectIDBox) -> AnyHashable

  /// Whether `box`, a box of this type, holds a value equal to that of `other`.
  static func isEqual(_ box: EffectIDBox, to other: EffectIDBox) -> Bool
}

/// The value of an ``EffectID`` of one type.
@usableFromInline
final class ConcreteEffectIDBox<Base: Hashable & Sendable>: EffectIDBox, EffectIDKind, @unchecked Sendable {
  // @unchecked: `base` is a sendable `let`.
  @usableFromInline let base: Base

  @inlinable
  init(_ base: Base) {
    self.base = base
    super.init(hash: AnyHashable(base).hashValue, kind: ConcreteEffectIDBox<Base>.self)
  }

  @usableFromInline
  static func anyHashable(of box: EffectIDBox) -> AnyHashable {
    // `box.kind` is this type only for a box of this type.
    AnyHashable(exactCast(box, to: Self.self).base)
  }

  @usableFromInline
  static func isEqual(_ box: EffectIDBox, to other: EffectIDBox) -> Bool {
    // Same type: a comparison of the two objects' metadata pointers, then `Base`'s own `==`.
    guard type(of: other) == Self.self else {
      return box.anyHashable == other.anyHashable
    }
    // `box.kind` is this type only for a box of this type, and `other`'s type was just checked
    // to be this one.
    return exactCast(box, to: Self.self).base == exactCast(other, to: Self.self).base
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

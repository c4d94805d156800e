/// A presented child, as the last step of the path a dismissal carries: whether the child
/// that asked to be dismissed is still the one presented.
///
/// A presented child's identity is its `id` if it is `Identifiable`, or its case if it is an
/// enum (see ``Reducer/ifLet(_:action:then:)-9navc``). A dismissal carries the identity of the
/// child that asked; when its turn comes, the root core walks its path through the state, and
/// this step finds the child gone if another one took its place (the parent replaced case
/// `.first` by `.second` in the very action that `.first` asked to be dismissed in): the
/// dismissal is then ignored and reported, and its replacement stays.
struct PresentedInstance<Child> {
  /// The child presented now, if any.
  let child: Child?
}

extension Optional {
  /// This optional as a presented child, for the path of a dismissal.
  var presentedInstance: PresentedInstance<Wrapped> {
    PresentedInstance(child: self)
  }

  /// The step of a dismissal's path that checks the presented child's identity.
  @usableFromInline
  static var presentedInstancePath: any AnyKeyPath & Sendable {
    \Self.presentedInstance
  }
}

extension PresentedInstance: InstanceContainer {
  static func child<Part>(of container: Part, _ instance: EffectID?) -> InstancePath.Found {
    guard let presented = container as? Self else { return .unknown }
    guard let child = presented.child else {
      return .gone("\(typeName(Child.self)) is not presented (dismissed already?)")
    }
    guard let instance, let current = PresentationIdentity.of(child), current != instance else {
      return .present(child)
    }
    return .gone(
      "\(typeName(Child.self))\(PresentationIdentity.name(of: instance)) is not presented "
        + "(replaced by \(PresentationIdentity.name(of: current, asReplacement: true)))")
  }
}

/// Which child is presented, as an identity that namespaces its effects and tells it from the
/// next: its `id` if its state is `Identifiable`, its case if it is an enum, nothing otherwise.
///
/// Whether the state is `Identifiable` is found at run time, so that one `ifLet` serves every
/// kind of child.
@usableFromInline
enum PresentationIdentity {
  /// How the children of type `Child` are told apart, decided once for the type.
  @usableFromInline
  static func identify<Child>(_: Child.Type) -> (Child) -> EffectID? {
    if let identifiable = Child.self as? any Identifiable.Type {
      return identify(identifiable, as: Child.self)
    }
    return EnumCaseIdentity<Child>().callAsFunction
  }

  /// The identity of `child`; `nil` if there is no telling.
  static func of<Child>(_ child: Child) -> EffectID? {
    identify(Child.self)(child)
  }

  private static func identify<Identified: Identifiable, Child>(
    _: Identified.Type, as _: Child.Type
  ) -> (Child) -> EffectID? {
    // `Child` is `Identified`, opened from it: the cast always succeeds.
    { child in (child as? Identified).map { EffectID(PresentedID($0.id)) } }
  }

  /// How a message names an identity: `.first` for a case; for an `id`, ` with id 3`, or
  /// `the one with id 3` for the child that took another's place.
  static func name(of identity: EffectID, asReplacement: Bool = false) -> String {
    guard let id = identity.value.base as? PresentedID else { return ".\(identity.value.base)" }
    return asReplacement ? "the one with id \(id)" : " with id \(id)"
  }
}

/// An `Identifiable` child's `id`, as the identity of its presentation.
///
/// The `id`'s type is found at run time, where it cannot be proven `Sendable`, and the
/// identity travels with the child's effects to wherever they are cancelled: the `id` is
/// touched (compared, described) only with the lock held, and a comparison of two holds both,
/// taken in the order of their addresses.
final class PresentedID: Hashable, CustomStringConvertible, @unchecked Sendable {
  // @unchecked: `id` is read only with `lock` held; `hash` is computed before the identity is
  // shared and never changes.
  private let id: AnyHashable
  private let hash: Int
  private let lock = PlatformLock()

  init(_ id: some Hashable) {
    self.id = AnyHashable(id)
    hash = self.id.hashValue
  }

  static func == (lhs: PresentedID, rhs: PresentedID) -> Bool {
    if lhs === rhs { return true }
    guard lhs.hash == rhs.hash else { return false }
    let (first, second) = ObjectIdentifier(lhs) < ObjectIdentifier(rhs) ? (lhs, rhs) : (rhs, lhs)
    first.lock.lock()
    second.lock.lock()
    defer {
      second.lock.unlock()
      first.lock.unlock()
    }
    return lhs.id == rhs.id
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  var description: String {
    lock.lock()
    defer { lock.unlock() }
    return "\(id.base)"
  }
}

/// The case of an enum value, as an identity that tells one presented child from another;
/// `nil` for a value of any other kind.
///
/// Each reducer that presents a child makes one: whether the child's type is an enum is
/// looked up on its first value and kept there, so only enum values are reflected after.
final class EnumCaseIdentity<Value>: Sendable {
  /// Whether `Value` is an enum, once a first value told.
  private let isEnum = LockIsolated<Bool?>(nil)

  init() {}

  /// The case of `value`, if `Value` is an enum.
  func callAsFunction(_ value: Value) -> EffectID? {
    if isEnum.withLock({ $0 }) == false { return nil }
    let mirror = Mirror(reflecting: value)
    let isEnum = mirror.displayStyle == .enum
    self.isEnum.withLock { $0 = isEnum }
    guard isEnum else { return nil }
    return EffectID(mirror.children.first?.label ?? String(describing: value))
  }
}

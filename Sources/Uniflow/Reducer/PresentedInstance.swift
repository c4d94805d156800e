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
    guard let instance else { return .present(child) }
    let current = PresentationIdentity(of: child)
    guard let current, current.id != instance.value else { return .present(child) }
    let asked = PresentationIdentity(id: instance.value, isCase: current.isCase)
    return .gone("\(typeName(Child.self))\(asked.name) is not presented (replaced by \(current.replacementName))")
  }
}

/// Which child is presented: its `id`, or its case.
struct PresentationIdentity {
  /// The identity, as the child's effects are namespaced by it.
  let id: AnyHashable
  /// Whether it is an enum's case rather than an `id`.
  let isCase: Bool

  init(id: AnyHashable, isCase: Bool) {
    self.id = id
    self.isCase = isCase
  }

  /// The identity of `child`, the way `ifLet` tells one presented child from another; `nil`
  /// if there is no telling (neither `Identifiable` nor an enum).
  init?<Child>(of child: Child) {
    if let identifiable = child as? any Identifiable {
      self.init(id: Self.id(of: identifiable), isCase: false)
    } else if let id = EnumCaseIdentity<Child>()(child) {
      self.init(id: id.value, isCase: true)
    } else {
      return nil
    }
  }

  /// How a message names it: `.first` for a case, ` with id 3` for an `id`.
  var name: String {
    isCase ? ".\(id.base)" : " with id \(id.base)"
  }

  /// How a message names the replacement: `.second` for a case, `the one with id 4` for an `id`.
  var replacementName: String {
    isCase ? ".\(id.base)" : "the one with id \(id.base)"
  }

  private static func id<Child: Identifiable>(of child: Child) -> AnyHashable {
    AnyHashable(child.id)
  }
}

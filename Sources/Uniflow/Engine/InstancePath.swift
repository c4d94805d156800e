/// Finds a feature instance in a root state by the namespace of its effects: what tells the
/// root core whether a dismissal still has a feature to dismiss.
///
/// A child's namespace is its place in its parent: the key path to its state and, for a row, a
/// stack element or a presented child, which one. Lifted through each parent on the way to the
/// root (``EffectID/in(_:)``), as every cancellation identifier is, it names one instance from
/// the root down; walking it through the root state finds the instance, or finds it gone.
///
/// A walk that meets a level it cannot follow (an effect lifted by a plain ``Effect/map(_:)``,
/// which adds no namespace, so that a key path's root is not the state reached) ends
/// `unknown`: the dismissal is then processed as it is, and the presenter reports what it
/// finds.
enum InstancePath {
  /// What a walk found.
  enum Found {
    /// The instance is there; the value is its state.
    case present(Any)
    /// The instance is gone; the reason, for the diagnostic.
    case gone(String)
    /// The path cannot be followed in this state.
    case unknown
  }

  /// Walks the namespaces of `instance`, outermost first, from `root`.
  static func find(_ instance: EffectID, in root: Any) -> Found {
    switch instance.value.base {
    case let nested as NamespacedEffectID:
      let found = step(nested.namespace, from: root)
      guard case .present(let part) = found else { return found }
      return find(nested.id, in: part)
    case let namespace as EffectNamespace:
      return step(namespace, from: root)
    default:
      return .unknown
    }
  }

  /// Follows one namespace: its key path, then its instance in the part found there.
  static func step(_ namespace: EffectNamespace, from value: Any) -> Found {
    guard let path = namespace.path as? any InstancePathStep else { return .unknown }
    return path.follow(from: value, instance: namespace.instance)
  }

  /// The child `instance` names in `part`: an element of a stack or a collection, the wrapped
  /// value of an optional; `part` itself when it holds no instances.
  static func child<Part>(of part: Part, _ instance: EffectID?) -> Found {
    guard let container = Part.self as? any InstanceContainer.Type else {
      return instance == nil ? .present(part) : .unknown
    }
    return container.child(of: part, instance)
  }
}

/// A key path as a step of an instance's path.
protocol InstancePathStep {
  /// The instance's part reached through this key path from `value`, if `value` is its root.
  func follow(from value: Any, instance: EffectID?) -> InstancePath.Found
}

extension KeyPath: InstancePathStep {
  func follow(from value: Any, instance: EffectID?) -> InstancePath.Found {
    guard let root = value as? Root else { return .unknown }
    return InstancePath.child(of: root[keyPath: self], instance)
  }
}

/// A part of a state that holds feature instances: a stack, a collection of rows, an optional
/// presented child.
protocol InstanceContainer {
  /// The instance of `container` (a value of this type) named by `instance`.
  static func child<Part>(of container: Part, _ instance: EffectID?) -> InstancePath.Found
}

extension Optional: InstanceContainer {
  static func child<Part>(of container: Part, _ instance: EffectID?) -> InstancePath.Found {
    guard let optional = container as? Self else { return .unknown }
    guard let wrapped = optional else {
      return .gone("\(typeName(Wrapped.self)) is not presented (dismissed already?)")
    }
    return .present(wrapped)
  }
}

extension StackState: InstanceContainer {
  static func child<Part>(of container: Part, _ instance: EffectID?) -> InstancePath.Found {
    guard let stack = container as? Self,
      let id = instance?.value.base as? StackElementID
    else { return .unknown }
    guard let element = stack[id: id] else {
      return .gone("no element \(id) on the StackState<\(typeName(Element.self))> (popped already?)")
    }
    return .present(element)
  }
}

extension IdentifiedArray: InstanceContainer {
  static func child<Part>(of container: Part, _ instance: EffectID?) -> InstancePath.Found {
    guard let rows = container as? Self, let id = instance?.value.base as? Element.ID
    else { return .unknown }
    guard let row = rows[id: id] else {
      return .gone("no row \(id) in the IdentifiedArray<\(typeName(Element.self))> (removed already?)")
    }
    return .present(row)
  }
}

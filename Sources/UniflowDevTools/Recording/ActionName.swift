/// An action's case name, read by reflection: `add`, `child.toggle`, whatever its encoding.
func actionName(_ action: Any) -> String {
  let mirror = Mirror(reflecting: action)
  guard mirror.displayStyle == .enum else {
    return String(describing: type(of: action))
  }
  guard let child = mirror.children.first, let label = child.label else {
    // A case without a payload.
    return String(describing: action)
  }
  if Mirror(reflecting: child.value).displayStyle == .enum {
    return "\(label).\(actionName(child.value))"
  }
  return label
}

/// The way back of a case given as an embedding function alone: finds, by reflection, the child
/// action that `embed` wrapped in a parent action.
///
/// A view model given its rows' case as a function (`App.Action.todos`) uses it so that each
/// row's store can observe its own actions. The parent action is taken apart down its chain of
/// enum cases (`.todos(.element(…))`) until a payload of type `Child` appears; that payload is
/// the child action if embedding it again gives the same chain of cases down to it, so another
/// case with a payload of the same type is not mistaken for this one.
///
/// - Complexity: A walk by reflection down the parent action's cases, for each action while
///   the store made with it has action listeners; nothing otherwise.
func reflectedExtraction<Parent, Child>(
  of embed: @escaping (consuming Child) -> Parent
) -> (Parent) -> Child? {
  { parent in
    var labels: [String] = []
    var value: Any = parent
    while let (label, payload) = enumCase(of: value) {
      labels.append(label)
      if let child = payload as? Child {
        return caseLabels(of: embed(child), count: labels.count) == labels ? child : nil
      }
      value = payload
    }
    return nil
  }
}

/// The labels of the first `count` cases down a chain of enum cases.
private func caseLabels(of value: Any, count: Int) -> [String] {
  var labels: [String] = []
  var value = value
  while labels.count < count, let (label, payload) = enumCase(of: value) {
    labels.append(label)
    value = payload
  }
  return labels
}

/// The case label and payload of an enum value with a payload; `nil` for anything else. A
/// payload with one label (`case todos(rows: …)`) is given without its label.
private func enumCase(of value: Any) -> (label: String, payload: Any)? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label
  else { return nil }
  let payload = Mirror(reflecting: child.value)
  if payload.displayStyle == .tuple, payload.children.count == 1, let only = payload.children.first {
    return (label, only.value)
  }
  return (label, child.value)
}

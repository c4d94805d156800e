/// The case name of an action, with the case names of nested action enums after a dot:
/// `increment`, `child.increment`, `response`. An action that is not an enum is named by its
/// description when that is short, by its type otherwise.
///
/// Uses reflection; only diagnostics call it, never the hot path.
func actionName(_ action: Any) -> String {
  let mirror = Mirror(reflecting: action)
  guard mirror.displayStyle == .enum else {
    let text = String(describing: action)
    return text.count <= 40 ? text : String(describing: type(of: action))
  }
  guard let child = mirror.children.first, let label = child.label else {
    return String(describing: action)
  }
  if Mirror(reflecting: child.value).displayStyle == .enum {
    return "\(label).\(actionName(child.value))"
  }
  return label
}

/// Finds the shortest repeating pattern at the end of an action chain and names it.
///
/// The first third of `names` may hold the actions that led into the cycle and is not
/// required to repeat. The cycle is rotated to start with the action that started the chain
/// when it is part of the cycle, and otherwise with the action that followed it, extrapolated
/// backwards over the repetition: `start → a → b → a → …` is reported as `a → b → a`.
///
/// - Parameters:
///   - names: The case names of the last actions of the chain, oldest first.
///   - firstName: The case name of the action that started the chain.
///   - firstPosition: The position in the chain of `names[0]`, counting from 1.
/// - Returns: The cycle with its first element repeated at the end, and whether a repetition
///   was found at all; without one, the last actions of the chain.
func repeatingCycle(
  in names: [String], firstName: String, firstPosition: Int
) -> (actions: [String], isRepeating: Bool) {
  let count = names.count
  let checked = count / 3..<count
  for period in 1...max(1, checked.count / 2) where checked.count >= 2 * period {
    let repeats = checked.dropFirst(period).allSatisfy { names[$0] == names[$0 - period] }
    guard repeats else { continue }
    let start: Int
    if let index = names[checked].firstIndex(of: firstName) {
      start = index
    } else {
      // The index in the checked range whose chain position is 2, modulo the period.
      let phase = ((2 - firstPosition - checked.lowerBound) % period + period) % period
      start = checked.lowerBound + phase
    }
    let cycle = Array(names[start..<start + period])
    return (cycle + [cycle[0]], true)
  }
  return (Array(names.suffix(8)), false)
}

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

/// A short description of an action for a diagnostic: its case name as ``actionName(_:)``
/// gives it, followed by its innermost payload in parentheses when that is brief:
/// `step(1000)`, `child.rename("Milk")`, `increment`, `loaded(…)`.
///
/// Uses reflection; only diagnostics call it.
@usableFromInline
func actionSummary(_ action: Any) -> String {
  let name = actionName(action)
  guard let payload = innermostPayload(of: action) else { return name }
  let text = String(reflecting: payload)
  guard text.count <= 24 else { return "\(name)(…)" }
  // Several payloads, or a labeled one, are a tuple that brings its own parentheses.
  return Mirror(reflecting: payload).displayStyle == .tuple ? name + text : "\(name)(\(text))"
}

/// The payload of the innermost enum case of a nested action, or `nil` when that case has
/// none or the action is not an enum.
private func innermostPayload(of action: Any) -> Any? {
  let mirror = Mirror(reflecting: action)
  guard mirror.displayStyle == .enum, let child = mirror.children.first else { return nil }
  if Mirror(reflecting: child.value).displayStyle == .enum {
    return innermostPayload(of: child.value)
  }
  return child.value
}

/// Whether two values are equal, when their type is `Equatable`; `nil` when it is not.
///
/// The first value's dynamic type decides: a value of another type is not equal to it.
func equals(_ lhs: Any, _ rhs: Any) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  return lhs.isEqual(toValue: rhs)
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one; opens an `any Equatable`.
  fileprivate func isEqual(toValue other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// The report of a chain of synchronous actions that the loop guard stopped.
///
/// Actions are compared by value when the action type is `Equatable`, and by their full
/// description otherwise, so that a long chain whose payloads change (a countdown
/// `step(2000) … step(0)`) is reported as too long, not as a cycle `step → step`.
///
/// - Parameters:
///   - tail: The last actions of the chain, oldest first.
///   - first: The action that started the chain.
///   - firstPosition: The position in the chain of `tail[0]`, counting from 1.
///   - limit: The bound that was reached.
/// - Returns: The cycle, with its actions summarised by ``actionSummary(_:)``.
func actionCycle<Action>(
  tail: [Action], first: Action, firstPosition: Int, limit: Int
) -> ActionCycle {
  let same: (Action, Action) -> Bool
  if let first = tail.first, equals(first, first) != nil {
    same = { equals($0, $1) ?? false }
  } else {
    same = { String(reflecting: $0) == String(reflecting: $1) }
  }
  let keys = tail.map { action in tail.firstIndex { same($0, action) } ?? 0 }
  let firstKey = tail.firstIndex { same($0, first) }
  let (range, isRepeating) = repeatingCycle(
    in: keys, firstKey: firstKey, firstPosition: firstPosition)
  var actions = tail[range].map(actionSummary)
  if isRepeating, let start = actions.first { actions.append(start) }
  return ActionCycle(actions: actions, isRepeating: isRepeating, limit: limit)
}

/// Finds the shortest repeating pattern at the end of an action chain.
///
/// The first third of `keys` may hold the actions that led into the cycle and is not
/// required to repeat. The cycle is rotated to start with the action that started the chain
/// when it is part of the cycle, and otherwise with the action that followed it, extrapolated
/// backwards over the repetition: `start → a → b → a → …` is reported as `a → b → a`.
///
/// - Parameters:
///   - keys: The last actions of the chain, oldest first, each as a key equal to the key of
///     every action the same as it.
///   - firstKey: The key of the action that started the chain, or `nil` if it is not among
///     `keys`.
///   - firstPosition: The position in the chain of `keys[0]`, counting from 1.
/// - Returns: The positions in `keys` of one period of the cycle, and whether a repetition
///   was found at all; without one, the positions of the last actions of the chain.
func repeatingCycle(
  in keys: [Int], firstKey: Int?, firstPosition: Int
) -> (range: Range<Int>, isRepeating: Bool) {
  let count = keys.count
  let checked = count / 3..<count
  for period in 1...max(1, checked.count / 2) where checked.count >= 2 * period {
    let repeats = checked.dropFirst(period).allSatisfy { keys[$0] == keys[$0 - period] }
    guard repeats else { continue }
    let start: Int
    if let firstKey, let index = keys[checked].firstIndex(of: firstKey) {
      start = index
    } else {
      // The index in the checked range whose chain position is 2, modulo the period.
      let phase = ((2 - firstPosition - checked.lowerBound) % period + period) % period
      start = checked.lowerBound + phase
    }
    return (start..<start + period, true)
  }
  return (max(0, count - 8)..<count, false)
}

/// A type's name with the types it is nested in, without its module: `Path.State`.
@usableFromInline
func typeName(_ type: Any.Type) -> String {
  let name = String(reflecting: type)
  guard let dot = name.firstIndex(of: ".") else { return name }
  return String(name[name.index(after: dot)...])
}

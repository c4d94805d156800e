/// The name of an action: its case, then the case of each action it carries, down to the leaf:
/// `increment`, `child.increment`, `path.element.detail.save`, `finished.added`.
///
/// An action carries another when its payload is an enum (`child(Child.Action)`), or holds
/// one: a tuple or a struct payload carries its element named `action` when that is an enum
/// (`element(id:action:)`); otherwise a tuple carries its only element that is an enum
/// (`finished(Outcome, contents:)`), and a struct the enum that is its only stored property.
/// An action that is not an enum is named by its description when that is short (`"ping"` for
/// a `String`, `Feature.Nudge(side: Feature.Side.left)`), by its type otherwise
/// (`Feature.Action`); either way, types are named in full, without their module.
///
/// Uses reflection; only diagnostics and the session recorder call it, never a send.
package func actionName(_ action: Any) -> String {
  guard Mirror(reflecting: action).displayStyle == .enum else {
    let text = readableDescription(of: action, reflecting: false)
    return text.count <= 40 ? text : typeName(type(of: action))
  }
  var name = ""
  var current: Any? = action
  while let value = current {
    let step = enumCase(of: value)
    if !name.isEmpty { name += "." }
    name += step.label
    current = step.carried
  }
  return name
}

/// A short description of an action for a diagnostic: its name as ``actionName(_:)`` gives it,
/// followed by the payload of its leaf case in parentheses when that is brief: `step(1000)`,
/// `child.rename("Milk")`, `increment`, `path.element.detail.loaded(…)`.
///
/// Uses reflection; only diagnostics call it.
@usableFromInline
func actionSummary(_ action: Any) -> String {
  let name = actionName(action)
  guard Mirror(reflecting: action).displayStyle == .enum else { return name }
  var leaf = enumCase(of: action)
  while let carried = leaf.carried { leaf = enumCase(of: carried) }
  // A payload that carried no action is shown whole; one that carried the next action, as a
  // tuple or struct, is left out: its other elements (an element's identifier) are in the
  // name's context.
  guard let payload = leaf.payload else { return name }
  let text = readableDescription(of: payload, reflecting: true)
  guard text.count <= 24 else { return "\(name)(…)" }
  // Several payloads, or a labeled one, are a tuple that brings its own parentheses.
  return Mirror(reflecting: payload).displayStyle == .tuple ? name + text : "\(name)(\(text))"
}

/// One enum case of an action: its label, its payload, and the action the payload carries.
private struct EnumCase {
  /// The case name.
  var label: String
  /// The payload, if the case has one.
  var payload: Any?
  /// The action carried by the payload, if it carries one; see ``actionName(_:)``.
  var carried: Any?
}

/// Reads the case of an enum value by reflection.
private func enumCase(of value: Any) -> EnumCase {
  guard let child = Mirror(reflecting: value).children.first, let label = child.label else {
    // A case without a payload.
    return EnumCase(label: String(describing: value), payload: nil, carried: nil)
  }
  let payload = child.value
  let mirror = Mirror(reflecting: payload)
  switch mirror.displayStyle {
  case .enum:
    return EnumCase(label: label, payload: nil, carried: payload)
  case .tuple, .struct:
    // A struct is more often a model than a wrapper of an action: it carries one only as its
    // element named `action`, or as its only element.
    let elements = mirror.children
    let enums = elements.filter { Mirror(reflecting: $0.value).displayStyle == .enum }
    let carried =
      enums.first { $0.label == "action" }
      ?? (enums.count == 1 && (mirror.displayStyle == .tuple || elements.count == 1) ? enums.first : nil)
    return EnumCase(label: label, payload: carried == nil ? payload : nil, carried: carried?.value)
  default:
    return EnumCase(label: label, payload: payload, carried: nil)
  }
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

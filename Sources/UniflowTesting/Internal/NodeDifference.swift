/// One step of the path from a value to a part of it.
enum PathComponent: Hashable, Sendable {
  /// A stored property or tuple element: `.title`, `.0`.
  case field(String)
  /// An element of an ordered collection: `[2]`.
  case index(Int)
  /// A dictionary entry, by the rendering of its key: `["milk"]`.
  case key(String)
  /// An element of a collection with identifiers, by its identifier: `[id: 3]`.
  case id(String)
  /// The payload of an enum case: `.loaded`.
  case enumCase(String)

  /// Whether two components name the same part, counting any two indices as the same.
  func matches(_ other: Self) -> Bool {
    switch (self, other) {
    case (.index, .index): true
    default: self == other
    }
  }
}

/// Renders a path: `todos[1].isDone`, `self` for the value itself.
func renderPath(_ path: [PathComponent]) -> String {
  guard let first = path.first else { return "self" }
  var output: String
  switch first {
  case .field(let name), .enumCase(let name): output = name
  case .index, .key, .id: output = "self"
  }
  for (position, component) in path.enumerated() {
    switch component {
    case .field(let name), .enumCase(let name): if position > 0 { output += "." + name }
    case .index(let index): output += "[\(index)]"
    case .key(let key): output += "[\(key)]"
    case .id(let id): output += "[id: \(id)]"
    }
  }
  return output
}

/// Whether one path leads into the other, counting any two indices as the same: a change at
/// `todos[3].title` concerns an assertion about `todos[2]`, or about `todos`.
func pathsOverlap(_ lhs: [PathComponent], _ rhs: [PathComponent]) -> Bool {
  zip(lhs, rhs).allSatisfy { $0.matches($1) }
}

/// A part of two values that differs; `nil` on one side means that side has no such part.
struct NodeDifference: Hashable, Sendable {
  var path: [PathComponent]
  var expected: DumpNode?
  var actual: DumpNode?
}

/// The parts of two dumps that differ, as minimal paths.
///
/// Structures, tuples and enum payloads of the same shape are compared field by field;
/// collections element by element, aligned on their longest common subsequence so that an
/// insertion shows as one element, not as every element after it; sets by membership;
/// dictionaries by key. Anything else that differs is reported whole.
func differences(expected: DumpNode, actual: DumpNode) -> [NodeDifference] {
  var result: [NodeDifference] = []
  collectDifferences(expected, actual, path: [], into: &result)
  return result
}

private func collectDifferences(
  _ expected: DumpNode, _ actual: DumpNode, path: [PathComponent], into result: inout [NodeDifference]
) {
  guard expected != actual else { return }
  switch (expected, actual) {
  case (.structure(let lhsType, let lhs), .structure(let rhsType, let rhs))
  where lhsType == rhsType && lhs.map(\.label) == rhs.map(\.label):
    collectFieldDifferences(lhs, rhs, path: path, into: &result)
  case (.tuple(let lhs), .tuple(let rhs)) where lhs.map(\.label) == rhs.map(\.label):
    collectFieldDifferences(lhs, rhs, path: path, into: &result)
  case (.enumCase(let lhsName, let lhs?), .enumCase(let rhsName, let rhs?)) where lhsName == rhsName:
    collectDifferences(lhs, rhs, path: path + [.enumCase(lhsName)], into: &result)
  case (.sequence(let lhsType, let lhs), .sequence(let rhsType, let rhs)) where lhsType == rhsType:
    collectSequenceDifferences(lhs, rhs, path: path, into: &result)
  case (.keyedSequence(let lhsType, let lhs), .keyedSequence(let rhsType, let rhs)) where lhsType == rhsType:
    collectKeyedDifferences(lhs, rhs, path: path, into: &result)
  case (.sequence(let lhsType, []), .keyedSequence(let rhsType, let rhs)) where lhsType == rhsType:
    collectKeyedDifferences([], rhs, path: path, into: &result)
  case (.keyedSequence(let lhsType, let lhs), .sequence(let rhsType, [])) where lhsType == rhsType:
    collectKeyedDifferences(lhs, [], path: path, into: &result)
  case (.set(let lhsType, let lhs), .set(let rhsType, let rhs)) where lhsType == rhsType:
    let lhsMembers = Set(lhs)
    let rhsMembers = Set(rhs)
    for member in lhs where !rhsMembers.contains(member) {
      result.append(NodeDifference(path: path, expected: member, actual: nil))
    }
    for member in rhs where !lhsMembers.contains(member) {
      result.append(NodeDifference(path: path, expected: nil, actual: member))
    }
  case (.dictionary(let lhsType, let lhs), .dictionary(let rhsType, let rhs)) where lhsType == rhsType:
    collectEntryDifferences(lhs, rhs, path: path, into: &result)
  default:
    result.append(NodeDifference(path: path, expected: expected, actual: actual))
  }
}

private func collectFieldDifferences(
  _ lhs: [DumpNode.Field], _ rhs: [DumpNode.Field], path: [PathComponent],
  into result: inout [NodeDifference]
) {
  for (position, (left, right)) in zip(lhs, rhs).enumerated() {
    let component = PathComponent.field(left.label ?? "\(position)")
    collectDifferences(left.value, right.value, path: path + [component], into: &result)
  }
}

private func collectEntryDifferences(
  _ lhs: [DumpNode.Entry], _ rhs: [DumpNode.Entry], path: [PathComponent],
  into result: inout [NodeDifference]
) {
  var lhsIndex = 0
  var rhsIndex = 0
  // Both sides are sorted by rendered key: walk them together.
  while lhsIndex < lhs.count || rhsIndex < rhs.count {
    let left = lhsIndex < lhs.count ? lhs[lhsIndex] : nil
    let right = rhsIndex < rhs.count ? rhs[rhsIndex] : nil
    let leftKey = left?.key.rendered
    let rightKey = right?.key.rendered
    if let left, let leftKey, let right, leftKey == rightKey {
      collectDifferences(left.value, right.value, path: path + [.key(leftKey)], into: &result)
      lhsIndex += 1
      rhsIndex += 1
    } else if let left, let leftKey, rightKey.map({ leftKey < $0 }) ?? true {
      result.append(NodeDifference(path: path + [.key(leftKey)], expected: left.value, actual: nil))
      lhsIndex += 1
    } else if let right, let rightKey {
      result.append(NodeDifference(path: path + [.key(rightKey)], expected: nil, actual: right.value))
      rhsIndex += 1
    }
  }
}

/// Elements with identifiers, matched by identifier: an element only one side has is missing
/// or unexpected, the others are compared in depth, and a change of order is one difference
/// of the whole collection, listing the identifiers in each order.
private func collectKeyedDifferences(
  _ lhs: [DumpNode.Entry], _ rhs: [DumpNode.Entry], path: [PathComponent],
  into result: inout [NodeDifference]
) {
  let lhsKeys = lhs.map(\.key.rendered)
  let rhsKeys = rhs.map(\.key.rendered)
  let lhsByKey = Dictionary(zip(lhsKeys, lhs.map(\.value)), uniquingKeysWith: { first, _ in first })
  let rhsByKey = Dictionary(zip(rhsKeys, rhs.map(\.value)), uniquingKeysWith: { first, _ in first })
  let lhsCommon = lhsKeys.filter { rhsByKey[$0] != nil }
  let rhsCommon = rhsKeys.filter { lhsByKey[$0] != nil }
  if lhsCommon != rhsCommon {
    func order(_ keys: [String]) -> DumpNode {
      .scalar("ids in the order [" + keys.joined(separator: ", ") + "]")
    }
    result.append(NodeDifference(path: path, expected: order(lhsCommon), actual: order(rhsCommon)))
  }
  for (key, value) in zip(lhsKeys, lhs.map(\.value)) {
    if let actual = rhsByKey[key] {
      collectDifferences(value, actual, path: path + [.id(key)], into: &result)
    } else {
      result.append(NodeDifference(path: path + [.id(key)], expected: value, actual: nil))
    }
  }
  for (key, value) in zip(rhsKeys, rhs.map(\.value)) where lhsByKey[key] == nil {
    result.append(NodeDifference(path: path + [.id(key)], expected: nil, actual: value))
  }
}

/// The largest product of lengths for which the differing middle of two collections is
/// aligned on a longest common subsequence; beyond it elements are compared by position.
private let alignmentLimit = 250_000

private func collectSequenceDifferences(
  _ lhs: [DumpNode], _ rhs: [DumpNode], path: [PathComponent], into result: inout [NodeDifference]
) {
  var start = 0
  while start < lhs.count, start < rhs.count, lhs[start] == rhs[start] { start += 1 }
  var lhsEnd = lhs.count
  var rhsEnd = rhs.count
  while lhsEnd > start, rhsEnd > start, lhs[lhsEnd - 1] == rhs[rhsEnd - 1] {
    lhsEnd -= 1
    rhsEnd -= 1
  }
  let removed = Array(start..<lhsEnd)
  let inserted = Array(start..<rhsEnd)
  if removed.count == inserted.count || removed.count * inserted.count > alignmentLimit {
    collectHunk(removed: removed, inserted: inserted, lhs, rhs, path: path, into: &result)
    return
  }
  // A longest common subsequence of the middle parts; `table[i][j]` is its length from
  // `lhs[start + i]` and `rhs[start + j]` on.
  let lhsHashes = lhs[start..<lhsEnd].map(\.hashValue)
  let rhsHashes = rhs[start..<rhsEnd].map(\.hashValue)
  let rows = removed.count
  let columns = inserted.count
  func same(_ i: Int, _ j: Int) -> Bool {
    lhsHashes[i] == rhsHashes[j] && lhs[start + i] == rhs[start + j]
  }
  var table = [[Int32]](repeating: [Int32](repeating: 0, count: columns + 1), count: rows + 1)
  for i in stride(from: rows - 1, through: 0, by: -1) {
    for j in stride(from: columns - 1, through: 0, by: -1) {
      table[i][j] = same(i, j) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
    }
  }
  var i = 0
  var j = 0
  var hunkRemoved: [Int] = []
  var hunkInserted: [Int] = []
  while i < rows || j < columns {
    if i < rows, j < columns, same(i, j) {
      collectHunk(removed: hunkRemoved, inserted: hunkInserted, lhs, rhs, path: path, into: &result)
      hunkRemoved = []
      hunkInserted = []
      i += 1
      j += 1
    } else if j == columns || (i < rows && table[i + 1][j] >= table[i][j + 1]) {
      hunkRemoved.append(start + i)
      i += 1
    } else {
      hunkInserted.append(start + j)
      j += 1
    }
  }
  collectHunk(removed: hunkRemoved, inserted: hunkInserted, lhs, rhs, path: path, into: &result)
}

/// A run of elements replaced by another: pairs are compared in depth (at the actual index),
/// the rest are missing (at the expected index) or unexpected (at the actual index).
private func collectHunk(
  removed: [Int], inserted: [Int], _ lhs: [DumpNode], _ rhs: [DumpNode], path: [PathComponent],
  into result: inout [NodeDifference]
) {
  let paired = min(removed.count, inserted.count)
  for (left, right) in zip(removed, inserted) {
    collectDifferences(lhs[left], rhs[right], path: path + [.index(right)], into: &result)
  }
  for left in removed.dropFirst(paired) {
    result.append(NodeDifference(path: path + [.index(left)], expected: lhs[left], actual: nil))
  }
  for right in inserted.dropFirst(paired) {
    result.append(NodeDifference(path: path + [.index(right)], expected: nil, actual: rhs[right]))
  }
}

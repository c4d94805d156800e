/// A list of changes to a JSON value (RFC 6902): the `add`, `remove` and `replace`
/// operations that turn one value into another.
///
/// ```swift
/// let before: JSONValue = ["count": 1, "title": "Milk"]
/// let after: JSONValue = ["count": 2, "title": "Milk", "done": true]
/// let patch = JSONPatch(from: before, to: after)
/// patch.json.serialized
/// // [{"op":"replace","path":"/count","value":2},{"op":"add","path":"/done","value":true}]
/// try patch.applied(to: before) == after  // true
/// ```
///
/// A diff changes only the parts that differ: an object member at a time, and an array by
/// trimming the elements equal at both ends, so that inserting or removing one element of a
/// long list is one operation.
public struct JSONPatch: Sendable, Hashable {
  /// One change.
  public enum Operation: Sendable, Hashable {
    /// Adds a member to an object, inserts an element into an array (`-` appends), or
    /// replaces the whole value at the root.
    case add(JSONPointer, JSONValue)
    /// Removes a member of an object or an element of an array.
    case remove(JSONPointer)
    /// Replaces the value at a location.
    case replace(JSONPointer, JSONValue)

    /// Where the operation applies.
    public var path: JSONPointer {
      switch self {
      case .add(let path, _), .remove(let path), .replace(let path, _): path
      }
    }
  }

  /// The changes, applied in order.
  public var operations: [Operation]

  /// A patch made of operations.
  ///
  /// - Parameter operations: The changes, applied in order.
  public init(_ operations: [Operation] = []) {
    self.operations = operations
  }

  /// The patch that turns one value into another.
  ///
  /// - Parameters:
  ///   - old: The value before.
  ///   - new: The value after.
  /// - Complexity: O(*n*) in the size of the two values: equal parts are compared, and
  ///   compared parts that share storage are skipped quickly.
  public init(from old: JSONValue, to new: JSONValue) {
    var operations: [Operation] = []
    var path: [String] = []
    appendDifferences(from: old, to: new, path: &path, into: &operations)
    self.operations = operations
  }

  /// Whether the patch changes nothing.
  public var isEmpty: Bool { operations.isEmpty }

  /// Applies the patch to a value.
  ///
  /// - Parameter value: The value to change.
  /// - Returns: The changed value.
  /// - Throws: ``JSONPatchError/pathNotFound(_:)`` when an operation names a location the
  ///   value does not have.
  /// - Complexity: O(*d*) per operation for a location *d* levels deep, plus moving the
  ///   elements after an array insertion or removal.
  public func applied(to value: JSONValue) throws(JSONPatchError) -> JSONValue {
    var value = value
    try apply(to: &value)
    return value
  }

  /// Applies the patch to a value in place.
  ///
  /// - Parameter value: The value to change. When an operation fails, the operations before it
  ///   have been applied.
  /// - Throws: ``JSONPatchError/pathNotFound(_:)`` when an operation names a location the
  ///   value does not have.
  public func apply(to value: inout JSONValue) throws(JSONPatchError) {
    for operation in operations {
      try value.apply(operation, at: operation.path.tokens[...])
    }
  }

  /// The patch as RFC 6902 JSON: an array of `{"op", "path", "value"}` objects.
  public var json: JSONValue {
    .array(
      operations.map { operation in
        switch operation {
        case .add(let path, let value):
          ["op": "add", "path": .string(path.description), "value": value]
        case .remove(let path):
          ["op": "remove", "path": .string(path.description)]
        case .replace(let path, let value):
          ["op": "replace", "path": .string(path.description), "value": value]
        }
      })
  }

  /// Reads a patch from RFC 6902 JSON.
  ///
  /// - Parameter json: An array of operation objects.
  /// - Throws: ``JSONPatchError`` when an operation is not `add`, `remove` or `replace`, lacks
  ///   its path or value, or has an invalid path.
  public init(json: JSONValue) throws(JSONPatchError) {
    guard case .array(let elements) = json else { throw .invalidOperation(json.serialized) }
    var operations: [Operation] = []
    operations.reserveCapacity(elements.count)
    for element in elements {
      guard let op = element["op"]?.stringValue, let pathText = element["path"]?.stringValue else {
        throw .invalidOperation(element.serialized)
      }
      let path = try JSONPointer(parsing: pathText)
      switch op {
      case "add", "replace":
        guard let value = element["value"] else { throw .invalidOperation(element.serialized) }
        operations.append(op == "add" ? .add(path, value) : .replace(path, value))
      case "remove":
        operations.append(.remove(path))
      default:
        throw .invalidOperation(element.serialized)
      }
    }
    self.operations = operations
  }
}

private func appendDifferences(
  from old: JSONValue, to new: JSONValue, path: inout [String],
  into operations: inout [JSONPatch.Operation]
) {
  switch (old, new) {
  case (.object(let oldMembers), .object(let newMembers)):
    for key in oldMembers.keys.sorted() where newMembers[key] == nil {
      operations.append(.remove(JSONPointer(path + [key])))
    }
    // The new members sorted with their values: no look-up of a key just listed.
    for (key, newValue) in newMembers.sorted(by: { $0.key < $1.key }) {
      guard let oldValue = oldMembers[key] else {
        operations.append(.add(JSONPointer(path + [key]), newValue))
        continue
      }
      path.append(key)
      appendDifferences(from: oldValue, to: newValue, path: &path, into: &operations)
      path.removeLast()
    }
  case (.array(let oldElements), .array(let newElements)):
    appendArrayDifferences(from: oldElements, to: newElements, path: &path, into: &operations)
  default:
    if old != new { operations.append(.replace(JSONPointer(path), new)) }
  }
}

private func appendArrayDifferences(
  from old: [JSONValue], to new: [JSONValue], path: inout [String],
  into operations: inout [JSONPatch.Operation]
) {
  var prefix = 0
  while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < old.count - prefix, suffix < new.count - prefix,
    old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
  {
    suffix += 1
  }
  let oldMiddle = old.count - prefix - suffix
  let newMiddle = new.count - prefix - suffix
  let paired = min(oldMiddle, newMiddle)
  for offset in 0..<paired {
    path.append(String(prefix + offset))
    appendDifferences(
      from: old[prefix + offset], to: new[prefix + offset], path: &path, into: &operations)
    path.removeLast()
  }
  // Extra old elements go from the same index, one after the other; extra new ones are
  // inserted in order.
  for _ in paired..<max(paired, oldMiddle) {
    operations.append(.remove(JSONPointer(path + [String(prefix + paired)])))
  }
  for offset in paired..<max(paired, newMiddle) {
    operations.append(.add(JSONPointer(path + [String(prefix + offset)]), new[prefix + offset]))
  }
}

extension JSONValue {
  /// Applies one operation at the remaining tokens of its path.
  fileprivate mutating func apply(
    _ operation: JSONPatch.Operation, at tokens: ArraySlice<String>
  ) throws(JSONPatchError) {
    guard let token = tokens.first else {
      switch operation {
      case .add(_, let value), .replace(_, let value): self = value
      case .remove: throw .pathNotFound(operation.path)
      }
      return
    }
    let isLast = tokens.count == 1
    switch self {
    case .object(var members):
      // Release our reference first, so the members are changed in place.
      self = .null
      defer { self = .object(members) }
      if isLast {
        switch operation {
        case .add(_, let value): members[token] = value
        case .replace(_, let value):
          guard members[token] != nil else { throw .pathNotFound(operation.path) }
          members[token] = value
        case .remove:
          guard members.removeValue(forKey: token) != nil else { throw .pathNotFound(operation.path) }
        }
      } else {
        guard var member = members.removeValue(forKey: token) else {
          throw .pathNotFound(operation.path)
        }
        defer { members[token] = member }
        try member.apply(operation, at: tokens.dropFirst())
      }
    case .array(var elements):
      self = .null
      defer { self = .array(elements) }
      if isLast, case .add(_, let value) = operation {
        if token == "-" {
          elements.append(value)
          return
        }
        guard let index = arrayIndex(token), index <= elements.count else {
          throw .pathNotFound(operation.path)
        }
        elements.insert(value, at: index)
        return
      }
      guard let index = arrayIndex(token), index < elements.count else {
        throw .pathNotFound(operation.path)
      }
      if isLast {
        switch operation {
        case .add: break
        case .replace(_, let value): elements[index] = value
        case .remove: elements.remove(at: index)
        }
      } else {
        var element = elements[index]
        elements[index] = .null
        defer { elements[index] = element }
        try element.apply(operation, at: tokens.dropFirst())
      }
    default:
      throw .pathNotFound(operation.path)
    }
  }
}

/// An array index token: digits without a leading zero.
private func arrayIndex(_ token: String) -> Int? {
  guard !token.isEmpty, token == "0" || !token.hasPrefix("0"),
    token.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
  else { return nil }
  return Int(token)
}

/// The name of a type as a reader would write it in the module that declares it: nested types
/// in full, without module prefixes or private-context markers. `MyApp.Feature.Action` becomes
/// `Feature.Action`, `Swift.Array<MyApp.Todo>` becomes `Array<Todo>`.
///
/// Uses reflection; only messages call it, never the hot path.
@usableFromInline
package func typeName(_ type: Any.Type) -> String {
  removingModulePrefixes(withoutPrivateContexts(String(reflecting: type)))
}

/// A value's description as a reader would write it: the types it names in full, nested in
/// the types they are declared in, without module prefixes or private-context markers.
/// `Nudge(side: MyApp.Feature.Side.left)` becomes `Feature.Nudge(side: Feature.Side.left)`.
///
/// - Parameters:
///   - value: The value.
///   - reflecting: Whether to start from `String(reflecting:)` (strings quoted) rather than
///     `String(describing:)`.
///
/// Uses reflection; only messages call it.
package func readableDescription(of value: Any, reflecting: Bool) -> String {
  var text = withoutPrivateContexts(
    reflecting ? String(reflecting: value) : String(describing: value))
  // The module of the value's type, wherever a qualified name starts with it.
  let prefix = moduleName(of: type(of: value)) + "."
  var result = ""
  var index = text.startIndex
  while index < text.endIndex {
    if text[index...].hasPrefix(prefix), result.last.map({ !$0.isIdentifierPart }) ?? true {
      index = text.index(index, offsetBy: prefix.count)
      continue
    }
    result.append(text[index])
    index = text.index(after: index)
  }
  text = result
  // A struct describes itself by its own name only.
  let full = typeName(type(of: value))
  let own = full.split(separator: "<").first.map { $0.split(separator: ".").last ?? $0 } ?? ""
  if full.count > own.count, !own.isEmpty, text.hasPrefix(own + "(") {
    text = full + text.dropFirst(own.count)
  }
  return text
}

extension Character {
  /// Whether the character may be part of an identifier.
  fileprivate var isIdentifierPart: Bool { isLetter || isNumber || self == "_" }
}

/// `name` without the markers of private contexts: `Module.(unknown context at $10b1e2c).Name`
/// reads `Module.Name`.
private func withoutPrivateContexts(_ name: String) -> String {
  var name = name
  while let marker = name.range(of: "(unknown context at ") {
    guard let close = name[marker.upperBound...].firstIndex(of: ")") else { break }
    var end = name.index(after: close)
    if end < name.endIndex, name[end] == "." { end = name.index(after: end) }
    name.removeSubrange(marker.lowerBound..<end)
  }
  return name
}

/// The module that declares a type: the first component of its qualified name.
package func moduleName(of type: Any.Type) -> Substring {
  let name = String(reflecting: type)
  return name.prefix { $0 != "." && $0 != "<" && $0 != "(" }
}

/// Removes the first component of every dotted, qualified name in `name`.
private func removingModulePrefixes(_ name: String) -> String {
  var result = ""
  var token = ""
  func flush() {
    if let dot = token.firstIndex(of: "."), token.first != "." {
      result += token[token.index(after: dot)...]
    } else {
      result += token
    }
    token = ""
  }
  for character in name {
    if character.isLetter || character.isNumber || character == "_" || character == "." {
      token.append(character)
    } else {
      flush()
      result.append(character)
    }
  }
  flush()
  return result
}

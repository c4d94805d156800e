/// The name of a type as a reader would write it in the module that declares it: nested types
/// in full, without module prefixes or private-context markers. `MyApp.Feature.Action` becomes
/// `Feature.Action`, `Swift.Array<MyApp.Todo>` becomes `Array<Todo>`.
///
/// Uses reflection; only messages call it, never the hot path.
@usableFromInline
package func typeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  // Private types read `Module.(unknown context at $10b1e2c).Name`.
  while let marker = name.range(of: "(unknown context at ") {
    guard let close = name[marker.upperBound...].firstIndex(of: ")") else { break }
    var end = name.index(after: close)
    if end < name.endIndex, name[end] == "." { end = name.index(after: end) }
    name.removeSubrange(marker.lowerBound..<end)
  }
  return removingModulePrefixes(name)
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

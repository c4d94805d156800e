/// Why a JSON Patch cannot be read or applied.
public enum JSONPatchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A JSON Pointer that is not valid.
  case invalidPointer(String)
  /// A patch operation that is not a valid `add`, `remove` or `replace` object.
  case invalidOperation(String)
  /// The path names a member or element the value does not have.
  case pathNotFound(JSONPointer)

  /// The problem in a sentence.
  public var description: String {
    switch self {
    case .invalidPointer(let text): "invalid JSON Pointer \"\(text)\""
    case .invalidOperation(let text): "invalid patch operation \(text)"
    case .pathNotFound(let pointer): "no value at \"\(pointer)\""
    }
  }
}

/// A location inside a JSON value (RFC 6901): `/todos/0/title`, or `""` for the whole value.
///
/// Each reference token is unescaped: in the text form `~` is written `~0` and `/` is written
/// `~1`.
///
/// ```swift
/// let pointer = JSONPointer(["a/b", "m~n"])
/// pointer.description  // "/a~1b/m~0n"
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The reference tokens from the root, unescaped.
  public var tokens: [String]

  /// A pointer made of reference tokens.
  ///
  /// - Parameter tokens: The reference tokens from the root, unescaped.
  public init(_ tokens: [String] = []) {
    self.tokens = tokens
  }

  /// Parses the text form of a pointer.
  ///
  /// - Parameter text: `""` or a `/`-separated list of escaped reference tokens.
  /// - Throws: ``JSONPatchError/invalidPointer(_:)`` when the text does not start with `/`
  ///   or holds a `~` not followed by `0` or `1`.
  public init(parsing text: String) throws(JSONPatchError) {
    guard !text.isEmpty else {
      self.tokens = []
      return
    }
    // Scalar by scalar: a combining mark after `/` or `~` makes one character of the two,
    // which would hide the separator or the escape.
    let scalars = text.unicodeScalars
    guard scalars.first == "/" else { throw .invalidPointer(text) }
    var tokens: [String] = []
    for escaped in scalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var token = String.UnicodeScalarView()
      var iterator = escaped.makeIterator()
      while let scalar = iterator.next() {
        guard scalar == "~" else {
          token.append(scalar)
          continue
        }
        switch iterator.next() {
        case "0": token.append("~")
        case "1": token.append("/")
        default: throw .invalidPointer(text)
        }
      }
      tokens.append(String(token))
    }
    self.tokens = tokens
  }

  /// The pointer's text form, with `~` and `/` in tokens escaped.
  public var description: String {
    var text = String.UnicodeScalarView()
    for token in tokens {
      text.append("/")
      for scalar in token.unicodeScalars {
        switch scalar {
        case "~": text.append(contentsOf: "~0".unicodeScalars)
        case "/": text.append(contentsOf: "~1".unicodeScalars)
        default: text.append(scalar)
        }
      }
    }
    return String(text)
  }

  /// The pointer to a member or element of the value this pointer points to.
  ///
  /// - Parameter token: The member's key or the element's index, unescaped.
  /// - Returns: The longer pointer.
  public func appending(_ token: String) -> JSONPointer {
    JSONPointer(tokens + [token])
  }
}

/// Why a text is not JSON.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// The text ends inside a value.
    case unexpectedEnd
    /// A character that cannot start or continue a value here.
    case unexpectedCharacter(String)
    /// A number that is not valid JSON.
    case invalidNumber
    /// A string escape that is not valid JSON.
    case invalidEscape
    /// More text after the value.
    case trailingText
  }

  /// What is wrong.
  public let reason: Reason
  /// The offset in UTF-8 bytes where the problem is.
  public let offset: Int

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What is wrong.
  ///   - offset: The offset in UTF-8 bytes where the problem is.
  public init(_ reason: Reason, at offset: Int) {
    self.reason = reason
    self.offset = offset
  }

  /// Whether the text ended inside a value: a line cut short.
  public var isUnexpectedEnd: Bool { reason == .unexpectedEnd }

  /// The problem in a sentence.
  public var description: String {
    switch reason {
    case .unexpectedEnd: "the text ends inside a value (at byte \(offset))"
    case .unexpectedCharacter(let character): "unexpected \(character) at byte \(offset)"
    case .invalidNumber: "invalid number at byte \(offset)"
    case .invalidEscape: "invalid string escape at byte \(offset)"
    case .trailingText: "unexpected text after the value at byte \(offset)"
    }
  }
}

/// A value bound to a parameter of an SQL statement, or read from a column of its result.
///
/// ```swift
/// try database.execute(
///   "INSERT INTO todos (title, created_at) VALUES (?, ?)",
///   [.text("Buy milk"), .real(Date().timeIntervalSince1970)])
/// ```
public enum SQLiteValue: Hashable, Sendable {
  /// SQL `NULL`.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// A double-precision floating-point number.
  case real(Double)
  /// UTF-8 text.
  case text(String)

  /// The integer, or `nil` for another kind of value.
  public var integer: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  /// The number, converting an integer; `nil` for another kind of value.
  public var real: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// The text, or `nil` for another kind of value.
  public var text: String? {
    if case .text(let value) = self { value } else { nil }
  }
}

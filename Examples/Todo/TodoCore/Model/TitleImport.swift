/// The titles of an import (`todo add -`): one title per line of text, read from bytes that may
/// be anything a pipe carries.
///
/// Each line is read as UTF-8 (a byte that is not UTF-8 becomes `�`, as `readLine()` reads it),
/// then normalized as every title is (``Todo/normalizedTitle(_:)``); a blank line is skipped.
/// A line break is `\n`; a `\r` before it, as a Windows file has, is white space and goes.
///
/// ```swift
/// let titles = try TitleImport(reading: Array("Buy milk\n\n  Call mom  \r\n".utf8)).titles
/// // ["Buy milk", "Call mom"]
/// ```
public struct TitleImport: Hashable, Sendable {
  /// Why an import is refused: nothing of it is added.
  public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The title on a line, counting from 1, is longer than ``Todo/maximumTitleLength``.
    case titleTooLong(line: Int, length: Int, maximum: Int)
    /// No line holds a title.
    case noTitles

    /// The problem in a sentence.
    public var description: String {
      switch self {
      case .titleTooLong(let line, let length, let maximum):
        "line \(line): \(TodoStoreError.titleTooLong(length: length, maximum: maximum))"
      case .noTitles: "no titles on standard input (one title per line)"
      }
    }
  }

  /// The titles, normalized, in the order of their lines; never empty.
  public let titles: [String]

  /// Reads the titles of an import.
  ///
  /// - Parameter input: The text, as bytes.
  /// - Throws: ``Error/titleTooLong(line:length:maximum:)`` for the first line whose title is
  ///   too long, ``Error/noTitles`` when no line holds a title.
  /// - Complexity: O(*n*) in the number of bytes.
  public init(reading input: some Collection<UInt8>) throws(Error) {
    var titles: [String] = []
    for (index, line) in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated()
    {
      guard let title = Todo.normalizedTitle(String(decoding: line, as: UTF8.self)) else { continue }
      let length = title.count
      guard length <= Todo.maximumTitleLength else {
        throw .titleTooLong(line: index + 1, length: length, maximum: Todo.maximumTitleLength)
      }
      titles.append(title)
    }
    guard !titles.isEmpty else { throw .noTitles }
    self.titles = titles
  }
}

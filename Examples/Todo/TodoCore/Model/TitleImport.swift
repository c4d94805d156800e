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
///
/// A ``Reader`` takes the bytes a piece at a time, as they arrive, and refuses a line as soon
/// as it holds more than a title's characters, without reading the rest of it.
public struct TitleImport: Hashable, Sendable {
  /// Why an import is refused: nothing of it is added.
  public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The title on a line, counting from 1, is longer than `maximum` characters.
    case titleTooLong(line: Int, maximum: Int)
    /// No line holds a title.
    case noTitles

    /// The problem in a sentence.
    public var description: String {
      switch self {
      case .titleTooLong(let line, let maximum):
        "line \(line): the title is longer than \(maximum) characters, the most a title has"
      case .noTitles: "no titles on standard input (one title per line)"
      }
    }
  }

  /// The titles, normalized, in the order of their lines; never empty.
  public let titles: [String]

  /// Reads the titles of an import.
  ///
  /// - Parameter input: The text, as bytes.
  /// - Throws: ``Error/titleTooLong(line:maximum:)`` for the first line whose title is too
  ///   long, ``Error/noTitles`` when no line holds a title.
  /// - Complexity: O(*n*) in the number of bytes.
  public init(reading input: some Collection<UInt8>) throws(Error) {
    var reader = Reader()
    try reader.read(input)
    self = try reader.finish()
  }

  private init(titles: [String]) {
    self.titles = titles
  }

  /// Reads an import a piece at a time: the titles of the lines ended so far, and the line
  /// being read, which it checks each time it doubles in length.
  ///
  /// ```swift
  /// var reader = TitleImport.Reader()
  /// try reader.read(Array("Buy mi".utf8))
  /// try reader.read(Array("lk\nCall mom".utf8))
  /// try reader.finish().titles  // ["Buy milk", "Call mom"]
  /// ```
  public struct Reader: Sendable {
    private var titles: [String] = []
    private var line: [UInt8] = []
    private var lineNumber = 1
    /// The length, in bytes, at which the line being read is checked next.
    private var nextCheck = Reader.firstCheck
    private static let firstCheck = 4_096

    /// A reader at the start of the text.
    public init() {}

    /// Reads the next bytes of the text.
    ///
    /// - Parameter bytes: The bytes after those read so far.
    /// - Throws: ``Error/titleTooLong(line:maximum:)`` as soon as the line being read holds a
    ///   title too long; the reader is then done.
    /// - Complexity: O(*n*) in the number of bytes, over all the calls.
    public mutating func read(_ bytes: some Collection<UInt8>) throws(Error) {
      var rest = bytes[...]
      while let end = rest.firstIndex(of: UInt8(ascii: "\n")) {
        line.append(contentsOf: rest[..<end])
        try endLine()
        rest = rest[rest.index(after: end)...]
      }
      line.append(contentsOf: rest)
      // Checked each time it doubles: the work stays in proportion to the line's length, and
      // a line too long is refused before it is twice as long as the limit shows.
      if line.count >= nextCheck {
        while nextCheck <= line.count { nextCheck *= 2 }
        // A grapheme cut at the end may join what follows, and one byte of a character cut in
        // two reads as `�`: the whole line has at least two characters fewer than this part.
        if let title = Todo.normalizedTitle(String(decoding: line, as: UTF8.self)),
          title.count > Todo.maximumTitleLength + 2
        {
          throw .titleTooLong(line: lineNumber, maximum: Todo.maximumTitleLength)
        }
      }
    }

    /// Ends the text: its last line, if it has no line break, is read too.
    ///
    /// - Returns: The import.
    /// - Throws: ``Error/titleTooLong(line:maximum:)`` when the last line's title is too long,
    ///   ``Error/noTitles`` when no line holds a title.
    public mutating func finish() throws(Error) -> TitleImport {
      try endLine()
      guard !titles.isEmpty else { throw .noTitles }
      return TitleImport(titles: titles)
    }

    private mutating func endLine() throws(Error) {
      defer {
        line.removeAll(keepingCapacity: true)
        lineNumber += 1
        nextCheck = Self.firstCheck
      }
      guard let title = Todo.normalizedTitle(String(decoding: line, as: UTF8.self)) else { return }
      guard title.count <= Todo.maximumTitleLength else {
        throw .titleTooLong(line: lineNumber, maximum: Todo.maximumTitleLength)
      }
      titles.append(title)
    }
  }
}

/// Cuts the bytes of a log that grows into lines, keeping a line still being written until its
/// line break comes, and refusing a line longer than a limit without holding it in memory.
///
/// A pure state machine: ``LogFollower`` feeds it what it reads from the file.
public struct LogLineSplitter: Sendable {
  /// What a piece of the log held.
  public enum Piece: Sendable, Hashable {
    /// A whole line, without its line break.
    case line([UInt8])
    /// A line longer than the limit, skipped: its length in bytes.
    case refused(length: Int)
  }

  /// The longest line kept, in bytes.
  public let maximumLineLength: Int
  /// The start of the line being written.
  private var partial: [UInt8] = []
  /// The length of the refused line being skipped, or `nil` when none is.
  private var skipping: Int?

  /// Creates a splitter.
  ///
  /// - Parameter maximumLineLength: The longest line kept, in bytes.
  public init(maximumLineLength: Int) {
    self.maximumLineLength = maximumLineLength
  }

  /// Whether the last bytes fed are the start of a line not yet ended.
  public var hasPartialLine: Bool { !partial.isEmpty || skipping != nil }

  /// Takes the next bytes of the log and returns the lines they end.
  ///
  /// - Parameter bytes: The bytes that follow those fed before.
  /// - Returns: The lines ended, in order.
  /// - Complexity: O(*n*) in the number of bytes; holds at most ``maximumLineLength`` bytes.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [Piece] {
    var pieces: [Piece] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
      let chunk = rest[..<(newline ?? rest.endIndex)]
      if let length = skipping {
        skipping = length + chunk.count
      } else if partial.count + chunk.count > maximumLineLength {
        skipping = partial.count + chunk.count
        partial = []
      } else {
        partial.append(contentsOf: chunk)
      }
      guard let newline else { break }
      if let length = skipping {
        pieces.append(.refused(length: length))
      } else {
        pieces.append(.line(partial))
      }
      partial = []
      skipping = nil
      rest = rest[rest.index(after: newline)...]
    }
    return pieces
  }

  /// Forgets the line being written: the log started again.
  public mutating func reset() {
    partial = []
    skipping = nil
  }
}

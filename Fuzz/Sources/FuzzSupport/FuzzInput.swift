/// The bytes of one fuzz input, read a piece at a time to build structured values: a number
/// in a range, a choice among cases, a run of bytes.
///
/// Reading past the end gives zeros and empty runs, so every input, however short, builds a
/// value; libFuzzer mutates the bytes and so explores the structure.
public struct FuzzInput {
  private var bytes: ArraySlice<UInt8>

  /// An input over the bytes libFuzzer gave.
  ///
  /// - Parameter bytes: The input.
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes[...]
  }

  /// Whether every byte has been read.
  public var isEmpty: Bool { bytes.isEmpty }

  /// The next byte; 0 at the end.
  public mutating func byte() -> UInt8 {
    bytes.popFirst() ?? 0
  }

  /// A number in a range, from the next byte or two.
  ///
  /// - Parameter range: The numbers allowed.
  /// - Returns: A number of the range.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = range.upperBound - range.lowerBound
    let raw = span < 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
    return range.lowerBound + raw % (span + 1)
  }

  /// One of some values, chosen by the next byte.
  ///
  /// - Parameter choices: The values to choose from; not empty.
  /// - Returns: One of them.
  public mutating func pick<Value>(_ choices: [Value]) -> Value {
    choices[int(in: 0...(choices.count - 1))]
  }

  /// The next bytes, at most `count` of them.
  ///
  /// - Parameter count: The most to read.
  /// - Returns: The bytes read.
  public mutating func bytes(upTo count: Int) -> [UInt8] {
    let run = Array(bytes.prefix(count))
    bytes = bytes.dropFirst(count)
    return run
  }

  /// The bytes up to the next `separator` (which is read and dropped), or to the end.
  ///
  /// - Parameter separator: The byte that ends the run.
  /// - Returns: The bytes before it.
  public mutating func bytes(before separator: UInt8) -> [UInt8] {
    let run = Array(bytes.prefix { $0 != separator })
    bytes = bytes.dropFirst(run.count + 1)
    return run
  }

  /// Every byte not read yet.
  public mutating func rest() -> [UInt8] {
    defer { bytes = [] }
    return Array(bytes)
  }
}

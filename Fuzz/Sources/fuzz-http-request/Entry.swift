import FuzzSupport
import UniflowLiveInspector

/// The live inspector's request reader, fed as the server feeds it: the bytes received so far,
/// growing by reads cut anywhere, and the log follower's line splitter, fed in pieces.
///
/// The reader never traps; a head it reads in full is read the same from any longer prefix
/// (the bytes after it are not its concern) and is never longer than the limit; while it needs
/// more, the bytes so far hold no blank line and fit in the limit. The splitter gives the same
/// lines fed in pieces as fed whole, and never a line longer than its limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
  let limit = input.int(in: 16...512)
  let cuts = input.bytes(upTo: 8)
  let bytes = input.rest()
  checkReader(bytes, limit: limit, cuts: cuts)
  checkSplitter(bytes, limit: limit, cuts: cuts)
  return 0
}

func checkReader(_ bytes: [UInt8], limit: Int, cuts: [UInt8]) {
  let reader = HTTPRequestReader(maximumSize: limit, maximumHeaderCount: 8)
  let whole = Result { () throws(HTTPRequestError) in try reader.read(bytes) }
  var received: [UInt8] = []
  var turn = 0
  while received.count < bytes.count {
    let length = cuts.isEmpty ? bytes.count : Int(cuts[turn % cuts.count] % 64) + 1
    turn += 1
    received.append(contentsOf: bytes[received.count..<min(bytes.count, received.count + length)])
    let outcome = Result { () throws(HTTPRequestError) in try reader.read(received) }
    switch outcome {
    case .success(.needMore):
      check(received.count <= limit + 4, "needs more after \(received.count) bytes, limit \(limit)")
      check(!containsBlankLine(received), "needs more, yet the head ended: \(received)")
    case .success(.request(let request)):
      check(whole == outcome, "read \(request) from a prefix, \(whole) from the whole")
      return
    case .failure:
      // The server answers and closes at the first error.
      return
    }
  }
}

func containsBlankLine(_ bytes: [UInt8]) -> Bool {
  let text = bytes.map { $0 == 0x0D ? 0x20 : $0 }
  for index in text.indices.dropLast() where text[index] == 0x0A {
    if text[index + 1] == 0x0A { return true }
    if index + 2 < text.count, bytes[index + 1] == 0x0D, text[index + 2] == 0x0A { return true }
  }
  return false
}

func checkSplitter(_ bytes: [UInt8], limit: Int, cuts: [UInt8]) {
  var whole = LogLineSplitter(maximumLineLength: limit)
  let expected = whole.feed(bytes)
  var pieces = LogLineSplitter(maximumLineLength: limit)
  var lines: [LogLineSplitter.Piece] = []
  var start = 0
  var turn = 0
  while start < bytes.count {
    let length = cuts.isEmpty ? bytes.count : Int(cuts[turn % cuts.count] % 64) + 1
    turn += 1
    let end = min(bytes.count, start + length)
    lines += pieces.feed(bytes[start..<end])
    start = end
  }
  check(lines == expected, "fed in pieces \(lines), whole \(expected)")
  for case .line(let line) in lines {
    check(line.count <= limit, "a line of \(line.count) bytes over the limit \(limit)")
  }
}

import FuzzSupport
import UniflowDevTools

/// The JSON value parser on any bytes: a value it reads is written and read back as itself;
/// anything else is a `JSONParseError` with its message and an offset inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let value = try JSONValue(parsing: bytes)
    let text = value.serialized
    do {
      let again = try JSONValue(parsing: text)
      check(again == value, "\(text) reads back as \(again.serialized)")
      check(again.serialized == text, "\(text) is written again as \(again.serialized)")
    } catch {
      check(false, "\(text), written from a parsed value, does not parse: \(error)")
    }
  } catch {
    checkMessage(of: error)
    check((0...bytes.count).contains(error.offset), "offset \(error.offset) outside 0...\(bytes.count)")
  }
  return 0
}

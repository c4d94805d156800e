import FuzzSupport
import TodoCore

/// A server's address holding a password, spelt every way libpq reads one (a keyword value
/// quoted or escaped, white space before `=`, a URI's user information, a query key written
/// with percent-encoding), amid random settings: no message the program prints about it —
/// the refusal of a bad address, the refusal of a password in `--server`, the server's name —
/// shows any run of the password's bytes, raw or percent-encoded.
///
/// The password is made of Greek letters, which nothing else in the address holds, so that a
/// letter of it in a message can only be the password repeated (unless libpq read it as the
/// host, user, port or database, which the messages may name).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
  let spelling = input.int(in: 0...7)
  var password = ""
  for byte in input.bytes(upTo: input.int(in: 1...12)) {
    // Mostly letters, and now and then a character the spellings treat specially.
    let specials: [Character] = [" ", "\\", "'", "%", "@", ":", "/", "?", "&", "=", "\t", "["]
    password.append(
      byte < 200
        ? Character(Unicode.Scalar(0x3B1 + UInt32(byte) % 24)!)
        : specials[Int(byte) % specials.count])
  }
  let encoded = password.utf8.map { byte in
    byte < 0x80 && (byte == UInt8(ascii: " ") || byte > 0x20) && byte != UInt8(ascii: "%")
      ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true)
  }.joined()
  let before = asciiText(input.bytes(before: 0))
  let after = asciiText(input.bytes(before: 0))
  let address =
    switch spelling {
    case 0: "\(before) password=\(password) \(after)"
    case 1: "\(before) password='\(password)' \(after)"
    case 2: "\(before) password\t=\(password) \(after)"
    case 3: "postgresql://\(before):\(password)@\(after)"
    case 4: "postgresql://\(before):\(encoded)@\(after)"
    case 5: "postgresql://\(before)?pass%77ord=\(encoded)&\(after)"
    case 6: "postgresql://\(before)?password=\(password)\(after)"
    default: "\(before)\(password)\(after)"
    }
  var messages: [String] = []
  var shown: [String] = []
  do {
    let server = try PostgresServer(address)
    shown = [server.host, server.port, server.user, server.database].compactMap { $0 }
    messages.append(server.description)
    do {
      _ = try PostgresServer(address, isOption: true)
    } catch {
      messages.append(error.description)
    }
  } catch {
    messages.append(error.description)
  }
  let letters = password.unicodeScalars.filter { $0.value >= 0x3B1 }
  for message in messages {
    // What libpq read as another field may be named; nothing else of the password.
    let rest = message.outside(shown)
    check(
      !rest.unicodeScalars.contains { letters.contains($0) } && !rest.contains("%CE")
        && !rest.contains("%CF"),
      "a message shows the password \(password.debugDescription) of \(address.debugDescription): "
        + message.debugDescription)
  }
  return 0
}

/// The bytes as ASCII text without a `%` that could encode a byte of a Greek letter, so that
/// the password's letters come from the password alone.
func asciiText(_ bytes: [UInt8]) -> String {
  var text = String(decoding: bytes.map { $0 & 0x7F }.filter { $0 != 0 }, as: UTF8.self)
  for high in ["%8", "%9", "%a", "%b", "%c", "%d", "%e", "%f", "%A", "%B", "%C", "%D", "%E", "%F"] {
    text = text.replacingAll(high, with: "_")
  }
  return text
}

extension String {
  /// The text without every place where one of `fields` occurs, each found in the whole
  /// message: fields may overlap (a host `@ ` and a port `α@` in `@ :α@ as`), so removing one
  /// before looking for the next could hide it.
  func outside(_ fields: [String]) -> String {
    let scalars = Array(unicodeScalars)
    var covered = [Bool](repeating: false, count: scalars.count)
    for field in fields.map({ Array($0.unicodeScalars) }) where !field.isEmpty {
      for start in scalars.indices where scalars[start...].starts(with: field) {
        for index in start..<(start + field.count) { covered[index] = true }
      }
    }
    var rest = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      // A gap where a field was, so that what comes before and after it does not join up.
      rest.append(covered[index] ? " " : scalar)
    }
    return String(rest)
  }

  /// The text with every occurrence of `target` replaced.
  func replacingAll(_ target: String, with replacement: String = "") -> String {
    guard !target.isEmpty else { return self }
    return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

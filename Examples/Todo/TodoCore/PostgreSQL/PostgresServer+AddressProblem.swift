extension PostgresServer {
  /// What is wrong with an address libpq could not parse, in our words: the field at fault and
  /// how to write it, never a character of the address (libpq's own message repeats the part
  /// it could not read, which may be the password).
  struct AddressProblem: CustomStringConvertible {
    /// The field at fault, as the user would name it: `the host`, `the password`.
    let field: String
    /// What is wrong with it.
    let problem: String

    var description: String { "\(field): \(problem)" }

    /// The problem libpq's message describes, in an address of the given form.
    ///
    /// - Parameters:
    ///   - libpqMessage: What `PQconninfoParse` said; only its fixed words are read.
    ///   - address: The address it could not parse; only its structure is read.
    init(libpqMessage: String, address: String) {
      let isURI = address.hasPrefix("postgresql://") || address.hasPrefix("postgres://")
      func says(_ words: String) -> Bool { libpqMessage.contains(words) }
      switch true {
      case says("IPv6 host address may not be empty"):
        (field, problem) = ("the host", "an IPv6 address in [ ] is empty")
      case says("IPv6 host address"):
        (field, problem) = ("the host", "an IPv6 address opened with [ is not closed with ]")
      case says("unexpected character") && says("in URI"):
        (field, problem) = ("the host", "a character that is not allowed after a host in [ ]")
      case says("percent-encoded"):
        (field, problem) = (
          Self.fieldWithBadPercent(in: address) ?? "the address",
          "a % that is not followed by two hexadecimal digits, or %00"
        )
      case says("URI query parameter"):
        (field, problem) = ("a setting after ?", "each is written keyword=value, separated by &")
      case says("unterminated quoted string"):
        (field, problem) = ("a setting's value", "a quote ' is not closed")
      case says("missing \"=\""):
        (field, problem) = ("a setting", "each is written keyword=value, separated by spaces")
      case says("invalid connection option"):
        field = "a setting's name"
        problem = "libpq has no such setting (host, port, dbname, user, sslmode…)"
      case says("out of memory"):
        (field, problem) = ("the address", "libpq ran out of memory reading it")
      default:
        (field, problem) = (
          "the address",
          isURI
            ? "libpq cannot read it as a URI (postgresql://user@host:port/database?keyword=value)"
            : "libpq cannot read it as keyword=value settings"
        )
      }
    }

    /// The part of a URI holding a malformed percent-encoded character: `the user name`,
    /// `the password`, `the host`, `the database name` or `a setting after ?`.
    static func fieldWithBadPercent(in address: String) -> String? {
      guard let schemeEnd = address.range(of: "://") else { return nil }
      let rest = address[schemeEnd.upperBound...]
      let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
      let beforeQuery = rest[..<queryStart]
      let pathStart = beforeQuery.firstIndex(of: "/") ?? beforeQuery.endIndex
      let authority = beforeQuery[..<pathStart]
      var parts: [(String, Substring)] = []
      if let at = authority.lastIndex(of: "@") {
        let userInfo = authority[..<at]
        if let colon = userInfo.firstIndex(of: ":") {
          parts.append(("the user name", userInfo[..<colon]))
          parts.append(("the password", userInfo[userInfo.index(after: colon)...]))
        } else {
          parts.append(("the user name", userInfo))
        }
        parts.append(("the host", authority[authority.index(after: at)...]))
      } else {
        parts.append(("the host", authority))
      }
      parts.append(("the database name", beforeQuery[pathStart...]))
      parts.append(("a setting after ?", rest[queryStart...]))
      return parts.first { hasBadPercent($0.1) }?.0
    }

    /// Whether a `%` in the text is not followed by two hexadecimal digits, or encodes NUL.
    private static func hasBadPercent(_ text: Substring) -> Bool {
      let bytes = Array(text.utf8)
      var index = 0
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%") {
          guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
            return true
          }
          if bytes[index + 1] == UInt8(ascii: "0"), bytes[index + 2] == UInt8(ascii: "0") { return true }
          index += 3
        } else {
          index += 1
        }
      }
      return false
    }

    private static func isHex(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
        UInt8(ascii: "A")...UInt8(ascii: "F"):
        true
      default: false
      }
    }
  }
}

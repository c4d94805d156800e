import Foundation

/// Encodes an `Encodable` value straight into a ``JSONValue``, without writing and reading JSON
/// text: dates as ISO 8601 strings in UTC to the millisecond (`2026-11-30T10:00:00.250Z`, read
/// back by ``sessionJSONDecoder()``), data as Base64, URLs as their absolute string, and
/// non-finite numbers refused.
struct JSONValueEncoder {
  func encode(_ value: some Encodable) throws -> JSONValue {
    try encodeNode(value, codingPath: []).value
  }
}

/// A value being built: containers are references so that nested containers fill them later.
private enum Node {
  case value(JSONValue)
  case array(ArrayStorage)
  case object(ObjectStorage)

  var value: JSONValue {
    switch self {
    case .value(let value): value
    case .array(let storage): .array(storage.nodes.map(\.value))
    case .object(let storage): .object(storage.members.mapValues(\.value))
    }
  }
}

private final class ArrayStorage {
  var nodes: [Node] = []
}

private final class ObjectStorage {
  var members: [String: Node] = [:]
}

/// Encodes one value, handling the types `JSONEncoder` treats specially.
private func encodeNode(_ value: some Encodable, codingPath: [any CodingKey]) throws -> Node {
  switch value {
  case let date as Date: return .value(.string(iso8601Milliseconds(date)))
  case let data as Data: return .value(.string(data.base64EncodedString()))
  case let url as URL: return .value(.string(url.absoluteString))
  case let decimal as Decimal: return .value(.number(decimal.description))
  default: break
  }
  let encoder = NodeEncoder(codingPath: codingPath)
  try value.encode(to: encoder)
  return encoder.node ?? .object(ObjectStorage())
}

/// A date in ISO 8601, UTC, rounded to the millisecond: `2026-11-30T10:00:00.250Z`.
///
/// Rounded, not truncated as the system's style does, so that a date read back from its text
/// is written as the same text: a replayed state compares equal to the recorded one.
func iso8601Milliseconds(_ date: Date) -> String {
  let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
  guard milliseconds.isFinite, abs(milliseconds) < 1e17 else { return date.formatted(.iso8601) }
  let total = Int64(milliseconds)
  let (seconds, fraction) = (total.quotientAndRemainder(dividingBy: 1000))
  let (wholeSeconds, millis) = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
  let text = Date(timeIntervalSince1970: Double(wholeSeconds)).formatted(.iso8601)
  let digits = String(millis)
  return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
}

private func number(_ value: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
  guard value.isFinite else {
    throw EncodingError.invalidValue(
      value,
      EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
  }
  var text = String(value)
  if text.hasSuffix(".0") { text.removeLast(2) }
  return .number(text)
}

private final class NodeEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var node: Node?

  init(codingPath: [any CodingKey]) {
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let storage: ObjectStorage
    if case .object(let existing) = node {
      storage = existing
    } else {
      storage = ObjectStorage()
      node = .object(storage)
    }
    return KeyedEncodingContainer(KeyedContainer(storage: storage, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let storage: ArrayStorage
    if case .array(let existing) = node {
      storage = existing
    } else {
      storage = ArrayStorage()
      node = .array(storage)
    }
    return UnkeyedContainer(storage: storage, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(encoder: self)
  }
}

private struct IndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { String(intValue ?? 0) }
  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let storage: ObjectStorage
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { storage.members[key.stringValue] = .value(.null) }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    storage.members[key.stringValue] = .value(.bool(value))
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    storage.members[key.stringValue] = .value(.string(value))
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    storage.members[key.stringValue] = .value(try number(value, codingPath + [key]))
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    storage.members[key.stringValue] = .value(try number(Double(value), codingPath + [key]))
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    storage.members[key.stringValue] = .value(.number(String(value)))
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    storage.members[key.stringValue] = .value(.number(String(value)))
  }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    storage.members[key.stringValue] = try encodeNode(value, codingPath: codingPath + [key])
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  )
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectStorage()
    storage.members[key.stringValue] = .object(nested)
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(storage: nested, codingPath: codingPath + [key]))
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    storage.members[key.stringValue] = .array(nested)
    return UnkeyedContainer(storage: nested, codingPath: codingPath + [key])
  }
  mutating func superEncoder() -> any Encoder {
    SuperEncoder(object: storage, key: "super", codingPath: codingPath)
  }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    SuperEncoder(object: storage, key: key.stringValue, codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let storage: ArrayStorage
  let codingPath: [any CodingKey]
  var count: Int { storage.nodes.count }

  private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

  mutating func encodeNil() throws { storage.nodes.append(.value(.null)) }
  mutating func encode(_ value: Bool) throws { storage.nodes.append(.value(.bool(value))) }
  mutating func encode(_ value: String) throws { storage.nodes.append(.value(.string(value))) }
  mutating func encode(_ value: Double) throws { storage.nodes.append(.value(try number(value, nextPath))) }
  mutating func encode(_ value: Int) throws { storage.nodes.append(.value(.number(String(value)))) }
  mutating func encode(_ value: some Encodable) throws {
    storage.nodes.append(try encodeNode(value, codingPath: nextPath))
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  )
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = ObjectStorage()
    let path = nextPath
    storage.nodes.append(.object(nested))
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(storage: nested, codingPath: path))
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ArrayStorage()
    let path = nextPath
    storage.nodes.append(.array(nested))
    return UnkeyedContainer(storage: nested, codingPath: path)
  }
  mutating func superEncoder() -> any Encoder {
    SuperEncoder(array: storage, codingPath: nextPath)
  }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let encoder: NodeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.node = .value(.null) }
  mutating func encode(_ value: Bool) throws { encoder.node = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { encoder.node = .value(.string(value)) }
  mutating func encode(_ value: Double) throws { encoder.node = .value(try number(value, codingPath)) }
  mutating func encode(_ value: Float) throws { encoder.node = .value(try number(Double(value), codingPath)) }
  mutating func encode(_ value: Int) throws { encoder.node = .value(.number(String(value))) }
  mutating func encode(_ value: Int64) throws { encoder.node = .value(.number(String(value))) }
  mutating func encode(_ value: some Encodable) throws {
    encoder.node = try encodeNode(value, codingPath: codingPath)
  }
}

/// The encoder a superclass encodes into: its result lands in the parent container when
/// encoding ends.
private final class SuperEncoder: Encoder {
  private let inner: NodeEncoder
  private let object: ObjectStorage?
  private let key: String
  private let array: ArrayStorage?
  var codingPath: [any CodingKey] { inner.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(object: ObjectStorage, key: String, codingPath: [any CodingKey]) {
    self.inner = NodeEncoder(codingPath: codingPath)
    self.object = object
    self.key = key
    self.array = nil
  }

  init(array: ArrayStorage, codingPath: [any CodingKey]) {
    self.inner = NodeEncoder(codingPath: codingPath)
    self.object = nil
    self.key = ""
    self.array = array
  }

  deinit {
    let node = inner.node ?? .object(ObjectStorage())
    if let object { object.members[key] = node }
    if let array { array.nodes.append(node) }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    inner.container(keyedBy: type)
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
  func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}

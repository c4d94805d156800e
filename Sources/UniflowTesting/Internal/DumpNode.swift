/// A value taken apart by reflection: what ``ValueDump`` renders and ``ValueDiff`` compares.
///
/// Built with `Mirror`, so it sees stored properties, enum payloads and collection elements of
/// any type without the type's cooperation.
indirect enum DumpNode: Hashable, Sendable {
  /// A value shown by its description: numbers, booleans, quoted strings, dates, durations, and
  /// enum cases with a custom description.
  case scalar(String)
  /// An optional without a value.
  case none
  /// An enum case; a payload of several values is a `.tuple`.
  case enumCase(name: String, payload: DumpNode?)
  /// A struct or class with its stored properties (a class's inherited ones first).
  case structure(type: String, fields: [Field])
  /// A tuple.
  case tuple([Field])
  /// An ordered collection: an array, or any other `Collection` through its elements. `type` is
  /// `nil` for `Array`.
  case sequence(type: String?, elements: [DumpNode])
  /// An ordered collection whose elements have identifiers (an `IdentifiedArray`, a
  /// `StackState`: their mirrors label each element with its identifier), rendered as a
  /// `.sequence` but compared by identifier. An empty one is a `.sequence`: a mirror without
  /// children does not say whether they would have labels.
  case keyedSequence(type: String?, entries: [Entry])
  /// A set, its members sorted by their rendering. `type` is `nil` for `Set`.
  case set(type: String?, members: [DumpNode])
  /// A dictionary, its entries sorted by the rendering of their keys. `type` is `nil` for
  /// `Dictionary`.
  case dictionary(type: String?, entries: [Entry])
  /// An object that is already being dumped further up: a reference cycle.
  case cycle(type: String)

  /// A stored property, a tuple element, or an element of an enum payload.
  struct Field: Hashable, Sendable {
    /// The label; `nil` for an unlabelled tuple element.
    var label: String?
    var value: DumpNode
  }

  /// A dictionary entry.
  struct Entry: Hashable, Sendable {
    var key: DumpNode
    var value: DumpNode
  }
}

extension DumpNode {
  /// Takes `value` apart.
  init(reflecting value: Any) {
    var visiting: Set<ObjectIdentifier> = []
    self = Self.make(value, visiting: &visiting)
  }

  private static func make(_ value: Any, visiting: inout Set<ObjectIdentifier>) -> DumpNode {
    let mirror = Mirror(reflecting: value)
    let valueType = type(of: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .none }
      return make(wrapped, visiting: &visiting)
    case .enum:
      guard let child = mirror.children.first else { return payloadlessCase(value) }
      return .enumCase(name: child.label ?? "?", payload: make(child.value, visiting: &visiting))
    case .tuple:
      return .tuple(fields(of: mirror, visiting: &visiting))
    case .collection:
      let type = collectionName(valueType, unless: "Array")
      if !mirror.children.isEmpty, mirror.children.allSatisfy({ $0.label != nil }) {
        let entries = mirror.children.map { child in
          Entry(key: .scalar(child.label ?? ""), value: make(child.value, visiting: &visiting))
        }
        return .keyedSequence(type: type, entries: entries)
      }
      let elements = mirror.children.map { make($0.value, visiting: &visiting) }
      return .sequence(type: type, elements: elements)
    case .set:
      let members = mirror.children.map { make($0.value, visiting: &visiting) }
      return .set(type: collectionName(valueType, unless: "Set"), members: members.sorted(by: renderedOrder))
    case .dictionary:
      let entries = mirror.children.map { child in
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        return Entry(key: make(pair[0], visiting: &visiting), value: make(pair[1], visiting: &visiting))
      }
      let sorted = entries.sorted { $0.key.rendered < $1.key.rendered }
      return .dictionary(type: collectionName(valueType, unless: "Dictionary"), entries: sorted)
    default:
      return makeStructure(value, mirror: mirror, visiting: &visiting)
    }
  }

  /// Structs, classes, and values the mirror has no style for.
  private static func makeStructure(
    _ value: Any, mirror: Mirror, visiting: inout Set<ObjectIdentifier>
  ) -> DumpNode {
    let valueType = type(of: value)
    if isScalar(valueType) { return .scalar(describe(value)) }
    if let collection = value as? any Collection {
      let elements = elements(of: collection).map { make($0, visiting: &visiting) }
      return .sequence(type: collectionName(valueType, unless: nil), elements: elements)
    }
    let name = typeName(valueType)
    var identity: ObjectIdentifier?
    if mirror.displayStyle == .class {
      let object = ObjectIdentifier(value as AnyObject)
      guard visiting.insert(object).inserted else { return .cycle(type: name) }
      identity = object
    }
    defer { if let identity { visiting.remove(identity) } }

    var mirrors = [mirror]
    while let superclass = mirrors.last?.superclassMirror { mirrors.append(superclass) }
    let properties = mirrors.reversed().flatMap { fields(of: $0, visiting: &visiting) }
    if properties.isEmpty, value is any CustomStringConvertible || value is any CustomDebugStringConvertible {
      return .scalar(describe(value))
    }
    return .structure(type: name, fields: properties)
  }

  private static func fields(of mirror: Mirror, visiting: inout Set<ObjectIdentifier>) -> [Field] {
    mirror.children.map { child in
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
      return Field(label: label, value: make(child.value, visiting: &visiting))
    }
  }

  /// An enum case without a payload: its name, or its description when the enum has a custom
  /// one (reflection offers no other way to the name then).
  private static func payloadlessCase(_ value: Any) -> DumpNode {
    if value is any CustomStringConvertible || value is any CustomDebugStringConvertible {
      return .scalar(describe(value))
    }
    return .enumCase(name: String(describing: value), payload: nil)
  }

  /// Values of the standard library and Foundation are shown by their description rather than
  /// by their private stored properties.
  private static func isScalar(_ type: Any.Type) -> Bool {
    switch moduleName(of: type) {
    case "Swift", "_Concurrency", "Foundation", "FoundationEssentials",
      "FoundationInternationalization", "CoreFoundation", "Synchronization":
      true
    default:
      false
    }
  }

  private static func describe(_ value: Any) -> String {
    switch value {
    case is String, is Substring, is Character, is Unicode.Scalar, is StaticString:
      String(reflecting: value)
    default:
      String(describing: value)
    }
  }

  private static func elements(of collection: some Collection) -> [Any] {
    collection.map { $0 }
  }

  /// The name shown before a collection's elements: none for the standard `unless` type, and
  /// no generic arguments otherwise (`Deque([1, 2])`).
  private static func collectionName(_ type: Any.Type, unless standard: String?) -> String? {
    let name = typeName(type)
    let base = String(name.prefix { $0 != "<" })
    return base == standard ? nil : base
  }

  private static func renderedOrder(_ lhs: DumpNode, _ rhs: DumpNode) -> Bool {
    lhs.rendered < rhs.rendered
  }
}

extension DumpNode {
  /// The node on one line, in Swift-like syntax: `Todo(title: "Milk", isDone: false)`,
  /// `.loaded([1, 2])`, `["a": 1]`.
  var rendered: String {
    var output = ""
    render(into: &output)
    return output
  }

  func render(into output: inout String) {
    switch self {
    case .scalar(let text):
      output += text
    case .none:
      output += "nil"
    case .enumCase(let name, let payload):
      output += "." + name
      switch payload {
      case nil: break
      case .tuple(let fields)?: Self.render(fields, into: &output)
      case let payload?:
        output += "("
        payload.render(into: &output)
        output += ")"
      }
    case .structure(let type, let fields):
      output += type
      Self.render(fields, into: &output)
    case .tuple(let fields):
      Self.render(fields, into: &output)
    case .sequence(let type, let elements):
      Self.render(type: type, open: "[", elements.map { [$0] }, separator: "", close: "]", into: &output)
    case .keyedSequence(let type, let entries):
      Self.render(type: type, open: "[", entries.map { [$0.value] }, separator: "", close: "]", into: &output)
    case .set(let type, let members):
      Self.render(
        type: type ?? "Set", open: "[", members.map { [$0] }, separator: "", close: "]", into: &output)
    case .dictionary(let type, let entries):
      if entries.isEmpty {
        output += type.map { "\($0)([:])" } ?? "[:]"
      } else {
        let pairs = entries.map { [$0.key, $0.value] }
        Self.render(type: type, open: "[", pairs, separator: ": ", close: "]", into: &output)
      }
    case .cycle(let type):
      output += type + "(…)"
    }
  }

  private static func render(_ fields: [Field], into output: inout String) {
    output += "("
    for (index, field) in fields.enumerated() {
      if index > 0 { output += ", " }
      if let label = field.label { output += label + ": " }
      field.value.render(into: &output)
    }
    output += ")"
  }

  private static func render(
    type: String?, open: String, _ items: [[DumpNode]], separator: String, close: String,
    into output: inout String
  ) {
    if let type { output += type + "(" }
    output += open
    for (index, item) in items.enumerated() {
      if index > 0 { output += ", " }
      for (position, node) in item.enumerated() {
        if position > 0 { output += separator }
        node.render(into: &output)
      }
    }
    output += close
    if type != nil { output += ")" }
  }
}

/// An ordered collection of identifiable elements with constant-time access by identifier.
///
/// ```swift
/// var todos: IdentifiedArray<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
/// todos[id: 2]?.isDone = true
/// todos.remove(id: 1)
/// todos.map(\.title)  // ["Eggs"]
/// ```
///
/// The order is the order of insertion unless changed by ``insert(_:at:)``, ``move(fromOffset:toOffset:)``
/// or ``sort(by:)``. Identifiers are unique: appending an element whose identifier is already
/// present does not add it.
///
/// It is a `RandomAccessCollection` of its elements, and `Equatable`, `Hashable`, `Codable` and
/// `Sendable` when its elements are.
///
/// A closure that throws leaves the collection consistent: every element is still found by its
/// identifier. What the closure had done before it threw is kept, as each method describes.
///
/// - Complexity: Lookup, update and append by identifier are O(1) on average; removal by
///   identifier and insertion at an offset are O(n), like an array's.
public struct IdentifiedArray<Element: Identifiable> {
  var _elements: [Element]
  var _ids: [Element.ID]
  var _offsets: [Element.ID: Int]

  /// Creates an empty collection.
  public init() {
    _elements = []
    _ids = []
    _offsets = [:]
  }

  /// Creates a collection from elements whose identifiers are known to be unique.
  ///
  /// Duplicate identifiers are a programming error and stop the program; use
  /// ``init(validating:)`` for elements from outside the program.
  ///
  /// - Parameter elements: The elements, in order.
  /// - Complexity: O(n).
  public init(uniqueElements elements: some Sequence<Element>) {
    do {
      try self.init(validating: elements)
    } catch {
      fatalError("\(error)")
    }
  }

  /// Creates a collection from elements, failing if two share an identifier.
  ///
  /// - Parameter elements: The elements, in order.
  /// - Throws: ``DuplicateIDError`` naming the first repeated identifier.
  /// - Complexity: O(n).
  public init(validating elements: some Sequence<Element>) throws(DuplicateIDError) {
    self.init()
    let capacity = elements.underestimatedCount
    _elements.reserveCapacity(capacity)
    _ids.reserveCapacity(capacity)
    _offsets.reserveCapacity(capacity)
    for element in elements {
      guard _offsets[element.id] == nil else { throw DuplicateIDError(id: "\(element.id)") }
      appendUnchecked(element)
    }
  }

  /// Creates a collection from elements, combining those that share an identifier.
  ///
  /// - Parameters:
  ///   - elements: The elements, in order; a combined element keeps the first one's place.
  ///   - combine: Merges an element already kept with a later one of the same identifier; the
  ///     result must have that identifier.
  /// - Complexity: O(n).
  public init(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (_ kept: Element, _ later: Element) throws -> Element
  ) rethrows {
    self.init()
    for element in elements {
      if let offset = _offsets[element.id] {
        let combined = try combine(_elements[offset], element)
        require(
          combined.id == element.id,
          "A combined element's id \(combined.id) does not match \(element.id)")
        _elements[offset] = combined
      } else {
        appendUnchecked(element)
      }
    }
  }

  /// The identifiers, in order.
  public var ids: [Element.ID] { _ids }

  /// The elements, in order, as an array.
  public var elements: [Element] { _elements }

  /// The element with the given identifier; setting `nil` removes it, setting an element that
  /// is not present appends it.
  ///
  /// Mutating through this subscript (`todos[id: 2]?.isDone = true`) copies the element out and
  /// back, O(size of the element); ``modify(id:_:)`` mutates it in place.
  ///
  /// - Parameter id: The identifier.
  /// - Complexity: O(1) on average to read or replace; O(n) to remove.
  public subscript(id id: Element.ID) -> Element? {
    get {
      guard let offset = _offsets[id] else { return nil }
      return _elements[offset]
    }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      require(newValue.id == id, "The element's id \(newValue.id) does not match \(id)")
      if let offset = _offsets[id] {
        _elements[offset] = newValue
      } else {
        appendUnchecked(newValue)
      }
    }
  }

  /// Mutates the element with the given identifier in place.
  ///
  /// ```swift
  /// todos.modify(id: 2) { $0.isDone.toggle() }
  /// ```
  ///
  /// The element's identifier must not change, even when `body` throws: changing it stops
  /// the program. If `body` throws, the element keeps the changes made before the throw.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - body: Mutates the element.
  /// - Returns: What `body` returned, or `nil` if no element has that identifier.
  /// - Complexity: O(1) on average, plus the cost of `body`.
  @discardableResult
  public mutating func modify<Result>(
    id: Element.ID, _ body: (inout Element) throws -> Result
  ) rethrows -> Result? {
    guard let offset = _offsets[id] else { return nil }
    defer {
      require(_elements[offset].id == id, "An element's id must not change in place")
    }
    return try body(&_elements[offset])
  }

  /// The offset of the element with the given identifier.
  ///
  /// - Complexity: O(1) on average.
  public func index(id: Element.ID) -> Int? {
    _offsets[id]
  }

  /// Whether an element has the given identifier.
  ///
  /// - Complexity: O(1) on average.
  public func contains(id: Element.ID) -> Bool {
    _offsets[id] != nil
  }

  /// Appends an element unless one with the same identifier is present.
  ///
  /// - Parameter element: The element to append.
  /// - Returns: Whether it was appended, and the offset of the element with its identifier.
  /// - Complexity: O(1) on average.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    if let offset = _offsets[element.id] { return (false, offset) }
    appendUnchecked(element)
    return (true, _elements.count - 1)
  }

  /// Appends the elements whose identifiers are not present yet.
  ///
  /// - Parameter elements: The elements to append.
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Inserts an element at an offset unless one with the same identifier is present.
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: Where to insert it, from 0 to `count`.
  /// - Returns: Whether it was inserted, and the offset of the element with its identifier.
  /// - Complexity: O(n).
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    if let offset = _offsets[element.id] { return (false, offset) }
    _elements.insert(element, at: index)
    _ids.insert(element.id, at: index)
    reindex(from: index)
    return (true, index)
  }

  /// Replaces the element with the same identifier, or appends it.
  ///
  /// - Parameter element: The new element.
  /// - Returns: The element it replaced, if any.
  /// - Complexity: O(1) on average.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    if let offset = _offsets[element.id] {
      defer { _elements[offset] = element }
      return _elements[offset]
    }
    appendUnchecked(element)
    return nil
  }

  /// Removes the element with the given identifier.
  ///
  /// - Parameter id: The identifier.
  /// - Returns: The removed element, or `nil` if none had that identifier.
  /// - Complexity: O(n).
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let offset = _offsets[id] else { return nil }
    return remove(at: offset)
  }

  /// Removes the element at an offset.
  ///
  /// - Parameter index: A valid offset.
  /// - Returns: The removed element.
  /// - Complexity: O(n).
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = _elements.remove(at: index)
    _ids.remove(at: index)
    _offsets[element.id] = nil
    reindex(from: index)
    return element
  }

  /// Removes the elements that satisfy a predicate, keeping the others in order.
  ///
  /// The elements are tested in order. If `shouldBeRemoved` throws, the elements tested
  /// before it threw and found to be removed are removed; the others stay, in order.
  ///
  /// - Parameter shouldBeRemoved: Whether to remove an element.
  /// - Complexity: O(n).
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    // The elements before `kept` stay, in order; those from `kept` up to `tested` are to be
    // removed; those from `tested` on are not tested yet, and stay if a test throws.
    var kept = 0
    var tested = 0
    defer {
      if kept != tested {
        _elements.removeSubrange(kept..<tested)
        rebuildIndex()
      }
    }
    while tested < _elements.count {
      if try !shouldBeRemoved(_elements[tested]) {
        if kept != tested { _elements.swapAt(kept, tested) }
        kept += 1
      }
      tested += 1
    }
  }

  /// Removes every element.
  ///
  /// - Parameter keepCapacity: Whether to keep the storage for reuse.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    _elements.removeAll(keepingCapacity: keepCapacity)
    _ids.removeAll(keepingCapacity: keepCapacity)
    _offsets.removeAll(keepingCapacity: keepCapacity)
  }

  /// Moves the element at one offset to another.
  ///
  /// - Parameters:
  ///   - source: The element's current offset.
  ///   - destination: Its offset after the move, from 0 to `count - 1`.
  /// - Complexity: O(n).
  public mutating func move(fromOffset source: Int, toOffset destination: Int) {
    guard source != destination else { return }
    let element = _elements.remove(at: source)
    _elements.insert(element, at: destination)
    let id = _ids.remove(at: source)
    _ids.insert(id, at: destination)
    reindex(from: Swift.min(source, destination))
  }

  /// Sorts the elements in place.
  ///
  /// If `areInIncreasingOrder` throws, the elements are left in an unspecified order, each
  /// still found by its identifier.
  ///
  /// - Parameter areInIncreasingOrder: The sort order.
  /// - Complexity: O(n log n).
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    defer { rebuildIndex() }
    try _elements.sort(by: areInIncreasingOrder)
  }

  /// The elements that satisfy a predicate, in order.
  ///
  /// - Parameter isIncluded: Whether to keep an element.
  /// - Returns: A new identified collection.
  /// - Complexity: O(n).
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self()
    for element in _elements where try isIncluded(element) { result.appendUnchecked(element) }
    return result
  }

  /// The ways the identifier index disagrees with the elements; empty when it is consistent.
  ///
  /// Tests call it after every kind of mutation, in debug and release builds alike; nothing
  /// else does.
  ///
  /// - Returns: One line per disagreement found.
  /// - Complexity: O(n).
  @_spi(Testing)
  public func invariantViolations() -> [String] {
    var violations: [String] = []
    if _ids.count != _elements.count {
      violations.append("\(_ids.count) identifiers for \(_elements.count) elements")
    }
    if _offsets.count != _elements.count {
      violations.append("\(_offsets.count) indexed identifiers for \(_elements.count) elements")
    }
    for (offset, element) in _elements.enumerated() {
      if offset < _ids.count, _ids[offset] != element.id {
        violations.append("identifier \(_ids[offset]) at \(offset) for element \(element.id)")
      }
      if _offsets[element.id] != offset {
        let indexed = _offsets[element.id].map(String.init) ?? "nothing"
        violations.append("element \(element.id) at \(offset) is indexed at \(indexed)")
      }
    }
    return violations
  }

  mutating func appendUnchecked(_ element: Element) {
    _offsets[element.id] = _elements.count
    _ids.append(element.id)
    _elements.append(element)
  }

  mutating func reindex(from start: Int) {
    for offset in start..<_ids.count { _offsets[_ids[offset]] = offset }
  }

  mutating func rebuildIndex() {
    _ids = _elements.map(\.id)
    _offsets = Dictionary(minimumCapacity: _ids.count)
    for (offset, id) in _ids.enumerated() { _offsets[id] = offset }
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The offset of the first element: 0.
  public var startIndex: Int { 0 }

  /// One past the offset of the last element: `count`.
  public var endIndex: Int { _elements.count }

  /// The element at an offset.
  public subscript(position: Int) -> Element { _elements[position] }

  /// The number of elements.
  ///
  /// - Complexity: O(1), without going through the collection's indices.
  public var count: Int { _elements.count }

  /// Whether there are no elements.
  public var isEmpty: Bool { _elements.isEmpty }

  /// The offset after `i`.
  public func index(after i: Int) -> Int { i + 1 }

  /// The offset before `i`.
  public func index(before i: Int) -> Int { i - 1 }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// Creates a collection from a literal of elements with unique identifiers.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Collections are equal when they hold equal elements in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements)
  }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String {
    _elements.description
  }
}

extension IdentifiedArray: CustomReflectable {
  /// The elements, each labelled with its identifier, so that a test's diff names a changed
  /// element by its identifier (`todos[id: 3].isDone`) rather than by its position.
  public var customMirror: Mirror {
    Mirror(
      self, children: zip(_ids, _elements).map { (label: String(reflecting: $0), value: $1 as Any) },
      displayStyle: .collection)
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    try _elements.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes an array of elements, failing with `DecodingError.dataCorrupted` if two share an
  /// identifier.
  public init(from decoder: any Decoder) throws {
    let elements = try [Element](from: decoder)
    do {
      try self.init(validating: elements)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }
}

/// A navigation stack: the states of the screens pushed on top of a root screen, each with an
/// identifier that is never reused.
///
/// A parent feature holds one, usually of an enum of its destinations, and composes their
/// reducer over it with ``Reducer/forEach(_:action:destination:)``:
///
/// ```swift
/// struct State {
///   var path = StackState<Path.State>()
/// }
/// // In the parent's reducer:
/// state.path.append(.detail(Detail.State(id: todo.id)))  // pushed as #0
/// state.path.pop(from: id)  // pops #id and everything above it
/// ```
///
/// **Identity.** Each element gets a ``StackElementID`` when it is pushed. Its effects, and
/// those of its own children, belong to that identifier: popping the element cancels exactly
/// them, and a late action for a popped identifier is dropped, never applied to another
/// element. Identifiers grow along the stack and are never reused: not after a pop, not when
/// the parent replaces the whole stack with a new one (`state.path = StackState([…])`) inside
/// the reducer that composes it — those elements continue the old stack's numbering.
///
/// **Deep links and restoration.** A stack is state like any other: ``init(_:)`` builds one
/// from a list of screens, and it is `Codable` when its elements are, with its identifiers: a
/// restored stack keeps them, and pushes continue after the largest.
///
/// It is a `RandomAccessCollection` and a `MutableCollection` of its elements (the bottom one
/// first), `Equatable` and `Hashable` when they are (identifiers and elements compared in
/// order), and `Sendable` when they are.
///
/// - Complexity: Push, pop of the top and access to the top element are O(1); access by
///   identifier is O(log n); popping k elements is O(k).
public struct StackState<Element> {
  var _ids: [StackElementID]
  var _elements: [Element]
  /// The generation of the next push: larger than every identifier this stack has held.
  var nextGeneration: Int
  /// The identifiers again, as a chain a reducer can keep a copy of without copying them.
  var _trail: StackTrail?
  /// The trail as the stack's reducer last left it: the screens whose work it last knew of.
  /// A change made elsewhere since (undo restoring an older stack) shows as a difference from
  /// ``_trail``, which the reducer's next pass settles by cancelling the work of the screens
  /// that left. Not part of the value: equality, hashing and coding ignore it.
  var _settled: StackTrail?

  /// Creates an empty stack.
  public init() {
    _ids = []
    _elements = []
    nextGeneration = StackGenerations.first()
    _trail = nil
    _settled = nil
  }

  /// Creates a stack of screens, the first at the bottom: a deep link.
  ///
  /// ```swift
  /// let path = StackState<Path.State>([.detail(Detail.State(id: 7)), .history(History.State(id: 7))])
  /// ```
  ///
  /// - Parameter elements: The screens, bottom first; they get identifiers in order.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    append(contentsOf: elements)
  }

  /// The identifiers of the elements, bottom first; they are in increasing order.
  public var ids: [StackElementID] { _ids }

  /// The element with the given identifier, or `nil` if it is not on the stack.
  ///
  /// Setting `nil` removes that element only (the ones above it stay); setting an element that
  /// is there replaces it; setting one that is not there pushes it with that identifier, which
  /// must be one this stack has not handed out yet (the program stops with a message
  /// otherwise, in every build: identifiers are never reused). A test's expected state pushes
  /// this way: `$0.path[id: 2] = .detail(…)`.
  ///
  /// - Complexity: O(log n) to read or replace; O(n) to remove.
  public subscript(id id: StackElementID) -> Element? {
    get {
      guard let index = index(id: id) else { return nil }
      return _elements[index]
    }
    set {
      if let index = index(id: id) {
        if let newValue {
          _elements[index] = newValue
        } else {
          _ids.remove(at: index)
          _elements.remove(at: index)
          retrace(keeping: index, height: _ids.count + 1)
        }
        return
      }
      guard let newValue else { return }
      if id.generation < nextGeneration { reportIDReused(id) }
      push(newValue, id: id)
    }
  }

  /// Calls `body` with the element of the given identifier, mutable in place.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  ///   - body: The mutation.
  /// - Returns: What `body` returned, or `nil` if no element has that identifier.
  /// - Complexity: O(log n), then the mutation in place.
  public mutating func modify<Result>(
    id: StackElementID, _ body: (inout Element) throws -> Result
  ) rethrows -> Result? {
    guard let index = index(id: id) else { return nil }
    return try body(&_elements[index])
  }

  /// The position of the element with the given identifier, or `nil` if it is not on the stack.
  ///
  /// - Complexity: O(1) for the top element, O(log n) for any other.
  public func index(id: StackElementID) -> Int? {
    // The top element is the one most actions are for.
    if let last = _ids.last, last == id { return _ids.count - 1 }
    var low = 0
    var high = _ids.count - 1
    while low < high {
      let middle = low + (high - low) / 2
      if _ids[middle] < id { low = middle + 1 } else { high = middle }
    }
    return low < _ids.count && low == high && _ids[low] == id ? low : nil
  }

  /// Whether an element with the given identifier is on the stack.
  public func contains(id: StackElementID) -> Bool {
    index(id: id) != nil
  }

  /// Pushes an element on top of the stack.
  ///
  /// - Parameter element: The element.
  /// - Returns: Its identifier.
  @discardableResult
  public mutating func append(_ element: Element) -> StackElementID {
    let id = StackElementID(generation: nextGeneration)
    push(element, id: id)
    return id
  }

  /// Pushes an element with an identifier this stack has not handed out.
  mutating func push(_ element: Element, id: StackElementID) {
    _ids.append(id)
    _elements.append(element)
    _trail = StackTrail(id: id, below: _trail)
    nextGeneration = id.generation + 1
  }

  /// Makes the trail match the identifiers again after the ones from `index` up changed: it
  /// keeps the links below `index` and remakes those above. `height` is the number of links
  /// the trail has now.
  mutating func retrace(keeping index: Int, height: Int) {
    var trail = _trail
    var height = height
    while height > index, let link = trail {
      trail = link.below
      height -= 1
    }
    for id in _ids[index...] { trail = StackTrail(id: id, below: trail) }
    _trail = trail
  }

  /// Pushes elements on top of the stack, the first one lowest.
  ///
  /// - Parameter elements: The elements.
  public mutating func append(contentsOf elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// Pops the element with the given identifier and every element above it.
  ///
  /// - Parameter id: The lowest element to pop.
  /// - Returns: Whether the element was on the stack; if not, nothing is popped.
  /// - Complexity: O(k) for k popped elements, plus O(log n) to find the first.
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let index = index(id: id) else { return false }
    let height = _ids.count
    _ids.removeSubrange(index...)
    _elements.removeSubrange(index...)
    retrace(keeping: index, height: height)
    return true
  }

  /// Pops every element above the one with the given identifier, which stays on top.
  ///
  /// - Parameter id: The element to return to.
  /// - Returns: Whether the element was on the stack; if not, nothing is popped.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = index(id: id) else { return false }
    let height = _ids.count
    _ids.removeSubrange((index + 1)...)
    _elements.removeSubrange((index + 1)...)
    retrace(keeping: index + 1, height: height)
    return true
  }

  /// Pops the top element.
  ///
  /// - Returns: The popped element, or `nil` if the stack was empty.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard !_ids.isEmpty else { return nil }
    _ids.removeLast()
    _trail = _trail?.below
    return _elements.removeLast()
  }

  /// Pops every element: back to the root screen. The identifiers are not reused.
  public mutating func removeAll() {
    _ids.removeAll()
    _elements.removeAll()
    _trail = nil
  }

  /// This stack, put back in place of `current` by undo or redo: its screens, with the
  /// identifiers they had, but neither the numbering nor what the stack's reducer knows is
  /// wound back. A push after it draws an identifier `current` has not handed out either, and
  /// the reducer's next pass cancels the work of the screens of `current` that are not here.
  func restored(over current: Self) -> Self {
    var restored = self
    restored.nextGeneration = Swift.max(nextGeneration, current.nextGeneration)
    restored._settled = current._settled
    return restored
  }

  /// Stops the program: an element was pushed with an identifier this stack handed out before.
  func reportIDReused(_ id: StackElementID) -> Never {
    fatalError(
      """
      Uniflow: an element was pushed on a StackState<\(typeName(Element.self))> with the id \(id), which \
      the stack has handed out before (its next id is #\(nextGeneration)). Identifiers are never \
      reused: use append(_:) to push with a new one.
      """)
  }
}

extension StackState: RandomAccessCollection, MutableCollection {
  /// The position of the bottom element.
  public var startIndex: Int { 0 }

  /// The position after the top element.
  public var endIndex: Int { _elements.count }

  /// The element at a position, the bottom one at `0`; setting it keeps its identifier.
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set { _elements[position] = newValue }
  }

  /// The number of elements.
  public var count: Int { _elements.count }

  /// Whether the stack is empty: only the root screen shows.
  public var isEmpty: Bool { _elements.isEmpty }

  /// The position after `i`.
  public func index(after i: Int) -> Int { i + 1 }

  /// The position before `i`.
  public func index(before i: Int) -> Int { i - 1 }
}

extension StackState: ExpressibleByArrayLiteral {
  /// Creates a stack from a literal of screens, the first at the bottom.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Stacks are equal when they hold the same identifiers with equal elements, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._ids == rhs._ids && lhs._elements == rhs._elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the identifiers and elements in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_ids)
    hasher.combine(_elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomStringConvertible {
  /// `[#0: detail(…), #1: history(…)]`.
  public var description: String {
    "[" + zip(_ids, _elements).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }
}

extension StackState: CustomReflectable {
  /// The elements, each labelled with its identifier, so that a test's diff names a screen by
  /// its identifier (`path[id: #1]`) rather than by its position.
  public var customMirror: Mirror {
    Mirror(
      self, children: zip(_ids, _elements).map { (label: $0.description, value: $1 as Any) },
      displayStyle: .collection)
  }
}

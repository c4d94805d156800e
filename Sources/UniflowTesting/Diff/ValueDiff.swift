/// The differences between two values of the same type, as the paths where they differ.
///
/// ```swift
/// let diff = ValueDiff(expected: expectedState, actual: store.state)
/// print(diff)
/// // todos[id: 2].isDone: expected true, actual false
/// // filter: expected .open, actual .all
/// ```
///
/// Both values are taken apart by reflection, as ``ValueDump`` does, and compared part by part,
/// so a change deep inside a large state shows as one short line:
///
/// - structs, classes, tuples and the payloads of equal enum cases, field by field;
/// - arrays and other collections, element by element, aligned so that an insertion or a removal
///   shows as one `unexpected` or `missing` element rather than as a change of every element
///   after it;
/// - collections whose mirror labels each element with its identifier (`IdentifiedArray`,
///   `StackState`), by identifier (`todos[id: 2].isDone`, `path[id: #1]`), with a change of
///   order as one line listing both orders;
/// - sets, by membership (`tags: missing "urgent"`);
/// - dictionaries, by key (`scores["ada"]: expected 3, actual 4`);
/// - optionals through their value (`nil` against a value is one change).
///
/// The diff is empty when the two dumps are the same. That is not always the same as `==`: a
/// type's own `Equatable` conformance may ignore some properties, or compare something a dump
/// does not show.
///
/// - Complexity: O(*n*) in the size of the values, plus O(*k* × *l*) for each collection whose
///   differing middle parts have lengths *k* and *l* (those are compared by position when
///   *k* × *l* exceeds 250 000).
public struct ValueDiff: Sendable, Hashable, CustomStringConvertible {
  /// One part that differs.
  public struct Change: Sendable, Hashable, CustomStringConvertible {
    /// Where the part is, from the root value: `todos[1].isDone`, `scores["ada"]`,
    /// `status.loaded` (the payload of the case `loaded`), or `self` for the root value itself.
    public let path: String
    /// The expected part, rendered; `nil` when only the actual value has it.
    public let expected: String?
    /// The actual part, rendered; `nil` when only the expected value has it.
    public let actual: String?

    let components: [PathComponent]

    init(_ difference: NodeDifference) {
      self.components = difference.path
      self.path = renderPath(difference.path)
      self.expected = difference.expected.map { abbreviated($0.rendered) }
      self.actual = difference.actual.map { abbreviated($0.rendered) }
    }

    /// One line: `path: expected X, actual Y`, or `path: missing X` for a part only the
    /// expected value has, or `path: unexpected Y` for a part only the actual value has.
    public var description: String {
      switch (expected, actual) {
      case (let expected?, let actual?): "\(path): expected \(expected), actual \(actual)"
      case (let expected?, nil): "\(path): missing \(expected)"
      case (nil, let actual?): "\(path): unexpected \(actual)"
      case (nil, nil): path
      }
    }
  }

  /// The parts that differ, in the order of the values' structure.
  public let changes: [Change]

  /// Compares two values.
  ///
  /// - Parameters:
  ///   - expected: The value a test expected.
  ///   - actual: The value it got.
  public init<Value>(expected: Value, actual: Value) {
    self.init(expected: DumpNode(reflecting: expected), actual: DumpNode(reflecting: actual))
  }

  init(expected: DumpNode, actual: DumpNode) {
    self.changes = differences(expected: expected, actual: actual).map(Change.init)
  }

  /// Whether the two values' dumps are the same.
  public var isEmpty: Bool {
    changes.isEmpty
  }

  /// One line per change.
  public var description: String {
    changes.map(\.description).joined(separator: "\n")
  }
}

/// The longest rendering a change line shows of one side.
private let renderingLimit = 300

private func abbreviated(_ text: String) -> String {
  guard text.count > renderingLimit else { return text }
  return text.prefix(renderingLimit) + "… (\(text.count - renderingLimit) more characters)"
}

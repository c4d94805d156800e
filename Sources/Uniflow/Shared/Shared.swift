import Synchronization

/// A value that several features hold in their states, and that every holder sees change.
///
/// A shared value is a reference: copies of it, in the states of different features and of
/// different stores, are one value. It comes from ``SharedValues``, which keeps it in memory
/// or in a ``SharedStorage`` (a JSON file, a database row):
///
/// ```swift
/// let values = SharedValues()
/// let settings = try values.shared(JSONFileStorage(url: settingsURL), default: Settings())
/// let list = Store(initialState: TodoList.State(settings: settings), reducer: TodoList())
/// let preferences = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
/// ```
///
/// **Reading.** ``value`` (or a member of it, `state.settings.theme`) reads it from any thread.
/// Observation tracks the read: a view that reads it is updated when it changes, whichever
/// store changed it.
///
/// **Changing.** A reducer changes it through the state it is given, with ``withLock(_:)``:
///
/// ```swift
/// case .themePicked(let theme):
///   state.settings.withLock { $0.theme = theme }
///   return .none
/// ```
///
/// So the change goes through a store's funnel: middleware and the session recorder see the
/// action that made it. After the action, the observers of every store that holds the value
/// are told, in the order the stores were made, and its storage writes it on schedule.
/// Changing it needs a mutable copy (`var`), which only a reducer is given: changing a copy
/// kept elsewhere (a `var` in an effect) is possible on the main actor but bypasses every
/// store's funnel, so no action names it; off the main actor it stops the program with a
/// message.
///
/// **Comparing.** Two shared values are equal when they are the same value, or hold equal
/// values. Observe a shared value with `Store.observe(_:onChange:)` on its key path (which
/// compares versions, so no change is missed), or a member of it.
///
/// - Complexity: Reading copies the value under a lock; a change copies it once more.
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  @usableFromInline let box: SharedBox<Value>

  @usableFromInline
  init(box: SharedBox<Value>) {
    self.box = box
  }

  /// Creates a shared value of its own, kept in memory and held by no key: for previews and
  /// tests that need no ``SharedValues``.
  ///
  /// - Parameter value: Its value.
  public init(_ value: Value) {
    self.box = SharedBox(
      value: value, name: "Shared<\(Value.self)>", persistence: nil, storageError: nil,
      diagnosticHandler: StoreDiagnostic.standardHandler)
  }

  /// The current value, from any thread; Observation tracks the read.
  @inlinable
  public var value: Value {
    box.value
  }

  /// A member of the current value: `state.settings.theme` reads `state.settings.value.theme`.
  @inlinable
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    box.value[keyPath: keyPath]
  }

  /// Changes the value: in a reducer, through the state it is given.
  ///
  /// ```swift
  /// state.settings.withLock { $0.sortOrder = .byTitle }
  /// ```
  ///
  /// The holders are told once the store whose reducer made the change has finished its
  /// action; its storage writes the value on schedule. Call it on the main actor, where
  /// reducers run: off the main actor, the main actor's isolation check stops the program.
  ///
  /// - Parameter body: Changes the value in place; keep it short, and do not read this
  ///   shared value in it (read `$0`).
  /// - Returns: What `body` returns.
  @inlinable
  public mutating func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    // Off the main actor, the isolation check stops the program: a shared value changes in a
    // reducer, through the state it is given, and an effect sends an action to change it.
    let box = self.box
    // A test store's assertion sends the change to its expected value. Only then does the
    // change ask the main actor for the assertion: otherwise, one isolation check (that of
    // `replace`) is all it pays.
    if SharedRuntime.isAsserting.load(ordering: .relaxed),
      let expectation = MainActor.assumeIsolated({ box.expectation() })
    {
      var expected = expectation.value.withLock { $0 }
      let result = try body(&expected)
      expectation.value.withLock { [expected] in $0 = expected }
      return result
    }
    let before = box.contents.withLock { $0.value }
    var value = before
    let result = try body(&value)
    MainActor.assumeIsolated { [value] in box.replace(with: value, before: before, fromStorage: false) }
    return result
  }

  /// The last error of its storage: `nil` while reads and writes succeed. Observation tracks
  /// the read, and selection observers see it change.
  public var storageError: SharedStorageError? {
    box.storageError
  }

  /// Writes the current value to its storage now, if the storage does not have it yet.
  ///
  /// Changes are written on schedule anyway, and the last one when the last holder goes away;
  /// save before the program exits, or where a write must have happened.
  ///
  /// - Throws: ``SharedStorageError`` when the write fails; it is also reported as
  ///   ``storageError`` and to the diagnostic handler.
  public func save() throws(SharedStorageError) {
    try box.persistence?.save()
  }

  /// The values it takes: the current one first, then each change, once the holders are told.
  ///
  /// ```swift
  /// for await settings in store.state.settings.values() { … }
  /// ```
  ///
  /// The sequence finishes when the last holder goes away.
  ///
  /// - Returns: An async sequence of the values.
  @MainActor
  public func values() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    continuation.yield(box.contents.withLock { $0.value })
    let id = box.observers.add(continuation)
    let observers = box.observers
    continuation.onTermination = { [weak observers] _ in
      Task { @MainActor in observers?.remove(id) }
    }
    return stream
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether two shared values are the same value or hold equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.value == rhs.value
  }
}

extension Shared: Encodable where Value: Encodable {
  /// Encodes the current value, as if it were the value itself: a recorded session shows it,
  /// and ``init(from:)`` decodes it.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// Decodes a shared value of its own, holding the decoded value: a restored or replayed
  /// state holds a value as it was when it was encoded.
  ///
  /// The encoded form is the value itself, as ``encode(to:)`` writes it. Decoding cannot know
  /// which living shared value the encoded one was, nor may it change one behind every store's
  /// back: it makes a new value, kept in memory and held by no key, as ``init(_:)`` does. A
  /// state decoded to be used again by the app (restoration) gets the app's shared value
  /// back from its ``SharedValues`` and puts it in place of the decoded one:
  ///
  /// ```swift
  /// var state = try JSONDecoder().decode(TodoList.State.self, from: saved)
  /// state.settings = try values.shared(settingsStorage, default: state.settings.value)
  /// ```
  ///
  /// - Parameter decoder: The decoder to read the value from.
  /// - Throws: The error of decoding the value.
  public init(from decoder: any Decoder) throws {
    self.init(try Value(from: decoder))
  }
}

extension Shared: CustomReflectable {
  /// Shows the current value: test failures and dumps show what it holds.
  public var customMirror: Mirror {
    Mirror(self, children: ["value": value], displayStyle: .struct)
  }
}

extension Shared: CustomStringConvertible {
  /// The current value, described.
  public var description: String {
    "Shared(\(value))"
  }
}

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
/// action that made it. The store tracks the change and, once its send has ended, tells the
/// observers of every store that holds the value, in the order they subscribed, and its
/// storage writes it on schedule. Changing it needs a mutable copy (`var`) in synchronous code
/// on the main actor: a reducer has one; an effect sends an action instead (a change there
/// does not compile). A change made on the main actor outside a reducer (a test's setup) is
/// told to the holders at once.
///
/// **Comparing.** Two shared values are equal when they are the same value, or hold equal
/// values. Observe a shared value with `Store.observe(_:onChange:)` on its key path (which
/// follows the value itself, so no change is missed), or a member of it.
///
/// - Complexity: Reading copies the value under a lock; a change copies it once more.
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let box: SharedBox<Value>

  init(box: SharedBox<Value>) {
    self.box = box
  }

  /// Creates a shared value of its own, kept in memory and held by no key: for previews,
  /// tests that need no ``SharedValues``, and a value that a few features of one flow share.
  ///
  /// - Parameter value: Its value.
  public init(_ value: Value) {
    self.box = SharedBox(
      value: value, name: "Shared<\(Value.self)>", context: SharedContext(), persistence: nil,
      storageError: nil, diagnosticHandler: StoreDiagnostic.standardHandler)
  }

  /// The current value, from any thread; Observation tracks the read.
  public var value: Value {
    box.value
  }

  /// A member of the current value: `state.settings.theme` reads `state.settings.value.theme`.
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
  /// action; its storage writes the value on schedule. It is for synchronous code on the main
  /// actor, where reducers run: called in asynchronous code (an effect), it does not compile,
  /// and the compiler says to send an action instead. (Reducers are not isolated to the main
  /// actor, so isolation cannot tell a reducer from an effect; being synchronous can.) A
  /// synchronous function that an effect calls off the main actor stops at the main actor's
  /// check.
  ///
  /// - Parameter body: Changes the value in place; keep it short, and do not read this
  ///   shared value in it (read `$0`).
  /// - Returns: What `body` returns.
  @available(
    *, noasync,
    message:
      "change a shared value in a reducer; an effect sends an action for the reducer to make the change"
  )
  public mutating func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    let box = self.box
    let (tracker, expectation) = MainActor.assumeIsolated {
      let tracker = box.currentTracker()
      return (tracker, tracker?.interceptor?.expectation(for: box, as: Value.self))
    }
    // A test store's assertion sends the change to its expected value.
    if let expectation { return try expectation.change(body) }
    let before = box.contents.withLock { $0.value }
    var value = before
    let result = try body(&value)
    MainActor.assumeIsolated { [value] in
      box.replace(with: value, before: before, tracker: tracker, loaded: nil)
    }
    return result
  }

  /// Takes in a value its storage brought in from outside (another process, a file replaced),
  /// which ``Effect/loads(of:send:)`` delivered as an action: in the reducer, through the
  /// state it is given.
  ///
  /// ```swift
  /// case .settingsLoaded(let load):
  ///   state.settings.apply(load)
  ///   return .none
  /// ```
  ///
  /// It is a change like any other (the holders are told once the store's send ends), except
  /// that the storage is not written: it has the value. A load that another store applied
  /// already changes nothing; one made for another shared value, or decoded from a recorded
  /// session, is written like any change. Like ``withLock(_:)``, call it on the main actor.
  ///
  /// - Parameter load: The value the storage brought in.
  @available(
    *, noasync,
    message: "apply a load in a reducer; an effect sends an action for the reducer to apply it"
  )
  public mutating func apply(_ load: SharedLoad<Value>) {
    let box = self.box
    MainActor.assumeIsolated { box.apply(load) }
  }

  /// The last error of its storage: `nil` while reads and writes succeed. Observation tracks
  /// the read, and selection observers see it change.
  public var storageError: SharedStorageError? {
    box.storageError
  }

  /// Writes the current value to its storage now, if the storage does not have it yet, and
  /// waits for the write.
  ///
  /// Changes are written on schedule anyway, and the last one when the last holder goes away;
  /// ``SharedValues/flush()`` writes every value of a container, for a program about to end.
  ///
  /// - Throws: ``SharedStorageError`` when the write fails; it is also reported as
  ///   ``storageError`` and to the diagnostic handler.
  public func save() async throws(SharedStorageError) {
    if let error = await box.persistence?.flush() { throw error }
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

  /// The values its storage brings in from outside, as loads, until the stream ends; while
  /// a stream is open, such a value changes the shared value only once a reducer applies it.
  @MainActor
  func loads() -> AsyncStream<SharedLoad<Value>> {
    let (stream, continuation) = AsyncStream.makeStream(of: SharedLoad<Value>.self)
    let id = box.observers.addLoads(continuation)
    let observers = box.observers
    continuation.onTermination = { [weak observers] _ in
      Task { @MainActor in observers?.removeLoads(id) }
    }
    return stream
  }
}

extension Shared: SharedValue {
  /// The context of its value.
  var context: SharedContext { box.context }
}

extension Shared: ContentSnapshot {
  /// A shared value of its own, in memory, holding what this one holds now.
  func snapshot() -> Self {
    Shared(value)
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

import Observation

/// The parts of a value read through a key path since they last changed, each with the value
/// read: what lets Observation tell a tracked scope that the part it read changed, and no one
/// else.
///
/// A read of `\.title` registers with the owner's registrar under the owner's key path of the
/// whole value with `\.title` appended (`\RootCore.state.title`), and keeps the title read.
/// After the value changed, ``update(_:of:registrar:)`` compares each part with the value
/// kept (`==` for an `Equatable` part; a part that is not `Equatable` counts as changed) and
/// tells the registrar of the parts that changed only. Like Observation's own tracking, an
/// entry is one-shot: once told it is disarmed, a read arms it again (a view re-rendered after
/// a change reads what it read before, and reuses its entry), and the next pass drops the told
/// entries that no read armed.
///
/// **Bounded.** There is one entry per distinct key path read since its part last changed,
/// however many scopes read it: ten thousand views that read `\.title` make one entry; the
/// entries told at the last pass are kept until the next one. An entry goes once its part
/// changed and nothing read it again (a removed row's part reads as `nil`, a change), or with
/// its owner (a scoped store released). Observation does not say when a tracked scope ends
/// without a change, so an entry for a part that never changes again stays until it does or
/// its owner goes: at most one per distinct key path.
///
/// Owned by one store core (or output), on the main actor.
@usableFromInline
@MainActor
package final class TrackedFields<Subject: Observable & AnyObject, Root> {
  /// The owner's key path of the whole value, which field key paths are appended to.
  @usableFromInline let rootKeyPath: KeyPath<Subject, Root>
  /// Every entry kept, found by the key path read: the armed ones and those told at the last
  /// pass.
  @usableFromInline var entries: [AnyKeyPath: TrackedField<Subject, Root>] = [:]
  /// The entries again, found by the identity of the key path object they were made with: a
  /// key path literal outside generic code is one object, so a read from the same place finds
  /// its entry without hashing the key path.
  @usableFromInline var byIdentity: [ObjectIdentifier: TrackedField<Subject, Root>] = [:]
  /// The entries read since their part last changed: compared after each change.
  @usableFromInline var armed: ContiguousArray<TrackedField<Subject, Root>> = []
  /// The entries told at the last pass. A read before the next pass arms one again without
  /// making it anew (a view re-rendered after a change reads what it read before); the next
  /// pass drops the others.
  @usableFromInline var told: ContiguousArray<TrackedField<Subject, Root>> = []

  @inlinable
  package init(rootKeyPath: KeyPath<Subject, Root>) {
    self.rootKeyPath = rootKeyPath
  }

  /// The number of entries kept: the parts read since they last changed, and those told at the
  /// last pass and not read since.
  @inlinable
  package var count: Int { entries.count }

  /// Whether no entry is kept: a change then costs nothing here.
  @inlinable
  package var isEmpty: Bool { armed.isEmpty && told.isEmpty }

  /// Records a read of the part at `keyPath` of `value` and tells Observation of it; returns
  /// the part.
  ///
  /// - Parameters:
  ///   - keyPath: The part read.
  ///   - value: The whole value now.
  ///   - subject: The owner, the object Observation tracks.
  ///   - registrar: The owner's registrar.
  ///   - isDuplicate: Makes the comparison of two values of the part; called only if the
  ///     part has no entry yet.
  /// - Complexity: One dictionary lookup by the key path's identity, or by the key path when
  ///   the key path object is another; the first read of a part also makes its entry and the
  ///   registrar's key path.
  @inlinable
  package func access<Value>(
    _ keyPath: KeyPath<Root, Value>, in value: StatePlace<Root>, of subject: Subject,
    registrar: ObservationRegistrar, isDuplicate: () -> (Value, Value) -> Bool
  ) -> Value {
    let part = value.value[keyPath: keyPath]
    let entry: TrackedField<Subject, Root>
    if let existing = byIdentity[ObjectIdentifier(keyPath)], existing.keyPath === keyPath {
      entry = existing
    } else if let existing = entries[keyPath] {
      entry = existing
    } else {
      entry = TrackedField<Subject, Root>.make(
        keyPath, through: rootKeyPath, current: part, isDuplicate: isDuplicate())
      entries[keyPath] = entry
      byIdentity[ObjectIdentifier(entry.keyPath)] = entry
      armed.append(entry)
    }
    let armedEntry = entry.isTold ? rearm(entry, with: part) : entry
    armedEntry.access(armedEntry, subject, registrar)
    return part
  }

  /// Arms again an entry told at the last pass, with the value its part has now: a new entry
  /// in its place, with the registrar's key path of the old one. (The value read is a
  /// constant, so that the pass after each change reads it with no exclusivity check.)
  @inlinable
  func rearm<Value>(_ told: TrackedField<Subject, Root>, with part: Value) -> TrackedField<Subject, Root> {
    // Entries are keyed by their key path, whose part type is `Value`: `told` was made as a
    // `TrackedPart<Subject, Root, Value>`.
    let old = exactCast(told, to: TrackedPart<Subject, Root, Value>.self)
    let entry = TrackedPart(
      old.keyPath, subjectKeyPath: old.subjectKeyPath, selection: old.selection, current: part,
      isDuplicate: old.isDuplicate)
    // The old entry is replaced, not dropped: the next pass leaves its key path alone.
    old.isTold = false
    entries[entry.keyPath] = entry
    byIdentity[ObjectIdentifier(entry.keyPath)] = entry
    armed.append(entry)
    return entry
  }

  /// Compares every armed part of `value` with the value read, then tells the registrar of
  /// the parts that changed; drops the entries told at the previous pass and not read since.
  ///
  /// An entry is disarmed before the registrar is told: a tracked scope that reads the value
  /// again while it is told arms it again, for the next change.
  ///
  /// - Complexity: O(n) for n armed parts: one read and one comparison each.
  @inlinable
  package func update(_ value: StatePlace<Root>, of subject: Subject, registrar: ObservationRegistrar) {
    if !told.isEmpty { dropUnread() }
    var changed: [Int] = []
    do {
      // Walked in a constant copy of the list: no exclusivity check per entry.
      let checked = armed
      var index = 0
      for entry in checked {
        if entry.hasChanged(entry, value.raw) { changed.append(index) }
        index += 1
      }
    }
    guard !changed.isEmpty else { return }
    var newlyTold = ContiguousArray<TrackedField<Subject, Root>>()
    for index in changed.reversed() {
      armed.swapAt(index, armed.count - 1)
      let entry = armed.removeLast()
      entry.isTold = true
      newlyTold.append(entry)
    }
    told = newlyTold
    for entry in newlyTold { entry.tell(entry, subject, registrar) }
  }

  /// Drops the entries told at the last pass that no read armed again.
  @usableFromInline
  func dropUnread() {
    for entry in told where entry.isTold {
      entries[entry.keyPath] = nil
      byIdentity[ObjectIdentifier(entry.keyPath)] = nil
    }
    told = []
  }
}

@available(*, unavailable)
extension TrackedFields: Sendable {}

/// One tracked part: the key path read, the value read, and how to compare and tell.
///
/// Its functions are made where the part's type is known (``make(_:through:current:isDuplicate:)``),
/// so that the pass after a change runs specialised code.
@usableFromInline
class TrackedField<Subject: Observable & AnyObject, Root> {
  /// The key path read, from the whole value.
  @usableFromInline let keyPath: AnyKeyPath
  /// Tells Observation of a read of the part.
  @usableFromInline let access: (TrackedField, Subject, ObservationRegistrar) -> Void
  /// Whether the part of the owner's value, at the place given, differs from the value read.
  @usableFromInline let hasChanged: (TrackedField, RawStatePlace) -> Bool
  /// Tells Observation the part changed.
  @usableFromInline let tell: (TrackedField, Subject, ObservationRegistrar) -> Void
  /// Whether the part changed since it was read, and the registrar was told: the entry is no
  /// longer compared, and the next read arms it again.
  @usableFromInline var isTold = false

  @inlinable
  init(
    keyPath: AnyKeyPath, access: @escaping (TrackedField, Subject, ObservationRegistrar) -> Void,
    hasChanged: @escaping (TrackedField, RawStatePlace) -> Bool,
    tell: @escaping (TrackedField, Subject, ObservationRegistrar) -> Void
  ) {
    self.keyPath = keyPath
    self.access = access
    self.hasChanged = hasChanged
    self.tell = tell
  }

  /// An entry for the part at `keyPath`, read as `current`.
  @inlinable
  static func make<Value>(
    _ keyPath: KeyPath<Root, Value>, through rootKeyPath: KeyPath<Subject, Root>,
    current: Value, isDuplicate: @escaping (Value, Value) -> Bool
  ) -> TrackedField {
    TrackedPart(
      keyPath, subjectKeyPath: rootKeyPath.appending(path: keyPath), selection: Selection(keyPath),
      current: current, isDuplicate: isDuplicate)
  }
}

@available(*, unavailable)
extension TrackedField: Sendable {}

/// A tracked part of type `Value`.
@usableFromInline
final class TrackedPart<Subject: Observable & AnyObject, Root, Value>: TrackedField<Subject, Root> {
  /// Where the registrar files the part: the owner's key path of the whole value, then the
  /// part's.
  @usableFromInline let subjectKeyPath: KeyPath<Subject, Value>
  @usableFromInline let selection: Selection<Root, Value>
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  /// The value read.
  @usableFromInline let current: Value

  @inlinable
  init(
    _ keyPath: AnyKeyPath, subjectKeyPath: KeyPath<Subject, Value>,
    selection: Selection<Root, Value>, current: Value,
    isDuplicate: @escaping (Value, Value) -> Bool
  ) {
    self.subjectKeyPath = subjectKeyPath
    self.selection = selection
    self.isDuplicate = isDuplicate
    self.current = current
    super.init(
      keyPath: keyPath,
      // Each is called as `entry.function(entry, …)` only, with the entry made here.
      access: { entry, subject, registrar in
        registrar.access(subject, keyPath: exactCast(entry, to: Self.self).subjectKeyPath)
      },
      hasChanged: { entry, value in
        let entry = exactCast(entry, to: Self.self)
        guard let part = entry.selection.read(value.typed(as: Root.self)) else { return false }
        return !entry.isDuplicate(entry.current, part)
      },
      tell: { entry, subject, registrar in
        let keyPath = exactCast(entry, to: Self.self).subjectKeyPath
        registrar.willSet(subject, keyPath: keyPath)
        registrar.didSet(subject, keyPath: keyPath)
      })
  }
}

/// How a tracked read compares a part it cannot see to be `Equatable`: `==` if its type is,
/// found at run time; otherwise never the same, so that every change of the whole value is
/// told.
@usableFromInline
package func runtimeEquality<Value>(_ type: Value.Type) -> (Value, Value) -> Bool {
  guard let equatable = Value.self as? any Equatable.Type else { return { _, _ in false } }
  return equatable.equality(as: Value.self)
}

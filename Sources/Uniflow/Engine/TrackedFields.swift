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
  let rootKeyPath: KeyPath<Subject, Root>
  /// Every entry kept, found by the key path read: the armed ones and those told at the last
  /// pass.
  private var entries: [AnyKeyPath: TrackedField<Subject, Root>] = [:]
  /// The entries again, found by the identity of the key path object they were made with: a
  /// key path literal outside generic code is one object, so a read from the same place finds
  /// its entry without hashing the key path.
  private var byIdentity: [ObjectIdentifier: TrackedField<Subject, Root>] = [:]
  /// The entries read since their part last changed: compared after each change.
  private var armed: ContiguousArray<TrackedField<Subject, Root>> = []
  /// The entries told at the last pass. A read before the next pass arms one again without
  /// making it anew (a view re-rendered after a change reads what it read before); the next
  /// pass drops the others.
  private var told: ContiguousArray<TrackedField<Subject, Root>> = []

  package init(rootKeyPath: KeyPath<Subject, Root>) {
    self.rootKeyPath = rootKeyPath
  }

  /// The number of entries kept: the parts read since they last changed, and those told at the
  /// last pass and not read since.
  package var count: Int { entries.count }

  /// Whether no entry is kept: a change then costs nothing here.
  @usableFromInline
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
  @usableFromInline
  func access<Value>(
    _ keyPath: KeyPath<Root, Value>, in value: StatePlace<Root>, of subject: Subject,
    registrar: ObservationRegistrar, isDuplicate: () -> (Value, Value) -> Bool
  ) -> Value {
    let part = value.value[keyPath: keyPath]
    var entry: TrackedField<Subject, Root>
    if let existing = byIdentity[ObjectIdentifier(keyPath)], existing.keyPath === keyPath {
      entry = existing
    } else if let existing = entries[keyPath] {
      entry = existing
    } else {
      entry = TrackedPart(
        keyPath, subjectKeyPath: rootKeyPath.appending(path: keyPath), current: part,
        isDuplicate: isDuplicate())
      remember(entry)
    }
    if entry.isTold {
      // Armed again with the value its part has now: a new entry in its place, with the
      // registrar's key path of the old one. The old one is replaced, not dropped: the next
      // pass leaves its key path alone.
      entry.isTold = false
      entry = entry.rearmed(in: value)
      remember(entry)
    }
    entry.access(subject, registrar: registrar)
    return part
  }

  /// The same, for a value given as it is rather than in place.
  package func access<Value>(
    _ keyPath: KeyPath<Root, Value>, in value: Root, of subject: Subject,
    registrar: ObservationRegistrar, isDuplicate: () -> (Value, Value) -> Bool
  ) -> Value {
    withPlace(of: value) {
      access(keyPath, in: $0, of: subject, registrar: registrar, isDuplicate: isDuplicate)
    }
  }

  /// Keeps a new armed entry.
  private func remember(_ entry: TrackedField<Subject, Root>) {
    entries[entry.keyPath] = entry
    byIdentity[ObjectIdentifier(entry.keyPath)] = entry
    armed.append(entry)
  }

  /// Compares every armed part of `value` with the value read, then tells the registrar of
  /// the parts that changed; drops the entries told at the previous pass and not read since.
  ///
  /// An entry is disarmed before the registrar is told: a tracked scope that reads the value
  /// again while it is told arms it again, for the next change.
  ///
  /// - Complexity: O(n) for n armed parts: one read and one comparison each.
  @usableFromInline
  func update(_ value: StatePlace<Root>, of subject: Subject, registrar: ObservationRegistrar) {
    if !told.isEmpty { dropUnread() }
    var changed: [Int] = []
    do {
      // Walked in a constant copy of the list: no exclusivity check per entry.
      let checked = armed
      var index = 0
      for entry in checked {
        if entry.hasChanged(in: value) { changed.append(index) }
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
    for entry in newlyTold { entry.tell(subject, registrar: registrar) }
  }

  /// The same, for a value given as it is rather than in place.
  package func update(_ value: Root, of subject: Subject, registrar: ObservationRegistrar) {
    withPlace(of: value) { update($0, of: subject, registrar: registrar) }
  }

  /// Drops the entries told at the last pass that no read armed again.
  private func dropUnread() {
    for entry in told where entry.isTold {
      entries[entry.keyPath] = nil
      byIdentity[ObjectIdentifier(entry.keyPath)] = nil
    }
    told = []
  }
}

@available(*, unavailable)
extension TrackedFields: Sendable {}

/// One tracked part: the key path read, and what telling Observation of it takes. Its kind,
/// ``TrackedPart``, knows the part's type and keeps the value read.
class TrackedField<Subject: Observable & AnyObject, Root> {
  /// The key path read, from the whole value.
  let keyPath: AnyKeyPath
  /// Whether the part changed since it was read, and the registrar was told: the entry is no
  /// longer compared, and the next read arms it again.
  var isTold = false

  init(keyPath: AnyKeyPath) {
    self.keyPath = keyPath
  }

  /// Tells Observation of a read of the part.
  func access(_ subject: Subject, registrar: ObservationRegistrar) {
    preconditionFailure("a TrackedField's kind tells of its own part")
  }

  /// Whether the part of the owner's value at `value` differs from the value read.
  func hasChanged(in value: StatePlace<Root>) -> Bool {
    preconditionFailure("a TrackedField's kind compares its own part")
  }

  /// Tells Observation the part changed.
  func tell(_ subject: Subject, registrar: ObservationRegistrar) {
    preconditionFailure("a TrackedField's kind tells of its own part")
  }

  /// A new entry for the same part, armed with the value it has in `value` now.
  func rearmed(in value: StatePlace<Root>) -> TrackedField {
    preconditionFailure("a TrackedField's kind reads its own part")
  }
}

@available(*, unavailable)
extension TrackedField: Sendable {}

/// A tracked part of type `Value`.
final class TrackedPart<Subject: Observable & AnyObject, Root, Value>: TrackedField<Subject, Root> {
  /// Where the registrar files the part: the owner's key path of the whole value, then the
  /// part's.
  let subjectKeyPath: KeyPath<Subject, Value>
  /// Reads the part in place: at its offset when it is a stored property.
  let selection: Selection<Value>
  let isDuplicate: (Value, Value) -> Bool
  /// The value read.
  let current: Value

  init(
    _ keyPath: KeyPath<Root, Value>, subjectKeyPath: KeyPath<Subject, Value>, current: Value,
    isDuplicate: @escaping (Value, Value) -> Bool
  ) {
    self.subjectKeyPath = subjectKeyPath
    self.selection = Selection(keyPath, of: Root.self)
    self.isDuplicate = isDuplicate
    self.current = current
    super.init(keyPath: keyPath)
  }

  private init(rearming old: TrackedPart, current: Value) {
    self.subjectKeyPath = old.subjectKeyPath
    self.selection = old.selection
    self.isDuplicate = old.isDuplicate
    self.current = current
    super.init(keyPath: old.keyPath)
  }

  override func access(_ subject: Subject, registrar: ObservationRegistrar) {
    registrar.access(subject, keyPath: subjectKeyPath)
  }

  override func hasChanged(in value: StatePlace<Root>) -> Bool {
    guard let part = selection.read(value.raw) else { return false }
    return !isDuplicate(current, part)
  }

  override func tell(_ subject: Subject, registrar: ObservationRegistrar) {
    registrar.willSet(subject, keyPath: subjectKeyPath)
    registrar.didSet(subject, keyPath: subjectKeyPath)
  }

  override func rearmed(in value: StatePlace<Root>) -> TrackedField<Subject, Root> {
    TrackedPart(rearming: self, current: selection.read(value.raw) ?? current)
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

import Observation

/// The parts of a value read through a key path since they last changed, each with the value
/// read: what lets Observation tell a tracked scope that the part it read changed, and no one
/// else.
///
/// A read of `\.title` registers with the owner's registrar under the owner's key path of the
/// whole value with `\.title` appended (`\RootCore.state.title`), and keeps the title read.
/// After the value changed, ``update(_:of:registrar:)`` compares each part with the value
/// kept (`==` for an `Equatable` part; a part that is not `Equatable` counts as changed),
/// tells the registrar of the parts that changed, and drops them: like Observation's own
/// tracking, an entry is one-shot, and the next tracked read makes it again.
///
/// **Bounded.** There is one entry per distinct key path read since its part last changed,
/// however many scopes read it: ten thousand views that read `\.title` make one entry. An
/// entry goes when its part changes (a removed row's part reads as `nil`, a change), or with
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
  /// The entries, found by the key path read.
  @usableFromInline var entries: [AnyKeyPath: TrackedField<Subject, Root>] = [:]
  /// The entries again, in the order they were made, for the pass after a change.
  @usableFromInline var ordered: ContiguousArray<TrackedField<Subject, Root>> = []

  @inlinable
  package init(rootKeyPath: KeyPath<Subject, Root>) {
    self.rootKeyPath = rootKeyPath
  }

  /// The number of parts tracked.
  @inlinable
  package var count: Int { ordered.count }

  /// Whether no part is tracked: a change then costs nothing here.
  @inlinable
  package var isEmpty: Bool { ordered.isEmpty }

  /// Records a read of the part at `keyPath` of `value` and tells Observation of it; returns
  /// the part.
  ///
  /// - Parameters:
  ///   - keyPath: The part read.
  ///   - value: The whole value now.
  ///   - subject: The owner, the object Observation tracks.
  ///   - registrar: The owner's registrar.
  ///   - isDuplicate: Makes the comparison of two values of the part; called only if the
  ///     part is not tracked yet.
  /// - Complexity: One dictionary lookup by key path; the first read since the part last
  ///   changed also makes the entry and the registrar's key path.
  @inlinable
  package func access<Value>(
    _ keyPath: KeyPath<Root, Value>, in value: UnsafePointer<Root>, of subject: Subject,
    registrar: ObservationRegistrar, isDuplicate: () -> (Value, Value) -> Bool
  ) -> Value {
    let part = value.pointee[keyPath: keyPath]
    let entry: TrackedField<Subject, Root>
    if let existing = entries[keyPath] {
      entry = existing
    } else {
      entry = TrackedField<Subject, Root>.make(
        keyPath, through: rootKeyPath, current: part, isDuplicate: isDuplicate())
      entries[keyPath] = entry
      ordered.append(entry)
    }
    entry.access(entry, subject, registrar)
    return part
  }

  /// Compares every tracked part of `value` with the value read, then tells the registrar of
  /// the parts that changed and drops their entries.
  ///
  /// The entries are dropped before the registrar is told: a tracked scope that reads the
  /// value again while it is told makes a new entry, for the next change.
  ///
  /// - Complexity: O(n) for n tracked parts: one read and one comparison each.
  @inlinable
  package func update(_ value: UnsafePointer<Root>, of subject: Subject, registrar: ObservationRegistrar) {
    var changed: ContiguousArray<TrackedField<Subject, Root>> = []
    var index = 0
    while index < ordered.count {
      let entry = ordered[index]
      if entry.hasChanged(entry, UnsafeRawPointer(value)) {
        changed.append(entry)
        entries[entry.keyPath] = nil
        ordered.swapAt(index, ordered.count - 1)
        ordered.removeLast()
      } else {
        index += 1
      }
    }
    for entry in changed { entry.tell(entry, subject, registrar) }
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
  /// Whether the part of the value at the pointer differs from the value read.
  @usableFromInline let hasChanged: (TrackedField, UnsafeRawPointer) -> Bool
  /// Tells Observation the part changed.
  @usableFromInline let tell: (TrackedField, Subject, ObservationRegistrar) -> Void

  @inlinable
  init(
    keyPath: AnyKeyPath, access: @escaping (TrackedField, Subject, ObservationRegistrar) -> Void,
    hasChanged: @escaping (TrackedField, UnsafeRawPointer) -> Bool,
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
      keyPath, subjectKeyPath: rootKeyPath.appending(path: keyPath), current: current,
      isDuplicate: isDuplicate)
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
    _ keyPath: KeyPath<Root, Value>, subjectKeyPath: KeyPath<Subject, Value>, current: Value,
    isDuplicate: @escaping (Value, Value) -> Bool
  ) {
    self.subjectKeyPath = subjectKeyPath
    self.selection = Selection(keyPath)
    self.isDuplicate = isDuplicate
    self.current = current
    super.init(
      keyPath: keyPath,
      access: { entry, subject, registrar in
        registrar.access(subject, keyPath: unsafeDowncast(entry, to: Self.self).subjectKeyPath)
      },
      hasChanged: { entry, value in
        let entry = unsafeDowncast(entry, to: Self.self)
        guard let part = entry.selection.read(value.assumingMemoryBound(to: Root.self)) else {
          return false
        }
        return !entry.isDuplicate(entry.current, part)
      },
      tell: { entry, subject, registrar in
        let keyPath = unsafeDowncast(entry, to: Self.self).subjectKeyPath
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

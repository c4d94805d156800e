#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The engine's memory: the one file of the library that reaches memory directly. Everything
// else uses the safe types and functions it declares.
//
// * **Places** (`StatePlace`, `RawStatePlace`, `StateAllocation`, `withPlace(of:_:)`): the
//   reducer mutates a root store's state in place, and the observers read their parts of it in
//   place after each action, so that no action copies the state (a copy of an array would make
//   the next mutation O(n)); a stored property is loaded at its offset, so that a hundred
//   observed fields cost a hundred loads and comparisons. The engine keeps what it changes on
//   every action (its bookkeeping) and what its observers last saw in places too, which are
//   read and written without a dynamic exclusivity check.
// * **Unretained lists** (`UnretainedList`): the observers' registry walks its checks, and a
//   selection its subscribers, without touching their reference counts, while their code may
//   subscribe or cancel.
// * **The platform** (`PlatformLock`, `writeBytes`, `isOutsideAnyTask`, `shareStorage`): a lock
//   that ThreadSanitizer sees, bytes handed to write(2), a look at the current task, the
//   identity of an array's storage.
//
// Each part carries its own `SAFETY:` argument below and names the tests that exercise it; CI
// runs them in debug, in release under ThreadSanitizer and under AddressSanitizer.

// MARK: - Places

/// Where a value lives while it is read and written in place: a root store's state, the
/// engine's bookkeeping, a value an observation pass reads, a part of either at a known offset.
//
// SAFETY: a place is made only from memory that outlives every use of it, and is never used
// after: a ``StateAllocation``, which its owner keeps for its whole life, or a local value
// inside ``withPlace(of:_:)``, whose place does not escape the closure (every function given a
// place uses it for the call only; none stores it). The owner touches it on one thread at a time
// (a root core on the main actor), and no read is open while the value is written: the
// reducer's `inout` access runs while nothing else reads the state (a read from the reducer
// stops the program), and the observers' passes read it between actions. The bookkeeping's
// accesses never overlap: each is a short read or write of a field, or a call of a method of the
// values it holds, none of which calls out of the engine. An offset is only ever one that
// `MemoryLayout.offset(of:)` gave for a stored property of that type (or such offsets added
// down a chain of stored properties), so a value of the expected type is there. Exercised by
// `StateCostTests` (the array's buffer never moves), `SubscriptionLifetimeTests`,
// `StoredSelectionTests`, `FieldTrackingTests`, `ScopedTrackingTests`, `ReentrancyTests`,
// `ObservationStressTests` and `StoreReleaseOffMainActorTests`.
@usableFromInline
struct StatePlace<Value> {
  @usableFromInline let pointer: UnsafeMutablePointer<Value>

  @inlinable
  init(_ pointer: UnsafeMutablePointer<Value>) {
    self.pointer = pointer
  }

  /// The value, read and written where it is.
  @inlinable
  var value: Value {
    @inline(__always) unsafeAddress { UnsafePointer(pointer) }
    @inline(__always) nonmutating unsafeMutableAddress { pointer }
  }

  /// The same place, its type forgotten.
  @inlinable
  var raw: RawStatePlace { RawStatePlace(UnsafeMutableRawPointer(pointer)) }
}

/// A ``StatePlace`` whose type the code that holds it does not know: what the observers'
/// registry reads, whatever the root state's type.
@usableFromInline
struct RawStatePlace {
  @usableFromInline let pointer: UnsafeMutableRawPointer

  @inlinable
  init(_ pointer: UnsafeMutableRawPointer) {
    self.pointer = pointer
  }

  /// The value of type `Value` stored at `offset`.
  @inlinable
  func load<Value>(at offset: Int, as _: Value.Type) -> Value {
    pointer.load(fromByteOffset: offset, as: Value.self)
  }

  /// The place as one of a `Value`, which is what it holds.
  @inlinable
  func typed<Value>(as _: Value.Type) -> StatePlace<Value> {
    StatePlace(pointer.assumingMemoryBound(to: Value.self))
  }

  /// The place of the `Value` stored at `offset` (from `MemoryLayout.offset(of:)`).
  @inlinable
  func part<Value>(at offset: Int, as _: Value.Type) -> StatePlace<Value> {
    StatePlace(pointer.advanced(by: offset).assumingMemoryBound(to: Value.self))
  }
}

/// Calls `body` with the place of a copy of `value`, valid for the call only.
@inlinable
func withPlace<Value, Result>(of value: Value, _ body: (StatePlace<Value>) -> Result) -> Result {
  var copy = value
  return withUnsafeMutablePointer(to: &copy) { body(StatePlace($0)) }
}

/// The memory of a value read and written in place for an owner's whole life: a root store's
/// state, its engine's bookkeeping, a selection's last value. Freed when the last reference
/// goes.
@usableFromInline
final class StateAllocation<Value> {
  /// The value's place, for as long as this allocation lives.
  @usableFromInline let place: StatePlace<Value>

  @inlinable
  init(_ value: Value) {
    let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    pointer.initialize(to: value)
    place = StatePlace(pointer)
  }

  deinit {
    place.pointer.deinitialize(count: 1)
    place.pointer.deallocate()
  }
}

@available(*, unavailable)
extension StateAllocation: Sendable {}

extension MutableKeyPath {
  /// Calls `body` with the value at this key path in `root`, mutable in place: at its offset
  /// when the key path names a stored property, through the key path otherwise.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) throws -> Result) rethrows -> Result {
    guard let offset else { return try body(&root[keyPath: keyPath]) }
    return try withUnsafeMutablePointer(to: &root) { pointer in
      try body(&RawStatePlace(UnsafeMutableRawPointer(pointer)).part(at: offset, as: Value.self).value)
    }
  }
}

/// Whether `lhs` and `rhs` hold the same bytes, compared a word at a time. `inout` only so
/// that the values are read where they are, without another copy.
@inlinable
func haveSameBytes<Value>(_ lhs: inout Value, _ rhs: inout Value) -> Bool {
  withUnsafeBytes(of: &lhs) { lhs in
    withUnsafeBytes(of: &rhs) { rhs in
      guard lhs.count == rhs.count else { return false }
      let wordSize = MemoryLayout<UInt>.size
      var offset = 0
      while offset + wordSize <= lhs.count {
        guard
          lhs.loadUnaligned(fromByteOffset: offset, as: UInt.self)
            == rhs.loadUnaligned(fromByteOffset: offset, as: UInt.self)
        else { return false }
        offset += wordSize
      }
      while offset < lhs.count {
        guard lhs[offset] == rhs[offset] else { return false }
        offset += 1
      }
      return true
    }
  }
}

extension Equatable {
  /// `==` for values of a type only known, in generic code, to be this one.
  ///
  /// The values are read as `Self` in place, with no dynamic cast per comparison.
  static func equality<T>(as type: T.Type) -> (T, T) -> Bool {
    precondition(T.self == Self.self, "equality(as:) compares values of its own type only")
    return { lhs, rhs in
      withPlace(of: lhs) { lhs in
        withPlace(of: rhs) { rhs in
          lhs.raw.typed(as: Self.self).value == rhs.raw.typed(as: Self.self).value
        }
      }
    }
  }
}

// MARK: - Unretained lists

/// An ordered list of objects that a pass walks without touching their reference counts: an
/// owning array keeps the objects alive, and a mirror of it holds them unretained, each with an
/// `Extra` value of its own (its place in a state, the value last seen), and the indices of the
/// entries the current pass marked.
///
/// The observers' registry keeps its checks in one, a selection its subscribers, a batch of
/// stored selections its slots. After an action, a pass reads every entry in place (no retain,
/// no release, no copy-on-write or exclusivity check), marks those that changed, then calls the
/// marked ones; whatever an entry's code does meanwhile (subscribe, cancel, read the store),
/// the walk stays valid.
///
/// The rules its users keep (each is the reason of one line of the proof below):
///
/// - It is used on one thread at a time: by its root store, on the main actor.
/// - During a pass (from the first ``mark(_:)`` to ``clearMarks()``, and while an entry's code
///   runs) nothing is removed: ``append(_:extra:)`` alone may be called, and it leaves the
///   entries already there where they are. Removals wait until the pass has ended.
/// - A pass walks the indices below the ``count`` it read at its start, reading the mirror
///   afresh at each step, and marks each entry at most once.
///
/// - Complexity: ``append(_:extra:)`` is amortised O(1); the reads of a pass are O(1) each;
///   ``removeAll(where:)`` and ``remove(identicalTo:)`` are O(n).
@usableFromInline
final class UnretainedList<Element: AnyObject, Extra> {
  // SAFETY: each unretained entry below `count` is the object at the same index of `owned`,
  // which keeps it alive: the two change together, in `append`, `remove(identicalTo:)` and
  // `removeAll(where:)`, nothing else writes either, and a removed object (with its extra) is
  // released only once both are whole again, so the code its release runs (a captured token
  // cancelled) finds a consistent list. Only its root store's main actor uses the list, so no
  // two accesses overlap in time, and nothing leaves it during a pass (removals trap while a
  // mark is pending; the registry and a shared value's observers defer a removal while they call
  // observers), so a pass never holds a released object. A pass walks the indices below the
  // `count` it read at its start, which never shrinks during it; an entry appended meanwhile
  // may move the memory, which a pass therefore reads afresh at each step; each entry is marked
  // at most once a pass, so the marks never outgrow the capacity. Exercised by
  // `UnretainedListTests`, `SubscriptionLifetimeTests`, `StoredSelectionTests` and
  // `ObservationStressTests`.

  /// Keeps the objects alive, in order.
  @exclusivity(unchecked) @usableFromInline var owned: ContiguousArray<Element> = []
  /// The objects again, unretained, in the first `count` of `capacity` elements.
  @exclusivity(unchecked) @usableFromInline var unretained: UnsafeMutablePointer<Unmanaged<Element>>
  /// The value that goes with each object, in the first `count` of `capacity` elements.
  @exclusivity(unchecked) @usableFromInline var extras: UnsafeMutablePointer<Extra>
  /// A number that goes with each object (a selection's offset in the state), in the first
  /// `count` of `capacity` elements: apart from the extras, so that a list whose extra is a
  /// generic value reads it with no type made at run time.
  @exclusivity(unchecked) @usableFromInline var tags: UnsafeMutablePointer<Int>
  /// The indices marked in the current pass, in the first `markCount` of `capacity` elements.
  @exclusivity(unchecked) @usableFromInline var marks: UnsafeMutablePointer<Int>
  /// The number of objects: `owned.count`, kept where a pass reads it with one load.
  @exclusivity(unchecked) @usableFromInline var count = 0
  @exclusivity(unchecked) @usableFromInline var markCount = 0
  @exclusivity(unchecked) @usableFromInline var capacity: Int

  /// Creates an empty list with room for `capacity` entries before it grows.
  @usableFromInline
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
    unretained = .allocate(capacity: self.capacity)
    extras = .allocate(capacity: self.capacity)
    tags = .allocate(capacity: self.capacity)
    marks = .allocate(capacity: self.capacity)
  }

  deinit {
    extras.deinitialize(count: count)
    unretained.deallocate()
    extras.deallocate()
    tags.deallocate()
    marks.deallocate()
  }

  /// Whether the list holds no object.
  @usableFromInline
  var isEmpty: Bool { count == 0 }

  /// The objects, retained, in order; for the rare paths (compaction, look-ups), not a pass.
  @usableFromInline
  var elements: ContiguousArray<Element> { owned }

  /// Appends `element` with its `extra` and `tag`. Allowed during a pass: the entries already
  /// there keep their indices, and a pass that reads `count` once at its start does not reach
  /// the new one.
  @usableFromInline
  func append(_ element: Element, extra: Extra, tag: Int = 0) {
    if count == capacity { grow() }
    unretained[count] = .passUnretained(element)
    (extras + count).initialize(to: extra)
    tags[count] = tag
    owned.append(element)
    count += 1
  }

  /// Doubles the capacity, moving the entries and the marks into new memory.
  private func grow() {
    let newCapacity = capacity * 2
    unretained = Self.move(unretained, count: count, to: newCapacity)
    extras = Self.move(extras, count: count, to: newCapacity)
    tags = Self.move(tags, count: count, to: newCapacity)
    marks = Self.move(marks, count: markCount, to: newCapacity)
    capacity = newCapacity
  }

  /// Moves the first `count` elements of `memory` into new memory for `capacity` elements, and
  /// frees the old memory.
  private static func move<Value>(
    _ memory: UnsafeMutablePointer<Value>, count: Int, to capacity: Int
  ) -> UnsafeMutablePointer<Value> {
    let moved = UnsafeMutablePointer<Value>.allocate(capacity: capacity)
    moved.moveInitialize(from: memory, count: count)
    memory.deallocate()
    return moved
  }

  /// Calls `body` with the object at `index`, without retaining it: the list keeps it alive,
  /// and no removal happens while `body` runs.
  ///
  /// The closure handed to the standard library is made here, outside any actor, so that Swift
  /// does not check the executor each time it is called, as it would for a closure made in
  /// main-actor code.
  @inlinable @inline(__always)
  func withElement<Result>(at index: Int, _ body: (Element) -> Result) -> Result {
    unretained[index]._withUnsafeGuaranteedRef { body($0) }
  }

  /// The value that goes with the object at `index`, read and written in place.
  @inlinable
  subscript(extraAt index: Int) -> Extra {
    @inline(__always) unsafeAddress { UnsafePointer(extras + index) }
    @inline(__always) unsafeMutableAddress { extras + index }
  }

  /// The number that goes with the object at `index`.
  @inlinable @inline(__always)
  func tag(at index: Int) -> Int {
    tags[index]
  }

  /// Marks the entry at `index` as changed in the current pass; each entry at most once a pass.
  @inlinable @inline(__always)
  func mark(_ index: Int) {
    marks[markCount] = index
    markCount &+= 1
  }

  /// The index of the `position`th entry marked in the current pass.
  @inlinable @inline(__always)
  func markedIndex(_ position: Int) -> Int {
    marks[position]
  }

  /// Ends the current pass's marks.
  @inlinable @inline(__always)
  func clearMarks() {
    markCount = 0
  }

  /// Removes the objects for which `shouldRemove` is true, keeping the others in order; never
  /// during a pass.
  ///
  /// `shouldRemove` runs first, on every object, while the list is whole; the removed objects
  /// and their extras are released last, once the list is whole again.
  func removeAll(where shouldRemove: (Element) -> Bool) {
    precondition(markCount == 0, "UnretainedList changed during a pass")
    let removes = owned.map(shouldRemove)
    guard removes.contains(true) else { return }
    let before = owned
    var kept = ContiguousArray<Element>()
    kept.reserveCapacity(count)
    var removedExtras: [Extra] = []
    for index in 0..<count {
      if removes[index] {
        removedExtras.append((extras + index).move())
      } else {
        if kept.count != index {
          (extras + kept.count).moveInitialize(from: extras + index, count: 1)
          unretained[kept.count] = unretained[index]
          tags[kept.count] = tags[index]
        }
        kept.append(before[index])
      }
    }
    owned = kept
    count = kept.count
    withExtendedLifetime((before, removedExtras)) {}
  }

  /// Removes `element`, if the list holds it, keeping the others in order; never during a pass.
  ///
  /// - Returns: The object removed: the caller releases it, once the list is whole again.
  func remove(identicalTo element: Element) -> (Element, Extra)? {
    precondition(markCount == 0, "UnretainedList changed during a pass")
    guard let index = owned.firstIndex(where: { $0 === element }) else { return nil }
    let removed = owned.remove(at: index)
    let extra = (extras + index).move()
    let after = count - index - 1
    (unretained + index).moveInitialize(from: unretained + index + 1, count: after)
    (extras + index).moveInitialize(from: extras + index + 1, count: after)
    (tags + index).moveInitialize(from: tags + index + 1, count: after)
    count -= 1
    return (removed, extra)
  }
}

extension UnretainedList where Extra == Void {
  /// Appends `element`.
  @usableFromInline
  func append(_ element: Element) {
    append(element, extra: ())
  }
}

@available(*, unavailable)
extension UnretainedList: Sendable {}

// MARK: - The platform

// SAFETY: each pointer here is used inside the call that makes it and never kept, except the
// lock's, which is allocated and initialised once in `PlatformLock.init` and freed in its
// `deinit`, a stable address for the lock's life; every count passed with a pointer is the
// buffer's own, less what was already written or read; a socket address is rebound to
// `sockaddr` only for the call, with the length of the `sockaddr_in` it is. Exercised by
// `LockIsolatedTests` (under ThreadSanitizer), the diagnostics tests that write to standard
// error, the recording tests (`FileSessionSinkTests`), `AsyncLoopGuardTests`, the list view
// model's tests, and the live inspector's server and log follower tests (real sockets, real
// files, under both sanitizers).

/// The platform's plain mutex, at a stable address: what ``LockIsolated`` locks.
///
/// ThreadSanitizer sees its waits, which it does not for `Synchronization.Mutex` on Linux (a
/// futex), and would then report races that are not there.
@usableFromInline
final class PlatformLock: @unchecked Sendable {
  // @unchecked: the lock itself is the synchronisation.
  #if canImport(Darwin)
    @usableFromInline let handle = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)

    @usableFromInline init() { handle.initialize(to: os_unfair_lock()) }
    deinit { handle.deallocate() }
    @inlinable func lock() { os_unfair_lock_lock(handle) }
    @inlinable func unlock() { os_unfair_lock_unlock(handle) }
  #else
    @usableFromInline let handle = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    @usableFromInline init() { pthread_mutex_init(handle, nil) }
    deinit {
      pthread_mutex_destroy(handle)
      handle.deallocate()
    }
    @inlinable func lock() { pthread_mutex_lock(handle) }
    @inlinable func unlock() { pthread_mutex_unlock(handle) }
  #endif
}

/// Writes `bytes[from...]` to a file descriptor with one write(2).
///
/// - Returns: What write(2) returned: the number of bytes written, or -1 (see `errno`).
package func writeBytes(_ bytes: [UInt8], from offset: Int, to descriptor: Int32) -> Int {
  bytes.withUnsafeBytes { buffer in
    write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
  }
}

/// Reads up to `buffer.count` bytes from a file descriptor into `buffer` with one read(2), or
/// one pread(2) at `fileOffset` when one is given.
///
/// - Returns: What the call returned: the number of bytes read (0 at the end), or -1 (see
///   `errno`).
package func readBytes(
  from descriptor: Int32, into buffer: inout [UInt8], atFileOffset fileOffset: Int64? = nil
) -> Int {
  buffer.withUnsafeMutableBytes { raw in
    if let fileOffset { return pread(descriptor, raw.baseAddress, raw.count, off_t(fileOffset)) }
    return read(descriptor, raw.baseAddress, raw.count)
  }
}

/// Sends `bytes[from...]` on a connected socket with one send(2), without the signal a peer
/// that went away would raise.
///
/// - Returns: What send(2) returned: the number of bytes sent, or -1 (see `errno`).
package func sendBytes(_ bytes: [UInt8], from offset: Int, on socket: Int32) -> Int {
  #if os(Linux)
    let flags = Int32(MSG_NOSIGNAL)
  #else
    let flags: Int32 = 0
  #endif
  return bytes.withUnsafeBytes { buffer in
    send(socket, buffer.baseAddress! + offset, buffer.count - offset, flags)
  }
}

/// Binds a socket to the loopback address 127.0.0.1 at `port` (0: any free port).
///
/// - Returns: The port it is bound to, or `nil` if bind(2) failed (see `errno`).
package func bindToLoopback(_ socket: Int32, port: UInt16) -> UInt16? {
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(port.bigEndian)
  address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
  let length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
  }
  guard bound == 0 else { return nil }
  var boundLength = length
  withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &boundLength) }
  }
  return UInt16(bigEndian: address.sin_port)
}

/// Whether the calling code runs outside any task.
func isOutsideAnyTask() -> Bool {
  withUnsafeCurrentTask { $0 == nil }
}

/// Whether two arrays share one storage: then no element of one differs from the other's.
package func shareStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
  lhs.withUnsafeBufferPointer { lhs in
    rhs.withUnsafeBufferPointer { rhs in lhs.baseAddress == rhs.baseAddress && lhs.count == rhs.count }
  }
}

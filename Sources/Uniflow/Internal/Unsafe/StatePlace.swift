/// Where a value lives while it is read and written in place: a root store's state, a value
/// an observation pass reads, a part of either at a known offset. The library's other code
/// reaches memory only through these types and functions.
///
/// The reducer mutates a root store's state in place, and observers read their parts of it in
/// place after each action, so that no action copies the state (a copy of an array would make
/// the next mutation O(n)); a stored property's value is loaded at its offset, so that a
/// hundred observed fields cost a hundred loads and comparisons.
//
// SAFETY: a place is made only from memory that outlives every use of it, and is never used
// after: a ``StateAllocation``, which its owner (a root core, for its state and for its
// engine's bookkeeping) keeps for its whole life, or a
// local value inside ``withPlace(of:_:)``, whose place does not escape the closure (every
// function given a place uses it for the call only; none stores it). The owner touches it on
// one thread at a time (a root core on the main actor), and no read is open while the value is
// written: the reducer's `inout` access runs while nothing else reads the state (a read from
// the reducer stops the program), and the observers' passes read it between actions. An offset
// is only ever one that `MemoryLayout.offset(of:)` gave for a stored property of that type (or
// such offsets added down a chain of stored properties), so a value of the expected type is
// there. (The bookkeeping's accesses never overlap either: see ``RootCore/bookkeeping``.) Exercised by `StateCostTests` (the array's buffer never moves),
// `SubscriptionLifetimeTests`, `StoredSelectionTests`, `FieldTrackingTests`,
// `ScopedTrackingTests`, `ObservationStressTests` and `StoreReleaseOffMainActorTests`, in debug,
// release and under ThreadSanitizer and AddressSanitizer.
@usableFromInline
package struct StatePlace<Value> {
  @usableFromInline let pointer: UnsafeMutablePointer<Value>

  @inlinable
  init(_ pointer: UnsafeMutablePointer<Value>) {
    self.pointer = pointer
  }

  /// The value, read and written where it is. Always inlined: in the engine's unspecialised
  /// code a call of the accessor would look up the place's generic metadata every time.
  @inlinable @inline(__always)
  package var value: Value {
    unsafeAddress { UnsafePointer(pointer) }
    nonmutating unsafeMutableAddress { pointer }
  }

  /// The same place, its type forgotten.
  @inlinable @inline(__always)
  var raw: RawStatePlace { RawStatePlace(UnsafeMutableRawPointer(pointer)) }

  /// The place of the stored part at `offset` (from `MemoryLayout<Value>.offset(of:)`).
  @inlinable
  func part<Part>(at offset: Int, as _: Part.Type) -> StatePlace<Part> {
    raw.advanced(by: offset).typed(as: Part.self)
  }
}

/// A ``StatePlace`` whose type the code that holds it does not know: what a check of the
/// observers' registry reads, whatever the root state's type.
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

  /// The place `offset` bytes further on.
  @inlinable
  func advanced(by offset: Int) -> RawStatePlace {
    RawStatePlace(pointer.advanced(by: offset))
  }

  /// The place as one of a `Value`, which is what it holds.
  @inlinable
  func typed<Value>(as _: Value.Type) -> StatePlace<Value> {
    StatePlace(pointer.assumingMemoryBound(to: Value.self))
  }
}

/// Calls `body` with the place of a copy of `value`, valid for the call only.
@inlinable
package func withPlace<Value, Result>(
  of value: Value, _ body: (StatePlace<Value>) -> Result
) -> Result {
  var copy = value
  return withUnsafeMutablePointer(to: &copy) { body(StatePlace($0)) }
}

/// The memory of a value read and written in place for an owner's whole life: a root store's
/// state, its engine's bookkeeping. Freed when the last reference goes.
@usableFromInline
final class StateAllocation<Value> {
  /// The value's place, for as long as this allocation lives.
  @usableFromInline let place: StatePlace<Value>

  @usableFromInline
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

extension MutableKeyPath {
  /// Calls `body` with the value at this key path in `root`, mutable in place: at its offset
  /// when the key path names a stored property, through the key path otherwise.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) throws -> Result) rethrows -> Result {
    guard let offset else { return try body(&root[keyPath: keyPath]) }
    return try withUnsafeMutablePointer(to: &root) { pointer in
      try body(&StatePlace(pointer).part(at: offset, as: Value.self).value)
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

/// `object` as the class `Target`, which it is exactly: checked in every build by comparing
/// its class with `Target` (one load and one comparison), then cast without the runtime's
/// search of the class hierarchy.
///
/// For the function tables of the observers' checks and of tracked fields, and the boxes of
/// effect identifiers, whose code is called only with the object it was made for.
@inlinable @inline(__always)
func exactCast<Base: AnyObject, Target: AnyObject>(_ object: Base, to _: Target.Type) -> Target {
  precondition(ObjectIdentifier(type(of: object)) == ObjectIdentifier(Target.self))
  return unsafeDowncast(object, to: Target.self)
}

/// `object` as the class `Target`, unchecked: for a function an object of the observers'
/// registry keeps for its own class, called on the hot path of every send. The registry calls
/// such a function only through the object's own final method (``SelectionCheck/update(_:)``,
/// …), which passes the object itself, made as a `Target` by the initialiser that made the
/// function. (A check here would need the class's generic metadata in the function's context,
/// about ten instructions per call; ``exactCast(_:to:)`` checks where that does not matter.)
@inlinable @inline(__always)
func ownCast<Base: AnyObject, Target: AnyObject>(_ object: Base, to _: Target.Type) -> Target {
  unsafeDowncast(object, to: Target.self)
}

/// An object called without a reference count: its owner keeps it alive for as long as this
/// reference is used (a store holds its root core, whose unretained reference this is).
@usableFromInline
struct Unretained<Object: AnyObject> {
  @usableFromInline let reference: Unmanaged<Object>

  @inlinable
  init(_ object: Object) {
    reference = .passUnretained(object)
  }

  /// Calls `body` with the object, which the owner keeps alive, without retaining it.
  ///
  /// The closure handed to the standard library is made here, outside any actor, so Swift does
  /// not check the executor each time it is called, as it would for a closure made in
  /// main-actor code.
  @inlinable
  func with<Result>(_ body: (Object) -> Result) -> Result {
    reference._withUnsafeGuaranteedRef { body($0) }
  }
}

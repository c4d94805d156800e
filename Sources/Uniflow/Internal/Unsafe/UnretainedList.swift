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
  // `ObservationStressTests`, in debug, release and under the sanitizers.

  /// Keeps the objects alive, in order.
  @exclusivity(unchecked) @usableFromInline var owned: ContiguousArray<Element> = []
  /// The objects again, unretained, in the first `count` of `capacity` elements.
  @exclusivity(unchecked) @usableFromInline var unretained: UnsafeMutablePointer<Unmanaged<Element>>
  /// The value that goes with each object, in the first `count` of `capacity` elements.
  @exclusivity(unchecked) @usableFromInline var extras: UnsafeMutablePointer<Extra>
  /// The indices marked in the current pass, in the first `markCount` of `capacity` elements.
  @exclusivity(unchecked) @usableFromInline var marks: UnsafeMutablePointer<Int>
  /// The number of objects: `owned.count`, kept where a pass reads it with one load.
  @exclusivity(unchecked) @usableFromInline var count = 0
  @exclusivity(unchecked) @usableFromInline var markCount = 0
  @exclusivity(unchecked) @usableFromInline var capacity: Int

  /// Creates an empty list with room for `capacity` entries before it grows.
  @inlinable
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
    unretained = .allocate(capacity: self.capacity)
    extras = .allocate(capacity: self.capacity)
    marks = .allocate(capacity: self.capacity)
  }

  deinit {
    extras.deinitialize(count: count)
    unretained.deallocate()
    extras.deallocate()
    marks.deallocate()
  }

  /// Whether the list holds no object.
  @inlinable
  var isEmpty: Bool { count == 0 }

  /// The objects, retained, in order; for the rare paths (compaction, look-ups), not a pass.
  @inlinable
  var elements: ContiguousArray<Element> { owned }

  /// Appends `element` with its `extra`. Allowed during a pass: the entries already there keep
  /// their indices, and a pass that reads `count` once at its start does not reach the new one.
  @inlinable
  func append(_ element: Element, extra: Extra) {
    if count == capacity { grow() }
    unretained[count] = .passUnretained(element)
    (extras + count).initialize(to: extra)
    owned.append(element)
    count += 1
  }

  /// Doubles the capacity, moving the entries and the marks into new memory.
  @usableFromInline
  func grow() {
    let newCapacity = capacity * 2
    unretained = Self.move(unretained, count: count, to: newCapacity)
    extras = Self.move(extras, count: count, to: newCapacity)
    marks = Self.move(marks, count: markCount, to: newCapacity)
    capacity = newCapacity
  }

  /// Moves the first `count` elements of `memory` into new memory for `capacity` elements, and
  /// frees the old memory.
  @usableFromInline
  static func move<Value>(
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
  @usableFromInline
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
  @usableFromInline
  func remove(identicalTo element: Element) -> (Element, Extra)? {
    precondition(markCount == 0, "UnretainedList changed during a pass")
    guard let index = owned.firstIndex(where: { $0 === element }) else { return nil }
    let removed = owned.remove(at: index)
    let extra = (extras + index).move()
    let after = count - index - 1
    (unretained + index).moveInitialize(from: unretained + index + 1, count: after)
    (extras + index).moveInitialize(from: extras + index + 1, count: after)
    count -= 1
    return (removed, extra)
  }
}

extension UnretainedList where Extra == Void {
  /// Appends `element`.
  @inlinable
  func append(_ element: Element) {
    append(element, extra: ())
  }
}

@available(*, unavailable)
extension UnretainedList: Sendable {}

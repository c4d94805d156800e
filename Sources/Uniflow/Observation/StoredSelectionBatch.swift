/// The observers of every stored-property selection of one `Equatable` type in a root state,
/// checked in one loop: for each selection, a load at its offset and an `==`, with no call
/// through a closure. A state with a hundred observed `Int` fields costs about what comparing
/// the hundred fields by hand does.
///
/// The selections sit in an ``UnretainedList``: each one's observers, with its offset and last
/// value in place beside them, so the loop reads and writes them without copy-on-write checks.
@usableFromInline
final class StoredSelectionBatch<Value: Equatable>: SelectionCheck {
  /// Where a selection's value sits in the root state, and the value last reported.
  @usableFromInline
  struct Slot {
    @usableFromInline let offset: Int
    @usableFromInline var current: Value

    @inlinable
    init(offset: Int, current: Value) {
      self.offset = offset
      self.current = current
    }
  }

  /// The selections: each one's observers, with its slot; those that changed in the current
  /// pass are marked.
  @usableFromInline let slots = UnretainedList<SubscriberList<Value>, Slot>(capacity: 4)
  @usableFromInline var slotByOffset: [Int: Int] = [:]

  @inlinable
  init() {
    // The registry calls each function only through the check's own method, with the check
    // itself, which this initialiser made as a `Self`.
    super.init(
      identity: .batch(ObjectIdentifier(Value.self)),
      update: { ownCast($0, to: Self.self).update($1) },
      notify: { ownCast($0, to: Self.self).notify() },
      compact: { ownCast($0, to: Self.self).compact() },
      observedCount: { ownCast($0, to: Self.self).subscribedCount })
  }

  /// Subscribes `onChange` to the `Value` stored at `offset` in the root state of `registry`:
  /// it joins the batch of `Value`, made here if there is none yet.
  ///
  /// Called where `Value` is known, so that the batch's functions are made for it: a batch made
  /// in generic code would run generic code on every action.
  @inlinable
  @MainActor
  static func subscribe(
    in registry: any SelectionRegistry, offset: Int, initial: Value,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let batch: StoredSelectionBatch
    if let existing = registry.check(.batch(ObjectIdentifier(Value.self))) as? StoredSelectionBatch {
      batch = existing
    } else {
      batch = StoredSelectionBatch()
      registry.add(batch)
    }
    let flag = registry.makeFlag()
    let subscriber = Subscriber(flag: flag, onChange: onChange)
    let list = batch.observe(offset: offset, initial: initial, subscriber: subscriber)
    return ObservationToken(flag: flag, dropping: subscriber, from: list)
  }

  /// Subscribes `subscriber` to the selection at `offset`, sharing it with the observers
  /// already there; returns the selection's observers.
  @inlinable
  func observe(offset: Int, initial: Value, subscriber: Subscriber<Value>) -> SubscriberList<Value> {
    if let slot = slotByOffset[offset] {
      let list = slots.elements[slot]
      list.append(subscriber)
      return list
    }
    slotByOffset[offset] = slots.count
    let list = SubscriberList(subscriber)
    slots.append(list, extra: Slot(offset: offset, current: initial))
    return list
  }

  /// Reads every selection from the state; returns whether any changed, keeping the new values.
  @inlinable @inline(__always)
  func update(_ state: RawStatePlace) -> Bool {
    let count = slots.count
    var slot = 0
    while slot < count {
      // `offset` is the place of a stored `Value` in the root state, from
      // `MemoryLayout.offset(of:)`.
      let value = state.load(at: slots[extraAt: slot].offset, as: Value.self)
      if value != slots[extraAt: slot].current {
        slots[extraAt: slot].current = value
        slots.mark(slot)
      }
      slot &+= 1
    }
    return slots.markCount > 0
  }

  /// Calls the observers of the selections that changed in the last ``update(_:)``. Observers
  /// added by a callback see the next change, not this one.
  @inlinable @inline(__always)
  func notify() {
    var position = 0
    while position < slots.markCount {
      let slot = slots.markedIndex(position)
      // A copy: a callback may subscribe a new selection, which may move the slots.
      let current = slots[extraAt: slot].current
      slots.withElement(at: slot) { $0.notify(current) }
      position &+= 1
    }
    slots.clearMarks()
  }

  /// Drops cancelled observers, and selections left without any; returns whether any is left.
  @usableFromInline
  func compact() -> Bool {
    let countBefore = slots.count
    slots.removeAll { !$0.compact() }
    if slots.count < countBefore {
      slotByOffset = [:]
      for slot in 0..<slots.count { slotByOffset[slots[extraAt: slot].offset] = slot }
    }
    return !slots.isEmpty
  }

  /// The number of selections with at least one observer still subscribed.
  @usableFromInline
  var subscribedCount: Int {
    slots.elements.count { $0.containsSubscribed() }
  }
}

/// The observers of every stored-property selection of one `Equatable` type in a root state,
/// checked in one loop: for each selection, a load at its offset and an `==`, with no call
/// through a closure. A state with a hundred observed `Int` fields costs about what comparing
/// the hundred fields by hand does.
///
/// The offsets, the last values and the changed slots sit in memory of the batch's own, so the
/// loop writes them without copy-on-write checks.
@usableFromInline
final class StoredSelectionBatch<Value: Equatable>: SelectionCheck {
  /// A selection: where its value sits in the root state, and the value last reported.
  @usableFromInline
  struct Slot {
    @usableFromInline let offset: Int
    @usableFromInline var current: Value
    /// The slot's observers, unretained: ``lists`` keeps them.
    @usableFromInline let subscribers: Unmanaged<SubscriberList<Value>>

    @inlinable
    init(offset: Int, current: Value, subscribers: SubscriberList<Value>) {
      self.offset = offset
      self.current = current
      self.subscribers = .passUnretained(subscribers)
    }
  }

  // Main-actor isolated and never accessed re-entrantly: unchecked on the hot path, in every
  // build.
  /// The selections, in the first `slotCount` elements of `capacity`.
  @exclusivity(unchecked) @usableFromInline var slots: UnsafeMutablePointer<Slot>
  @exclusivity(unchecked) @usableFromInline var slotCount = 0
  @exclusivity(unchecked) @usableFromInline var capacity: Int
  /// The slots that changed in the current pass, in the first `changedCount` elements; never
  /// more than `slotCount`.
  @exclusivity(unchecked) @usableFromInline var changed: UnsafeMutablePointer<Int>
  @exclusivity(unchecked) @usableFromInline var changedCount = 0
  /// The observers of each slot; keeps them alive.
  @exclusivity(unchecked) @usableFromInline var lists: ContiguousArray<SubscriberList<Value>> = []
  @usableFromInline var slotByOffset: [Int: Int] = [:]

  @inlinable
  init() {
    capacity = 4
    slots = .allocate(capacity: capacity)
    changed = .allocate(capacity: capacity)
    super.init(
      identity: .batch(ObjectIdentifier(Value.self)),
      update: { unsafeDowncast($0, to: Self.self).update($1) },
      notify: { unsafeDowncast($0, to: Self.self).notify() })
  }

  deinit {
    slots.deinitialize(count: slotCount)
    slots.deallocate()
    changed.deallocate()
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
    batch.observe(offset: offset, initial: initial, subscriber: Subscriber(flag: flag, onChange: onChange))
    return ObservationToken(flag: flag)
  }

  /// Subscribes `subscriber` to the selection at `offset`, sharing it with the observers
  /// already there.
  @inlinable
  func observe(offset: Int, initial: Value, subscriber: Subscriber<Value>) {
    if let slot = slotByOffset[offset] {
      lists[slot].append(subscriber)
      return
    }
    if slotCount == capacity { grow() }
    slotByOffset[offset] = slotCount
    let list = SubscriberList(subscriber)
    (slots + slotCount).initialize(to: Slot(offset: offset, current: initial, subscribers: list))
    slotCount += 1
    lists.append(list)
  }

  /// Doubles the capacity. A subscription made by a callback during a pass can land here:
  /// the passes read `slots` and `changed` afresh at each step.
  @usableFromInline
  func grow() {
    capacity *= 2
    slots = slots.reallocated(keeping: slotCount, capacity: capacity)
    changed = changed.reallocated(keeping: changedCount, capacity: capacity)
  }

  /// Reads every selection from the state; returns whether any changed, keeping the new values.
  @inlinable
  func update(_ state: UnsafeRawPointer) -> Bool {
    let count = slotCount
    var slot = 0
    while slot < count {
      let value = state.load(fromByteOffset: slots[slot].offset, as: Value.self)
      if value != slots[slot].current {
        slots[slot].current = value
        changed[changedCount] = slot
        changedCount += 1
      }
      slot += 1
    }
    return changedCount > 0
  }

  /// Calls the observers of the selections that changed in the last ``update(_:)``. Observers
  /// added by a callback see the next change, not this one.
  @inlinable @inline(__always)
  func notify() {
    let count = changedCount
    var position = 0
    while position < count {
      let slot = slots[changed[position]]
      slot.subscribers._withUnsafeGuaranteedRef { $0.notify(slot.current) }
      position += 1
    }
    changedCount = 0
  }

  @usableFromInline
  override func compact() -> Bool {
    var kept = 0
    for slot in 0..<slotCount {
      if !lists[slot].compact() {
        (slots + slot).deinitialize(count: 1)
      } else {
        if kept != slot {
          (slots + kept).moveInitialize(from: slots + slot, count: 1)
          lists.swapAt(kept, slot)
        }
        kept += 1
      }
    }
    if kept < slotCount {
      lists.removeLast(slotCount - kept)
      slotCount = kept
      slotByOffset = [:]
      for slot in 0..<slotCount { slotByOffset[slots[slot].offset] = slot }
    }
    return slotCount > 0
  }

  @usableFromInline
  override var observedCount: Int {
    lists.count { $0.containsSubscribed }
  }
}

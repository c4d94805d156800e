/// The observers of every stored-property selection of one `Equatable` type in a root state,
/// checked in one loop: for each selection, a load at its offset and an `==`, with no call
/// through a closure. A state with a hundred observed `Int` fields costs about what comparing
/// the hundred fields by hand does.
///
/// Only its root store's ``ObserverRegistry`` uses it, on the main actor; like
/// ``SelectionGroup`` it is not itself isolated, so that the registry's closures over it are
/// plain functions.
@usableFromInline
final class StoredSelectionBatch<Value: Equatable> {
  /// The byte offset of each selection in the root state.
  @exclusivity(unchecked) @usableFromInline var offsets: ContiguousArray<Int> = []
  /// The value last reported for each selection.
  @exclusivity(unchecked) @usableFromInline var currents: ContiguousArray<Value> = []
  /// The observers of each selection.
  @exclusivity(unchecked) @usableFromInline var observers:
    ContiguousArray<ContiguousArray<SelectionGroup<Void, Value>.Observer>> = []
  /// The selections that changed in the current pass, in the first `changedCount` elements.
  @exclusivity(unchecked) @usableFromInline var changed: ContiguousArray<Int> = []
  @exclusivity(unchecked) @usableFromInline var changedCount = 0
  @usableFromInline var slotByOffset: [Int: Int] = [:]

  @usableFromInline
  init() {}

  /// Subscribes `onChange` to the selection at `offset`, sharing it with the observers already
  /// there.
  @inlinable
  func observe(offset: Int, initial: Value, flag: SubscriptionFlag, onChange: @escaping (Value) -> Void) {
    let slot: Int
    if let existing = slotByOffset[offset] {
      slot = existing
    } else {
      slot = offsets.count
      slotByOffset[offset] = slot
      offsets.append(offset)
      currents.append(initial)
      observers.append([])
    }
    observers[slot].append(.init(flag: flag, onChange: onChange))
  }

  /// Reads every selection from the state; returns whether any changed, keeping the new values.
  @inlinable
  func update(_ state: UnsafeRawPointer) -> Bool {
    offsets.withUnsafeBufferPointer { offsets in
      var isChanged = false
      for slot in offsets.indices {
        let value = state.load(fromByteOffset: offsets[slot], as: Value.self)
        guard value != currents[slot] else { continue }
        currents[slot] = value
        if changedCount < changed.count {
          changed[changedCount] = slot
        } else {
          changed.append(slot)
        }
        changedCount += 1
        isChanged = true
      }
      return isChanged
    }
  }

  /// Calls the observers of the selections that changed in the last ``update(_:)``. Observers
  /// added by a callback see the next change, not this one.
  @inlinable
  func notify() {
    let count = changedCount
    changedCount = 0
    for position in 0..<count {
      let slot = changed[position]
      let value = currents[slot]
      // A copy of the list: a callback may subscribe to this selection meanwhile.
      let list = observers[slot]
      for observer in list where !observer.flag.isCancelled {
        observer.onChange(value)
      }
    }
  }

  /// Drops cancelled observers and the selections left without any; returns whether any
  /// selection is left.
  @usableFromInline
  func compact() -> Bool {
    var kept: [Int] = []
    for slot in observers.indices {
      observers[slot].removeAll { $0.flag.isCancelled }
      if !observers[slot].isEmpty { kept.append(slot) }
    }
    if kept.count < offsets.count {
      offsets = ContiguousArray(kept.map { offsets[$0] })
      currents = ContiguousArray(kept.map { currents[$0] })
      observers = ContiguousArray(kept.map { observers[$0] })
      slotByOffset = [:]
      for (slot, offset) in offsets.enumerated() { slotByOffset[offset] = slot }
    }
    return !offsets.isEmpty
  }

  /// The number of selections with at least one observer still subscribed.
  @usableFromInline
  var observedCount: Int {
    observers.count { list in list.contains { !$0.flag.isCancelled } }
  }
}

@available(*, unavailable)
extension StoredSelectionBatch: Sendable {}

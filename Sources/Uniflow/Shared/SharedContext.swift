/// The bookkeeping of the shared values of one ``SharedValues`` container, or of one shared
/// value of its own: the root stores that hold them.
///
/// A store joins the context of each shared value its initial state holds when it is made (see
/// ``contexts(in:)``). A change made in a reducer then goes to the tracker of the store whose
/// reducer is running, found here (in O(1) when it is the store that changed one of these
/// values last); and once it is published, the stores whose observers compute their selections
/// check them again. Nothing here is shared between two contexts: the stores of two
/// containers never touch each other's bookkeeping.
@MainActor
package final class SharedContext {
  /// A store's tracker, and the store, behind the store's liveness flag.
  private struct Entry {
    let liveness: Liveness
    let tracker: SharedChangeTracker
    // SAFETY: read only after `liveness`, which the store ends first in its deinit, on the
    // main actor.
    unowned let holder: any SharedHolder

    /// Whether the store is alive and its reducer running.
    @MainActor var isReducing: Bool {
      guard liveness.isAlive else { return false }
      return holder.isReducing
    }
  }

  /// The stores that hold values of this context.
  private var holders: [Entry] = []
  /// Those of them whose observers compute their selections.
  private var refreshers: [Entry] = []
  /// How many entries there were after the last compaction: compacts again at twice as many.
  private var compactedCount = 0
  /// The store whose reducer changed a value last: most likely the next one too.
  private var lastReducer: Entry?

  nonisolated init() {}

  /// Adds a store's tracker.
  func add(_ tracker: SharedChangeTracker, holder: any SharedHolder, liveness: Liveness) {
    if holders.count >= max(16, compactedCount * 2) {
      holders.removeAll { !$0.liveness.isAlive }
      refreshers.removeAll { !$0.liveness.isAlive }
      compactedCount = holders.count
    }
    holders.append(Entry(liveness: liveness, tracker: tracker, holder: holder))
  }

  /// Makes a store that holds values of this context check its selections after each change.
  func addRefresher(_ tracker: SharedChangeTracker) {
    guard let entry = holders.last(where: { $0.tracker === tracker }) else { return }
    refreshers.append(entry)
  }

  /// The tracker of the store whose reducer is running, if it holds values of this context.
  func reducingTracker() -> SharedChangeTracker? {
    if let lastReducer, lastReducer.isReducing { return lastReducer.tracker }
    for entry in holders where entry.isReducing {
      lastReducer = entry
      return entry.tracker
    }
    return nil
  }

  /// Has the stores whose observers compute their selections check them again, each once its
  /// own action ends if it is in the middle of one; but `publisher`, whose store checks its
  /// own after publishing.
  func refresh(except publisher: SharedChangeTracker? = nil) {
    for entry in refreshers where entry.liveness.isAlive && entry.tracker !== publisher {
      entry.tracker.refresh()
    }
  }

  /// The contexts of the shared values that `state` holds: in its stored properties, its
  /// present optional and enum payloads, and the first element of each collection (the rows
  /// of a collection are alike; a shared value held only by its later rows, or by a part that
  /// is absent when the store is made, is found when it is observed).
  ///
  /// - Complexity: O(p) in the number of parts of `state` outside collections; nothing for a
  ///   state that holds no reference at all.
  static func contexts<State>(in state: State) -> [SharedContext] {
    // A state of plain values holds no reference, so no shared value.
    guard !_isPOD(State.self) else { return [] }
    var found: [SharedContext] = []
    collect(from: state, into: &found)
    return found
  }

  private static func collect(from value: Any, into found: inout [SharedContext]) {
    if let shared = value as? any SharedValue {
      let context = shared.context
      if !found.contains(where: { $0 === context }) { found.append(context) }
      return
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .class?:
      // Another object's parts are its own: a store or a model held in the state.
      return
    case .collection?, .set?, .dictionary?:
      if let first = mirror.children.first { collect(from: first.value, into: &found) }
    default:
      for child in mirror.children { collect(from: child.value, into: &found) }
    }
  }
}

/// A ``Shared`` value, whatever its type: what finding the contexts of a state needs.
protocol SharedValue {
  /// The context of its value.
  var context: SharedContext { get }
}

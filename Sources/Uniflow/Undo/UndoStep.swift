/// One step of an undo history: its label and the recorded values of the parts it changed, at
/// most one per part.
///
/// Undoing a step and redoing it are the same operation: each recorded value is put back in
/// the state, and the value it replaces is kept instead, for the way back.
struct UndoStep: Sendable {
  /// The name a menu shows: "Undo \(label)".
  var label: String
  /// The recorded values, one per part that changed.
  var changes: [UndoChange]
  /// The bytes the changes count for toward a limit.
  var cost: Int

  init(label: String, changes: [UndoChange] = []) {
    self.label = label
    self.changes = changes
    self.cost = changes.reduce(0) { $0 + $1.cost }
  }

  /// Takes in the changes of a later action: a part this step has recorded keeps its older
  /// value; a part it had not recorded takes the later action's.
  mutating func absorb<State, Action>(_ later: [UndoChange], parts: [UndoPart<State, Action>]) {
    for change in later {
      if let index = changes.firstIndex(where: { $0.part == change.part }) {
        let older = changes[index]
        let merged = parts[change.part].merge(older.value, change.value)
        changes[index] = UndoChange(part: change.part, value: merged.value, cost: merged.cost)
        cost += merged.cost - older.cost
      } else {
        changes.append(change)
        cost += change.cost
      }
    }
  }

  /// Puts the recorded values in `state` and returns the step that goes back.
  func swap<State, Action>(
    into state: inout State, parts: [UndoPart<State, Action>], reversed: Bool
  ) -> Self {
    var back = changes
    for index in reversed ? Array(changes.indices.reversed()) : Array(changes.indices) {
      let change = changes[index]
      let current = parts[change.part].swap(&state, change.value)
      back[index] = UndoChange(part: change.part, value: current.value, cost: current.cost)
    }
    return Self(label: label, changes: back)
  }
}

/// The recorded value of one part, for one step.
struct UndoChange: Sendable {
  /// The part's position among the parts the history tracks.
  var part: Int
  /// The value the part had (a value, or the rows that changed).
  var value: any Sendable
  /// The bytes it counts for toward a limit.
  var cost: Int

  init(part: Int, value: any Sendable, cost: Int) {
    self.part = part
    self.value = value
    self.cost = cost
  }
}

/// A transaction being recorded: the label of the outermost one, how deep they are nested,
/// and the changes so far.
struct UndoTransaction: Sendable {
  var step: UndoStep
  var depth: Int
}

/// A run of coalescing actions: what they share, and when the last one came.
struct CoalescingRun: Sendable {
  var key: EffectID
  var lastChange: any InstantProtocol<Duration>
}

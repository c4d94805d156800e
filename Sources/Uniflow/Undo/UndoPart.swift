/// A part of a feature's state that undo restores: a value, or the rows of an
/// ``IdentifiedArray`` recorded one by one.
///
/// Undo records, for each action, the old values of the parts the action changed, and only
/// those: what the history holds is proportional to what changed, not to the state.
///
/// ```swift
/// tracking: [
///   .value(\.title),
///   .rows(\.todos, action: Action.todosCase),
/// ]
/// ```
///
/// Parts left out (the selection, a draft, a loading flag) are never recorded nor restored.
///
/// **Cost.** A `value(_:cost:)` part is held across each recorded action, so an action that
/// changes it copies it once, and a step keeps its old value whole: name small values (a
/// title, a note), not large collections. A ``rows(_:action:cost:)`` part records changed rows
/// by identifier: for an action addressed to one row through `action` (the case the
/// collection's `forEach` uses), it copies that row alone before the action, so recording is
/// O(1) in the number of rows; for any other action it holds the collection across the action
/// and compares it after (one comparison when the action left it alone, O(n) when it changed
/// it), and keeps only the rows that changed, with the identifiers' order when that changed.
///
/// An action addressed to a row is recorded as a change of that row: it may change the row,
/// remove it, insert rows and reorder them. If it also removes other rows, their old values
/// are not known: the history is cleared, so that undo never restores a state that did not
/// exist, and the store reports ``StoreDiagnostic/undoHistoryCleared(_:)``. Changes it makes
/// to other rows are not recorded; make them in another action.
public struct UndoPart<State, Action>: Sendable {
  /// Reads what the part needs before the action.
  let capture: @Sendable (inout State, Action) -> any Sendable
  /// Compares the part after the action with what was captured.
  let record: @Sendable (inout State, any Sendable) -> UndoRecording
  /// Puts a recorded value in the state and returns the one it replaced, with its cost.
  let swap: @Sendable (inout State, any Sendable) -> (value: any Sendable, cost: Int)
  /// One recorded value for two consecutive ones of this part: the older's, completed by the
  /// newer's where the older recorded nothing.
  let merge:
    @Sendable (_ older: any Sendable, _ newer: any Sendable) -> (value: any Sendable, cost: Int)

  init(
    capture: @escaping @Sendable (inout State, Action) -> any Sendable,
    record: @escaping @Sendable (inout State, any Sendable) -> UndoRecording,
    swap: @escaping @Sendable (inout State, any Sendable) -> (value: any Sendable, cost: Int),
    merge: @escaping @Sendable (any Sendable, any Sendable) -> (value: any Sendable, cost: Int)
  ) {
    self.capture = capture
    self.record = record
    self.swap = swap
    self.merge = merge
  }

  /// A value of the state, recorded whole when an action changes it.
  ///
  /// - Parameters:
  ///   - keyPath: The value.
  ///   - cost: The bytes a recorded value counts for toward ``UndoLimit/bytes``;
  ///     `MemoryLayout<Value>.stride` by default.
  /// - Returns: The part.
  /// - Complexity: O(1) per action that leaves it alone; an action that changes it copies it
  ///   once.
  public static func value<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable,
    cost: (@Sendable (Value) -> Int)? = nil
  ) -> Self {
    value(keyPath, cost: cost, restoring: { recorded, _ in recorded })
  }

  /// A navigation stack of the state, recorded whole when an action changes it and restored
  /// screen by screen.
  ///
  /// Undo and redo put the screens back with the identifiers they had, and nothing more: the
  /// stack's numbering is never wound back, so a push after an undo draws an identifier no
  /// screen had, and the stack's `forEach` cancels the work of the screens that undo or redo
  /// took off the stack, as it does for a pop. Track the stack itself (`.value(\.path)`),
  /// in the feature whose body composes its `forEach`, for these guarantees.
  ///
  /// - Parameters:
  ///   - keyPath: The stack.
  ///   - cost: The bytes a recorded stack counts for toward ``UndoLimit/bytes``;
  ///     `MemoryLayout<StackState<Element>>.stride` by default.
  /// - Returns: The part.
  /// - Complexity: O(1) per action that leaves it alone; an action that changes it copies it
  ///   once.
  public static func value<Element: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, StackState<Element>> & Sendable,
    cost: (@Sendable (StackState<Element>) -> Int)? = nil
  ) -> Self {
    value(keyPath, cost: cost, restoring: { recorded, current in recorded.restored(over: current) })
  }

  /// A value recorded whole; `restoring` makes what undo puts back from the recorded value and
  /// the current one.
  static func value<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable,
    cost: (@Sendable (Value) -> Int)?,
    restoring: @escaping @Sendable (_ recorded: Value, _ current: Value) -> Value
  ) -> Self {
    let path = MutableKeyPath(keyPath)
    let cost = cost ?? { _ in MemoryLayout<Value>.stride }
    return Self(
      capture: { state, _ in path.modify(&state) { $0 } },
      record: { state, captured in
        let old = captured as! Value  // What `capture` above returned.
        let changed = path.modify(&state) { $0 != old }
        return changed ? .changed(old, cost: cost(old)) : .unchanged
      },
      swap: { state, recorded in
        let current = path.modify(&state) { value in
          defer { value = restoring(recorded as! Value, value) }
          return value
        }
        return (current, cost(current))
      },
      merge: { older, _ in (older, cost(older as! Value)) }
    )
  }

  /// The rows of a collection, recorded by identifier when an action changes them.
  ///
  /// - Parameters:
  ///   - keyPath: The collection.
  ///   - action: The case of the feature's action addressed to one row, the one its
  ///     `forEach` uses: an action of this case is recorded as a change of that row.
  ///   - cost: The bytes a recorded row counts for toward ``UndoLimit/bytes``;
  ///     `MemoryLayout<Row>.stride` by default. A recorded order of identifiers counts
  ///     `MemoryLayout<Row.ID>.stride` each.
  /// - Returns: The part.
  /// - Complexity: O(1) per action addressed to a row, plus the row's comparison; for any other
  ///   action, O(1) when it leaves the collection alone, O(n) when it changes it.
  public static func rows<Row: Identifiable & Equatable & Sendable, RowAction>(
    _ keyPath: any WritableKeyPath<State, IdentifiedArray<Row>> & Sendable,
    action: ActionCase<Action, IdentifiedAction<Row.ID, RowAction>>,
    cost: (@Sendable (Row) -> Int)? = nil
  ) -> Self where Row.ID: Sendable {
    let path = MutableKeyPath(keyPath)
    let rowCost = cost ?? { _ in MemoryLayout<Row>.stride }
    return Self(
      capture: { state, parentAction in
        path.modify(&state) { rows -> RowsCapture<Row> in
          if let id = action.extract(parentAction)?.id {
            return .addressed(id, row: rows[id: id], ids: rows.ids)
          }
          return .whole(rows)
        }
      },
      record: { state, captured in
        path.modify(&state) { rows in
          switch (captured as! RowsCapture<Row>).change(to: rows) {
          case .unchanged: .unchanged
          case .changed(let change): .changed(change, cost: change.cost(rowCost))
          case .incomplete: .incomplete(typeName(Row.self))
          }
        }
      },
      swap: { state, recorded in
        let current = path.modify(&state) { (recorded as! RowsChange<Row>).swap(into: &$0) }
        return (current, current.cost(rowCost))
      },
      merge: { older, newer in
        let merged = (older as! RowsChange<Row>).merged(with: newer as! RowsChange<Row>)
        return (merged, merged.cost(rowCost))
      }
    )
  }
}

/// What a part found after an action.
enum UndoRecording {
  /// The action left the part as it was.
  case unchanged
  /// The action changed the part; the value to record, and its cost.
  case changed(any Sendable, cost: Int)
  /// The action changed the part in a way that cannot be recorded; the rows' type.
  case incomplete(String)
}

/// An action of an undo history: undo, redo, or group the actions between two into one step.
///
/// A feature made undoable with ``Reducer/undoable(history:action:tracking:clock:coalescingInterval:limit:policy:)``
/// carries it in one case of its action, next to an ``ActionCase`` for it:
///
/// ```swift
/// enum Action {
///   case rename(String)
///   case undo(UndoAction)
///
///   static let undoCase = ActionCase(Action.undo)
/// }
/// store.send(.undo(.undo))
/// store.send(.undo(.redo))
/// ```
///
/// These actions go through the store like any other: middleware, observers and the session
/// recorder see them.
public enum UndoAction: Equatable, Hashable, Sendable, Codable {
  /// Restores the tracked parts as they were before the newest step, and offers it to redo.
  case undo
  /// Makes again the step undone last, and offers it to undo again.
  case redo
  /// Starts a transaction: the changes of every action until the matching
  /// ``endTransaction`` make one step, named `label`.
  ///
  /// Transactions nest: the changes of an inner one join the outermost, which names the step.
  case beginTransaction(String)
  /// Ends the transaction begun last; when the outermost ends, its changes become one step
  /// (none if it changed nothing).
  case endTransaction
  /// Forgets every step, to undo and to redo.
  case clear
}

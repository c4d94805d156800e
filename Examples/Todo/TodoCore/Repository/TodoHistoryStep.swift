import Foundation

/// One undo step that touched a todo, as a repository keeps it: what the step restores, not
/// what it left.
///
/// Every repository keeps the todo as it was *before* each step (that is what undo puts back),
/// while the history shows the note each change *left*: ``entries(_:noteNow:)`` turns the one
/// into the other, the same way for every repository.
struct TodoHistoryStep {
  /// The change's label, as undo names it.
  var label: String
  /// When the change was made, if known.
  var date: Date?
  /// The todo's note before the change; `nil` when the todo did not exist then.
  var noteBefore: String?

  /// The history entries of a todo's steps: the note a step left is the one the next step
  /// found, and after the last step, the todo's note now.
  ///
  /// - Parameters:
  ///   - steps: The steps that touched the todo, oldest first.
  ///   - noteNow: The todo's note now; `nil` when it is gone.
  /// - Returns: One entry per step, in the same order.
  static func entries(_ steps: [TodoHistoryStep], noteNow: String?) -> [TodoHistoryEntry] {
    let notesLeft = steps.dropFirst().map(\.noteBefore) + [noteNow]
    return zip(steps, notesLeft).map { step, note in
      TodoHistoryEntry(step.label, date: step.date, note: note)
    }
  }
}

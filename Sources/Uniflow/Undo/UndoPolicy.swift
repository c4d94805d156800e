/// What an action is to the undo history: a step of its own, part of a run of steps that
/// coalesce into one, or nothing to undo.
///
/// The feature gives one per action, in the closure passed to
/// ``Reducer/undoable(history:action:tracking:clock:coalescingInterval:limit:policy:)``:
///
/// ```swift
/// policy: { action in
///   switch action {
///   case .rename: .step("Rename")
///   case .noteTyped: .coalescing("Typing", key: "note")
///   case .select, .loaded, .undo: .ignored
///   }
/// }
/// ```
///
/// An action records a step only if it changed a tracked part; the label is what a menu
/// shows: "Undo Rename".
public struct UndoPolicy: Sendable {
  enum Kind: Sendable {
    case step(String)
    case coalescing(String, EffectID)
    case ignored
  }

  let kind: Kind

  init(_ kind: Kind) {
    self.kind = kind
  }

  /// The action's changes are one step of their own, named `label`.
  ///
  /// - Parameter label: The step's name for menus, such as "Rename".
  /// - Returns: The policy.
  public static func step(_ label: String) -> Self {
    Self(.step(label))
  }

  /// The action's changes join the newest step when that step was made by actions with the
  /// same `key` and the last of them came at most the history's coalescing interval ago, on
  /// the injected clock; otherwise they start such a step, named `label`.
  ///
  /// Typing is the usual case: each keystroke is an action, and a pause, an undo, a redo, a
  /// step of another kind or a transaction ends the run.
  ///
  /// - Parameters:
  ///   - label: The step's name for menus, such as "Typing".
  ///   - key: What the actions of one run share, such as the field being typed in.
  /// - Returns: The policy.
  public static func coalescing(_ label: String, key: some Hashable & Sendable) -> Self {
    Self(.coalescing(label, EffectID(key)))
  }

  /// The action is not undoable: it records no step, and undo never restores what it changed
  /// unless a step recorded the same part. Selection, navigation and loading are the usual
  /// cases, and the feature's own answers to ``UndoAction``s.
  public static let ignored = Self(.ignored)
}

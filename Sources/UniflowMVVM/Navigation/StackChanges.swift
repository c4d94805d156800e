import Uniflow

/// What changed in a navigation stack between two states: the screens popped, then the screens
/// pushed, as a navigation controller applies them.
///
/// A stack changes only at the top, except when a reducer removes a screen from the middle:
/// then that screen and every one above it are popped, and those above it pushed again.
public struct StackChanges: Equatable, Sendable, CustomStringConvertible {
  /// The identifiers of the screens popped, bottom first.
  public var popped: [StackElementID]
  /// The identifiers of the screens pushed, bottom first.
  public var pushed: [StackElementID]

  /// Creates a set of changes from its parts.
  ///
  /// - Parameters:
  ///   - popped: The screens popped, bottom first.
  ///   - pushed: The screens pushed, bottom first.
  public init(popped: [StackElementID] = [], pushed: [StackElementID] = []) {
    self.popped = popped
    self.pushed = pushed
  }

  /// The changes that turn one stack's identifiers into another's: everything above the part
  /// they share from the bottom is popped, and everything above it in `new` pushed.
  ///
  /// - Parameters:
  ///   - old: The identifiers before, bottom first.
  ///   - new: The identifiers after, bottom first.
  /// - Complexity: O(n) for the part the two share, plus O(k) for k changed screens.
  public init(from old: [StackElementID], to new: [StackElementID]) {
    var shared = 0
    while shared < old.count, shared < new.count, old[shared] == new[shared] { shared += 1 }
    self.init(popped: Array(old[shared...]), pushed: Array(new[shared...]))
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    popped.isEmpty && pushed.isEmpty
  }

  /// `popped [#2, #3], pushed [#4]`.
  public var description: String {
    "popped \(popped), pushed \(pushed)"
  }
}

/// The difference between two lists of identified rows, as a table or collection view needs it
/// to animate: rows deleted, inserted, moved and updated, by identifier.
///
/// ```swift
/// let changes = RowChanges(from: oldTodos, to: newTodos)
/// tableView.performBatchUpdates {
///   tableView.deleteRows(at: changes.deletions.map { IndexPath(row: $0.offset, section: 0) }, with: .fade)
///   tableView.insertRows(at: changes.insertions.map { IndexPath(row: $0.offset, section: 0) }, with: .fade)
///   for move in changes.moves { tableView.moveRow(at: IndexPath(row: move.from, section: 0), to: IndexPath(row: move.to, section: 0)) }
/// }
/// ```
///
/// The offsets follow the batch-update convention of UIKit and AppKit: deletions and the
/// sources of moves are offsets in the old list; insertions and the destinations of moves are
/// offsets in the new list. Applying them turns the old list into the new one: the moved and
/// inserted rows take their new offsets, and the other remaining rows fill the free offsets in
/// their old order.
///
/// The moves are as few as possible: the rows that keep their relative order form a longest
/// increasing subsequence of old offsets, and every other row present in both lists moves.
///
/// ``updates`` lists the rows present in both lists whose content changed, with both offsets.
/// A row can be both moved and updated; a view that cannot reload a moving row in the same
/// batch reconfigures the cell at ``Update/to`` afterwards.
///
/// - Complexity: O(n) when only the ends of the list changed in identity (appending, removing
///   or inserting near one place, or changing rows in place), plus one content comparison per
///   row present in both lists; O(n log n) at worst, when rows moved.
public struct RowChanges<ID: Hashable> {
  /// A row that was removed.
  public struct Deletion {
    /// The row's identifier.
    public var id: ID
    /// Its offset in the old list.
    public var offset: Int

    /// Creates a deletion.
    ///
    /// - Parameters:
    ///   - id: The row's identifier.
    ///   - offset: Its offset in the old list.
    @inlinable
    public init(id: ID, offset: Int) {
      self.id = id
      self.offset = offset
    }
  }

  /// A row that was added.
  public struct Insertion {
    /// The row's identifier.
    public var id: ID
    /// Its offset in the new list.
    public var offset: Int

    /// Creates an insertion.
    ///
    /// - Parameters:
    ///   - id: The row's identifier.
    ///   - offset: Its offset in the new list.
    @inlinable
    public init(id: ID, offset: Int) {
      self.id = id
      self.offset = offset
    }
  }

  /// A row that changed its place relative to the rows around it.
  public struct Move {
    /// The row's identifier.
    public var id: ID
    /// Its offset in the old list.
    public var from: Int
    /// Its offset in the new list.
    public var to: Int

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - id: The row's identifier.
    ///   - from: Its offset in the old list.
    ///   - to: Its offset in the new list.
    @inlinable
    public init(id: ID, from: Int, to: Int) {
      self.id = id
      self.from = from
      self.to = to
    }
  }

  /// A row present in both lists whose content changed.
  public struct Update {
    /// The row's identifier.
    public var id: ID
    /// Its offset in the old list.
    public var from: Int
    /// Its offset in the new list.
    public var to: Int

    /// Creates an update.
    ///
    /// - Parameters:
    ///   - id: The row's identifier.
    ///   - from: Its offset in the old list.
    ///   - to: Its offset in the new list.
    @inlinable
    public init(id: ID, from: Int, to: Int) {
      self.id = id
      self.from = from
      self.to = to
    }
  }

  /// The rows removed, by ascending old offset.
  public var deletions: [Deletion]
  /// The rows added, by ascending new offset.
  public var insertions: [Insertion]
  /// The rows moved, by ascending new offset.
  public var moves: [Move]
  /// The rows whose content changed, by ascending new offset.
  public var updates: [Update]

  /// Creates a set of changes from its parts.
  ///
  /// - Parameters:
  ///   - deletions: The rows removed, by ascending old offset.
  ///   - insertions: The rows added, by ascending new offset.
  ///   - moves: The rows moved, by ascending new offset.
  ///   - updates: The rows whose content changed, by ascending new offset.
  @inlinable
  public init(
    deletions: [Deletion] = [], insertions: [Insertion] = [], moves: [Move] = [],
    updates: [Update] = []
  ) {
    self.deletions = deletions
    self.insertions = insertions
    self.moves = moves
    self.updates = updates
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty
  }
}

extension RowChanges {
  /// The changes that turn one list of identified elements into another; an element whose
  /// content is not equal in both lists is updated.
  ///
  /// - Parameters:
  ///   - old: The list before.
  ///   - new: The list after.
  /// - Complexity: See ``RowChanges``.
  @inlinable
  public init<Element: Identifiable & Equatable>(
    from old: IdentifiedArray<Element>, to new: IdentifiedArray<Element>
  ) where Element.ID == ID {
    self.init(from: old, to: new, isContentEqual: { $0 == $1 })
  }

  /// The changes that turn one list of identified elements into another, with updates decided
  /// by `isContentEqual`.
  ///
  /// - Parameters:
  ///   - old: The list before.
  ///   - new: The list after.
  ///   - isContentEqual: Whether a row shows the same content before and after; a row for
  ///     which it returns `false` is updated.
  /// - Complexity: See ``RowChanges``.
  @inlinable
  public init<Element: Identifiable>(
    from old: IdentifiedArray<Element>, to new: IdentifiedArray<Element>,
    isContentEqual: (Element, Element) -> Bool
  ) where Element.ID == ID {
    self.init()
    compute(from: old, to: new, isContentEqual: isContentEqual)
  }
}

extension RowChanges: Sendable where ID: Sendable {}
extension RowChanges: Equatable {}
extension RowChanges: Hashable {}
extension RowChanges.Deletion: Sendable where ID: Sendable {}
extension RowChanges.Deletion: Hashable {}
extension RowChanges.Insertion: Sendable where ID: Sendable {}
extension RowChanges.Insertion: Hashable {}
extension RowChanges.Move: Sendable where ID: Sendable {}
extension RowChanges.Move: Hashable {}
extension RowChanges.Update: Sendable where ID: Sendable {}
extension RowChanges.Update: Hashable {}

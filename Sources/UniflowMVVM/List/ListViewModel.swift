/// The view model of a table or collection view over an identified collection in a store's
/// state: the row count, a view model per row, and the row changes to animate.
///
/// ```swift
/// let list = ListViewModel(rows: store.scope(state: \.todos, action: TodoList.Action.todosCase)) {
///   TodoRowViewModel(store: $0)
/// }
///
/// // UITableViewDataSource
/// func tableView(_: UITableView, numberOfRowsInSection _: Int) -> Int { list.count.value }
/// func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
///   let cell = tableView.dequeueReusableCell(withIdentifier: "todo", for: indexPath) as! TodoCell
///   cell.bind(list.row(at: indexPath.row))
///   return cell
/// }
///
/// list.changes.observe(owner: self) { controller, changes in
///   controller.tableView.performBatchUpdates { … }   // deletions, insertions, moves
/// }
/// ```
///
/// The list follows the collection in the store: after each action that changed it, it
/// computes the ``RowChanges`` from the rows it showed to the new ones, updates ``count`` and
/// the rows it answers with, and then emits ``changes``. An observer of ``changes`` therefore
/// reads the new rows.
///
/// A row's view model is made on first use, from a store scoped to that row with
/// `scope(id:in:action:)`, and kept while the row exists: the row's own outputs update it, its
/// inputs reach the root store as element actions, and its events (`OutputEvent`) hear its own
/// row's actions, whichever initializer made the list. A deleted row's view model is released
/// with the changes that delete it.
///
/// The list keeps the last collection it showed, to diff the next one against it: the store's
/// next change of the collection copies the collection's storage once, which costs no more than
/// the diff that follows.
///
/// - Complexity: Each change of the collection costs a ``RowChanges`` diff (O(n) for appends,
///   removals and in-place updates, O(n log n) at worst); actions that do not change it cost one
///   comparison. ``row(at:)`` is O(1) on average.
@MainActor
public final class ListViewModel<Element: Identifiable, Row> {
  /// The number of rows.
  public let count: OutputValue<Int>
  /// The changes of the rows, one emission per action that changed them.
  public let changes: OutputEvent<RowChanges<Element.ID>>

  /// The rows as last shown: the collection as of the last emission of ``changes``.
  public private(set) var elements: IdentifiedArray<Element>

  private var rows: [Element.ID: Row] = [:]
  private let makeRow: (Element.ID) -> Row?
  private let isContentEqual: (Element, Element) -> Bool
  private var subscription: ObservationToken?

  /// Creates the view model of a list whose rows have content to compare.
  ///
  /// - Parameters:
  ///   - store: The store that holds the collection.
  ///   - rows: The collection.
  ///   - action: Embeds a row's action, with its identifier, into the store's action type:
  ///     usually the case, `App.Action.todos`. A row's store finds its own actions by
  ///     reflection on the case, while it has action listeners.
  ///   - isContentEqual: Whether a row shows the same content before and after a change; a
  ///     row for which it returns `false` is reported in ``RowChanges/updates``.
  ///   - row: Makes a row's view model from the row's store.
  public convenience init<State, Action, RowAction>(
    store: Store<State, Action>,
    rows: KeyPath<State, IdentifiedArray<Element>>,
    action: @escaping (IdentifiedAction<Element.ID, RowAction>) -> Action,
    isContentEqual: @escaping (Element, Element) -> Bool,
    row: @escaping (Store<Element, RowAction>) -> Row
  ) {
    let extract = reflectedExtraction(of: action)
    self.init(
      store: store, rows: rows, isContentEqual: isContentEqual,
      rowStore: { id in
        store.scope(id: id, in: rows, action: action, extract: extract, tracked: false)
      }, row: row)
  }

  /// Creates the view model of a list whose row stores `rowStore` makes.
  private init<State, Action, RowAction>(
    store: Store<State, Action>,
    rows: KeyPath<State, IdentifiedArray<Element>>,
    isContentEqual: @escaping (Element, Element) -> Bool,
    rowStore: @escaping (Element.ID) -> Store<Element, RowAction>?,
    row: @escaping (Store<Element, RowAction>) -> Row
  ) {
    let elements = store.state[keyPath: rows]
    self.elements = elements
    self.isContentEqual = isContentEqual
    count = OutputValue(elements.count, isDuplicate: { $0 == $1 })
    changes = OutputEvent()
    makeRow = { id in rowStore(id).map(row) }
    subscription = store.observe(
      { $0[keyPath: rows] },
      isDuplicate: { $0.ids == $1.ids && $0.elementsAreIdentical(to: $1) }
    ) { [weak self] newElements in
      self?.show(newElements)
    }
  }

  /// Creates the view model of a list whose elements are compared with `==` to find updated
  /// rows.
  ///
  /// - Parameters:
  ///   - store: The store that holds the collection.
  ///   - rows: The collection.
  ///   - action: Embeds a row's action, with its identifier, into the store's action type.
  ///   - row: Makes a row's view model from the row's store.
  public convenience init<State, Action, RowAction>(
    store: Store<State, Action>,
    rows: KeyPath<State, IdentifiedArray<Element>>,
    action: @escaping (IdentifiedAction<Element.ID, RowAction>) -> Action,
    row: @escaping (Store<Element, RowAction>) -> Row
  ) where Element: Equatable {
    self.init(store: store, rows: rows, action: action, isContentEqual: { $0 == $1 }, row: row)
  }

  /// Creates the view model of a list from a store scoped to the collection: the rows and
  /// their view models, in two arguments.
  ///
  /// ```swift
  /// let list = ListViewModel(rows: store.scope(state: \.tasks, action: Checklist.Action.tasksCase)) {
  ///   TaskRowViewModel(store: $0)
  /// }
  /// ```
  ///
  /// Rows are compared with `==` to find updated rows.
  ///
  /// A row's store can observe its row's actions (for a row view model's events) when `rows`
  /// can: a store scoped with the collection's `ActionCase`,
  /// `store.scope(state: \.todos, action: TodoList.Action.todosCase)`.
  ///
  /// - Parameters:
  ///   - rows: A store of the collection, whose actions are the rows' actions with their
  ///     identifiers: `store.scope(state: \.todos, action: TodoList.Action.todosCase)`.
  ///   - row: Makes a row's view model from the row's store.
  public convenience init<RowAction>(
    rows: Store<IdentifiedArray<Element>, IdentifiedAction<Element.ID, RowAction>>,
    row: @escaping (Store<Element, RowAction>) -> Row
  ) where Element: Equatable {
    // Rows' actions are the store's own: the case is the identity, so a row's store can tell
    // its actions whenever `rows` can.
    let identity = identityCase(of: IdentifiedAction<Element.ID, RowAction>.self)
    self.init(
      store: rows, rows: \.self, isContentEqual: { $0 == $1 },
      rowStore: { id in
        rows.scope(
          id: id, in: \.self, action: identity.embed, extract: identity.extract, tracked: false)
      }, row: row)
  }

  /// The identifiers of the rows, in order.
  public var ids: [Element.ID] {
    elements.ids
  }

  /// The view model of the row at an offset.
  ///
  /// - Parameter offset: An offset from 0 to `count.value - 1`.
  /// - Returns: The row's view model; the same instance as long as the row exists.
  /// - Precondition: `offset` is a valid offset of the rows as last shown.
  public func row(at offset: Int) -> Row {
    require(
      elements.indices.contains(offset),
      "Row offset \(offset) is out of range for a list of \(elements.count) rows")
    guard let row = row(id: elements.ids[offset]) else {
      fatalError(
        "The row at offset \(offset) was removed from the store before the list showed it; "
          + "read rows from outside the store's observers or after the list's changes")
    }
    return row
  }

  /// The view model of the row with an identifier.
  ///
  /// - Parameter id: The row's identifier.
  /// - Returns: The row's view model, or `nil` if no row has that identifier.
  public func row(id: Element.ID) -> Row? {
    if let row = rows[id] { return row }
    guard elements.contains(id: id), let row = makeRow(id) else { return nil }
    rows[id] = row
    return row
  }

  /// The number of row view models made and still kept; for diagnostics and tests.
  public var rowViewModelCount: Int {
    rows.count
  }

  private func show(_ newElements: IdentifiedArray<Element>) {
    let rowChanges = RowChanges(from: elements, to: newElements, isContentEqual: isContentEqual)
    elements = newElements
    for deletion in rowChanges.deletions { rows[deletion.id] = nil }
    count.update(newElements.count)
    if !rowChanges.isEmpty { changes.emit(rowChanges) }
  }
}

/// The case of an action type in itself: embedding and extracting change nothing.
private func identityCase<Action>(of _: Action.Type) -> ActionCase<Action, Action> {
  ActionCase(embed: { $0 }, extract: { $0 })
}

extension IdentifiedArray {
  /// Whether both collections share their element storage, so that nothing in them differs.
  fileprivate func elementsAreIdentical(to other: Self) -> Bool {
    // SAFETY: only the addresses and counts are compared; no element is read through them.
    elements.withUnsafeBufferPointer { mine in
      other.elements.withUnsafeBufferPointer { theirs in
        mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
      }
    }
  }
}

@available(*, unavailable)
extension ListViewModel: Sendable {}

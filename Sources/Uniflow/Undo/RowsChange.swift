/// What a ``UndoPart/rows(_:action:cost:)`` part recorded for one step: the old values of the
/// rows that changed, and the old order of the identifiers when it changed.
struct RowsChange<Row: Identifiable & Equatable & Sendable>: Sendable where Row.ID: Sendable {
  /// The identifiers in their order before the change, when the change altered them.
  var ids: [Row.ID]?
  /// The rows before the change, by identifier: `nil` for a row that did not exist.
  var rows: [Row.ID: Row?]

  /// Puts these rows (and this order) in `collection`, and returns what it replaced.
  ///
  /// - Complexity: O(k) for k recorded rows when the order is unchanged; O(n) otherwise.
  func swap(into collection: inout IdentifiedArray<Row>) -> Self {
    var current = Self(ids: ids == nil ? nil : collection.ids, rows: [:])
    current.rows.reserveCapacity(rows.count)
    for id in rows.keys { current.rows.updateValue(collection[id: id], forKey: id) }
    guard let ids else {
      for (id, row) in rows { collection[id: id] = row }
      return current
    }
    var rebuilt = IdentifiedArray<Row>()
    rebuilt._elements.reserveCapacity(ids.count)
    for id in ids {
      let recorded = rows[id] ?? nil
      // A row that an action undo does not track removed since is gone; the others stay.
      guard let row = recorded ?? collection[id: id] else { continue }
      rebuilt.append(row)
    }
    collection = rebuilt
    return current
  }

  /// The change of two consecutive steps in one: this one's old values, and the newer one's
  /// for the rows and order this one did not record.
  func merged(with newer: Self) -> Self {
    Self(ids: ids ?? newer.ids, rows: rows.merging(newer.rows) { older, _ in older })
  }

  init(ids: [Row.ID]?, rows: [Row.ID: Row?]) {
    self.ids = ids
    self.rows = rows
  }

  /// The bytes this change counts for toward a limit.
  func cost(_ rowCost: (Row) -> Int) -> Int {
    let idStride = MemoryLayout<Row.ID>.stride
    var total = (ids?.count ?? 0) * idStride
    for row in rows.values { total += idStride + (row.map(rowCost) ?? 0) }
    return total
  }
}

/// What a ``UndoPart/rows(_:action:cost:)`` part reads before an action.
enum RowsCapture<Row: Identifiable & Equatable & Sendable>: Sendable where Row.ID: Sendable {
  /// The action is addressed to the row `id`: that row as it was (`nil` if absent), and the
  /// identifiers, which share the collection's storage until it changes them.
  case addressed(Row.ID, row: Row?, ids: [Row.ID])
  /// Any other action: the whole collection, shared until the action changes it.
  case whole(IdentifiedArray<Row>)

  /// What changed from the captured collection to `collection`.
  ///
  /// - Complexity: For an addressed action, O(1) plus a row comparison when the order is
  ///   unchanged. Otherwise O(1) when the collection is the one captured, and O(n) when not.
  func change(to collection: IdentifiedArray<Row>) -> RowsOutcome<Row> {
    switch self {
    case .addressed(let id, let row, let idsBefore):
      let idsAfter = collection.ids
      let rowAfter = collection[id: id]
      // Unchanged identifiers share their storage: one comparison.
      if idsBefore == idsAfter {
        return rowAfter == row ? .unchanged : .changed(RowsChange(ids: nil, rows: [id: row]))
      }
      let before = Set(idsBefore)
      let after = Set(idsAfter)
      guard before.subtracting(after).allSatisfy({ $0 == id }) else { return .incomplete }
      var change = RowsChange<Row>(ids: idsBefore, rows: [:])
      if rowAfter != row { change.rows.updateValue(row, forKey: id) }
      for inserted in after.subtracting(before) { change.rows.updateValue(nil, forKey: inserted) }
      return .changed(change)

    case .whole(let before):
      if before == collection { return .unchanged }
      var change = RowsChange<Row>(ids: nil, rows: [:])
      if before.ids == collection.ids {
        for offset in before.indices where before[offset] != collection[offset] {
          change.rows.updateValue(before[offset], forKey: before[offset].id)
        }
        return change.rows.isEmpty ? .unchanged : .changed(change)
      }
      change.ids = before.ids
      for row in before where collection[id: row.id] != row {
        change.rows.updateValue(row, forKey: row.id)
      }
      for row in collection where !before.contains(id: row.id) {
        change.rows.updateValue(nil, forKey: row.id)
      }
      return .changed(change)
    }
  }
}

/// What a rows part found after an action.
enum RowsOutcome<Row: Identifiable & Equatable & Sendable> where Row.ID: Sendable {
  case unchanged
  case changed(RowsChange<Row>)
  /// The action, addressed to one row, removed others, whose old values were not read.
  case incomplete
}

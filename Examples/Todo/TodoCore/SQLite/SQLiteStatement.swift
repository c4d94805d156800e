import CSQLite

/// A prepared statement, finalized when it goes away.
struct SQLiteStatement: ~Copyable {
  private let handle: OpaquePointer
  private let database: SQLiteDatabase

  init(_ handle: OpaquePointer, database: SQLiteDatabase) {
    self.handle = handle
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to the placeholders, in order.
  func bind(_ values: [SQLiteValue]) throws(TodoStoreError) {
    let count = Int(sqlite3_bind_parameter_count(handle))
    guard count == values.count else {
      throw .sqlite(
        path: database.path, code: SQLITE_RANGE,
        message: "the statement has \(count) parameters but \(values.count) values were given")
    }
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32 =
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let integer): sqlite3_bind_int64(handle, index, integer)
        case .real(let real): sqlite3_bind_double(handle, index, real)
        case .text(let text): sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        }
      guard code == SQLITE_OK else { throw database.error(code) }
    }
  }

  /// Advances to the next row; `false` when the statement is done.
  func step() throws(TodoStoreError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw database.error(code)
    }
  }

  /// The values of the current row.
  func row() -> [SQLiteValue] {
    (0..<sqlite3_column_count(handle)).map { column in
      switch sqlite3_column_type(handle, column) {
      case SQLITE_INTEGER:
        return .integer(sqlite3_column_int64(handle, column))
      case SQLITE_FLOAT:
        return .real(sqlite3_column_double(handle, column))
      case SQLITE_TEXT, SQLITE_BLOB:
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let bytes = sqlite3_column_text(handle, column) else { return .text("") }
        return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
      default:
        return .null
      }
    }
  }
}

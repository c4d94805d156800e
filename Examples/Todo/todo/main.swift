import TodoCore

print("todo: coming soon (SQLite \(SQLiteDatabase.libraryVersion))")

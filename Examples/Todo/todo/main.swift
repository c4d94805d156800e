import TodoCore

print("todo: coming soon (SQLite \(sqliteVersion))")

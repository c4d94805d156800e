import Testing
import TodoCore

@Test func linksSQLite() {
  #expect(sqliteVersion.hasPrefix("3."))
}

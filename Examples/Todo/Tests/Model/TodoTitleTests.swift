import Foundation
import Testing
import TodoCore

@Suite struct TodoTitleTests {
  @Test(arguments: [
    ("Buy milk", "Buy milk"),
    ("  Buy milk \n", "Buy milk"),
    ("Buy\nmilk\r\nand\teggs", "Buy milk and eggs"),
    ("red\u{1B}[31m alert\u{7}", "red [31m alert"),
    ("Crème brûlée 🍮", "Crème brûlée 🍮"),
    ("pay \u{202E}gnp.exe", "pay gnp.exe"),
    ("a\u{2066}b\u{2069}c\u{200F}", "a b c"),
    ("a\u{2028}b\u{2029}c", "a b c"),
    ("\u{3000}a\u{00A0}\u{00A0}b\u{3000}", "a\u{00A0}\u{00A0}b"),
  ])
  func titlesAreTrimmedAndKeptOnOneLine(_ typed: String, stored: String) {
    #expect(Todo.normalizedTitle(typed) == stored)
  }

  @Test(arguments: ["", " ", "\n\t\r\n", "\u{1B}\u{7}", "\u{202E}"])
  func blankTitlesAreEmpty(_ typed: String) {
    #expect(Todo.normalizedTitle(typed) == nil)
    #expect(throws: TodoStoreError.emptyTitle) { try Todo.validatedTitle(typed) }
  }

  @Test func titlesLongerThanTheMaximumAreRefused() throws {
    let longest = String(repeating: "é", count: Todo.maximumTitleLength)
    #expect(try Todo.validatedTitle(" \(longest) ") == longest)
    #expect(throws: TodoStoreError.titleTooLong(length: 1_001, maximum: 1_000)) {
      try Todo.validatedTitle(longest + "x")
    }
    #expect(
      TodoStoreError.titleTooLong(length: 1_001, maximum: 1_000).description
        == "the title is 1001 characters long; a title has at most 1000")
  }

  @Test(arguments: [
    ("Oat milk", "Oat milk"),
    ("\n\n  Oat milk  \r\n\n2 litres\t\n\n", "  Oat milk\n\n2 litres"),
    ("a\tb\u{1B}[31m\u{202E}c", "a b [31m c"),
    (" \n \n", ""),
  ])
  func notesKeepTheirLinesAndLoseTheirControls(_ typed: String, stored: String) throws {
    #expect(try Todo.validatedNote(typed) == stored)
  }

  @Test func aTodoRecordedBeforeNotesDecodesWithAnEmptyNote() throws {
    let json = Data(#"{"id":3,"title":"Buy milk","isDone":false,"createdAt":0}"#.utf8)
    let decoded = try JSONDecoder().decode(Todo.self, from: json)
    #expect(decoded == Todo(id: 3, title: "Buy milk", createdAt: Date(timeIntervalSinceReferenceDate: 0)))
    var noted = decoded
    noted.note = "Oat milk"
    #expect(try JSONDecoder().decode(Todo.self, from: JSONEncoder().encode(noted)) == noted)
  }
}

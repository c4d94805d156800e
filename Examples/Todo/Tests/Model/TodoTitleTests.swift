import Testing
import TodoCore

@Suite struct TodoTitleTests {
  @Test(arguments: [
    ("Buy milk", "Buy milk"),
    ("  Buy milk \n", "Buy milk"),
    ("Buy\nmilk\r\nand\teggs", "Buy milk and eggs"),
    ("red\u{1B}[31m alert\u{7}", "red [31m alert"),
    ("Crème brûlée 🍮", "Crème brûlée 🍮"),
  ])
  func titlesAreTrimmedAndKeptOnOneLine(_ typed: String, stored: String) {
    #expect(Todo.normalizedTitle(typed) == stored)
  }

  @Test(arguments: ["", " ", "\n\t\r\n", "\u{1B}\u{7}"])
  func blankTitlesAreEmpty(_ typed: String) {
    #expect(Todo.normalizedTitle(typed) == nil)
  }
}

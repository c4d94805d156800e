/// Values of every shape the dumper and the differ handle.
enum Status: Equatable {
  case idle
  case loaded(Int)
  case failed(reason: String, code: Int)
}

enum Mood: Equatable, CustomStringConvertible {
  case happy, grumpy
  var description: String { self == .happy ? "😀" : "😠" }
}

struct Owner: Equatable {
  var name: String
  var age: Int
}

struct Board: Equatable {
  var title = "Chores"
  var todos: [Todo] = []
  var status: Status = .idle
  var owner: Owner?
  var scores: [String: Int] = [:]
  var tags: Set<String> = []
  var stack = Stack<Int>()
}

/// A collection that is not one of the standard ones: shown through its elements.
struct Stack<Element: Equatable>: Collection, Equatable {
  private var storage: [Element] = []

  init(_ elements: [Element] = []) {
    storage = elements
  }

  var startIndex: Int { storage.startIndex }
  var endIndex: Int { storage.endIndex }
  func index(after index: Int) -> Int { storage.index(after: index) }
  subscript(position: Int) -> Element { storage[position] }
}

class Animal {
  var legs: Int
  init(legs: Int) { self.legs = legs }
}

final class Dog: Animal {
  var name: String
  init(name: String) {
    self.name = name
    super.init(legs: 4)
  }
}

final class Link {
  var value: Int
  var next: Link?
  init(value: Int) { self.value = value }
}

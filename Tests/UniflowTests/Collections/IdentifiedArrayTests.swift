import Foundation
import Testing
import Uniflow

private struct Item: Identifiable, Codable, Hashable, Sendable {
  let id: Int
  var name: String
}

@Suite struct IdentifiedArrayTests {
  private let sample: IdentifiedArray<Item> = [
    Item(id: 3, name: "c"), Item(id: 1, name: "a"), Item(id: 2, name: "b"),
  ]

  @Test func keepsInsertionOrderAndLooksUpByID() {
    #expect(sample.map(\.id) == [3, 1, 2])
    #expect(sample.ids == [3, 1, 2])
    #expect(sample[id: 1]?.name == "a")
    #expect(sample[id: 9] == nil)
    #expect(sample.index(id: 2) == 2)
    #expect(sample.contains(id: 3))
    #expect(sample[0].id == 3)
  }

  @Test func updatesInPlaceAndBySubscript() {
    var items = sample
    items[id: 1]?.name = "A"
    let returned = items.modify(id: 2) { item -> Int in
      item.name = "B"
      return 42
    }
    #expect(returned == 42)
    #expect(items.modify(id: 9) { _ in 0 } == nil)
    #expect(items.map(\.name) == ["c", "A", "B"])
    items[id: 7] = Item(id: 7, name: "g")
    #expect(items.ids == [3, 1, 2, 7])
    items[id: 3] = nil
    #expect(items.ids == [1, 2, 7])
    #expect(items[id: 7]?.name == "g")
  }

  @Test func walksItsOffsetsBothWays() {
    #expect(sample.count == 3 && !sample.isEmpty)
    #expect(IdentifiedArray<Item>().isEmpty)
    #expect(sample.index(after: sample.startIndex) == 1)
    #expect(sample.index(before: sample.endIndex) == 2)
    #expect(sample.reversed().map(\.id) == sample.ids.reversed())
    #expect(sample.distance(from: sample.endIndex, to: sample.startIndex) == -3)
  }

  @Test func appendingAnExistingIDDoesNotDuplicate() {
    var items = sample
    let (inserted, index) = items.append(Item(id: 1, name: "again"))
    #expect(!inserted)
    #expect(index == 1)
    #expect(items.count == 3)
    #expect(items.updateOrAppend(Item(id: 1, name: "new"))?.name == "a")
    #expect(items[id: 1]?.name == "new")
    #expect(items.updateOrAppend(Item(id: 4, name: "d")) == nil)
    #expect(items.ids == [3, 1, 2, 4])
  }

  @Test func removalAndInsertionKeepTheIndexConsistent() {
    var items = sample
    #expect(items.remove(id: 3)?.name == "c")
    #expect(items.remove(id: 3) == nil)
    #expect(items.ids == [1, 2])
    #expect(items.index(id: 2) == 1)
    items.insert(Item(id: 0, name: "z"), at: 0)
    #expect(items.ids == [0, 1, 2])
    #expect(items.index(id: 2) == 2)
    items.move(fromOffset: 0, toOffset: 2)
    #expect(items.ids == [1, 2, 0])
    #expect(items.index(id: 0) == 2)
    items.removeAll { $0.id == 2 }
    #expect(items.ids == [1, 0])
    #expect(items.index(id: 0) == 1)
    items.sort { $0.id < $1.id }
    #expect(items.ids == [0, 1])
    #expect(items.index(id: 1) == 1)
    #expect(items.filter { $0.id > 0 }.ids == [1])
    items.removeAll()
    #expect(items.isEmpty)
  }

  @Test func duplicateIDsAreATypedError() {
    #expect(throws: DuplicateIDError(id: "1")) {
      try IdentifiedArray(validating: [Item(id: 1, name: "a"), Item(id: 1, name: "b")])
    }
    let merged = IdentifiedArray([Item(id: 1, name: "a"), Item(id: 2, name: "b"), Item(id: 1, name: "c")]) {
      Item(id: $0.id, name: $0.name + $1.name)
    }
    #expect(merged.map(\.name) == ["ac", "b"])
  }

  @Test func codableRoundTripAndDuplicateRejection() throws {
    let data = try JSONEncoder().encode(sample)
    #expect(try JSONDecoder().decode(IdentifiedArray<Item>.self, from: data) == sample)
    let duplicated = Data(#"[{"id":1,"name":"a"},{"id":1,"name":"b"}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArray<Item>.self, from: duplicated)
    }
  }

  @Test func equatableAndHashableFollowTheElementsInOrder() {
    var reordered = sample
    reordered.sort { $0.id < $1.id }
    #expect(reordered != sample)
    #expect(Set([sample, sample]).count == 1)
    #expect(sample.description.contains("name: \"c\""))
  }

  @Test func appendingASequenceSkipsIDsAlreadyPresent() {
    var items = sample
    items.append(contentsOf: [Item(id: 1, name: "again"), Item(id: 4, name: "d"), Item(id: 4, name: "dd")])
    #expect(items.ids == [3, 1, 2, 4])
    #expect(items[id: 1]?.name == "a")
    #expect(items[id: 4]?.name == "d")
  }
}

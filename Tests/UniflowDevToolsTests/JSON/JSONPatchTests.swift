import Testing
import UniflowDevTools

@Suite struct JSONPatchTests {
  @Test func pointerEscapesTildeAndSlash() throws {
    let pointer = JSONPointer(["a/b", "m~n", ""])
    #expect(pointer.description == "/a~1b/m~0n/")
    #expect(try JSONPointer(parsing: "/a~1b/m~0n/") == pointer)
    #expect(try JSONPointer(parsing: "") == JSONPointer())
    #expect(throws: JSONPatchError.invalidPointer("/a~2")) { try JSONPointer(parsing: "/a~2") }
    #expect(throws: JSONPatchError.invalidPointer("a")) { try JSONPointer(parsing: "a") }
  }

  @Test func diffOfObjectsAddsRemovesAndReplacesMembers() throws {
    let before: JSONValue = ["count": 1, "title": "Milk", "old": true]
    let after: JSONValue = ["count": 2, "title": "Milk", "new/key": nil]
    let patch = JSONPatch(from: before, to: after)
    #expect(
      patch.operations == [
        .remove(JSONPointer(["old"])),
        .replace(JSONPointer(["count"]), 2),
        .add(JSONPointer(["new/key"]), nil),
      ])
    #expect(
      patch.json.serialized
        == #"[{"op":"remove","path":"/old"},{"op":"replace","path":"/count","value":2},"#
        + #"{"op":"add","path":"/new~1key","value":null}]"#)
    #expect(try patch.applied(to: before) == after)
  }

  @Test func insertingOrRemovingOneElementOfALongArrayIsOneOperation() throws {
    let items: [JSONValue] = (0..<100).map { ["id": .number(String($0))] }
    var inserted = items
    inserted.insert(["id": 1000], at: 40)
    let insertion = JSONPatch(from: .array(items), to: .array(inserted))
    #expect(insertion.operations == [.add(JSONPointer(["40"]), ["id": 1000])])
    let removal = JSONPatch(from: .array(inserted), to: .array(items))
    #expect(removal.operations == [.remove(JSONPointer(["40"]))])
    #expect(try removal.applied(to: .array(inserted)) == .array(items))
  }

  @Test func changeDeepInsideIsOneReplaceAtItsPath() {
    let before: JSONValue = ["todos": [["title": "a", "done": false], ["title": "b", "done": false]]]
    let after: JSONValue = ["todos": [["title": "a", "done": false], ["title": "b", "done": true]]]
    #expect(
      JSONPatch(from: before, to: after).operations == [.replace(JSONPointer(["todos", "1", "done"]), true)])
  }

  @Test func booleanReplacingANumberIsAChange() {
    #expect(!JSONPatch(from: ["a": 1], to: ["a": true]).isEmpty)
    #expect(JSONPatch(from: ["a": 1], to: ["a": 1]).isEmpty)
  }

  @Test(arguments: [
    ((["a": [1, 2, 3]] as JSONValue), (["a": [3, 2]] as JSONValue)),
    (([1, 2, 3, 4, 5] as JSONValue), ([0, 2, 9, 4, 5, 6, 7] as JSONValue)),
    ((["x": ["y": ["z": 1]]] as JSONValue), (["x": ["y": "z"]] as JSONValue)),
    (([] as JSONValue), ([["a": 1], ["b": 2]] as JSONValue)),
    (("root" as JSONValue), (["now": "an object"] as JSONValue)),
  ])
  func applyingTheDiffGivesTheNewValue(old: JSONValue, new: JSONValue) throws {
    let patch = JSONPatch(from: old, to: new)
    #expect(try patch.applied(to: old) == new)
    #expect(try JSONPatch(json: JSONValue(parsing: patch.json.serialized)) == patch)
  }

  @Test func appendingWithDashAddsAtTheEnd() throws {
    let patch = JSONPatch([.add(JSONPointer(["list", "-"]), 3)])
    #expect(try patch.applied(to: ["list": [1, 2]]) == ["list": [1, 2, 3]])
  }

  @Test func patchNamingAMissingPlaceFailsWithThePath() {
    let value: JSONValue = ["list": [1, 2]]
    #expect(throws: JSONPatchError.pathNotFound(JSONPointer(["list", "5"]))) {
      try JSONPatch([.replace(JSONPointer(["list", "5"]), 1)]).applied(to: value)
    }
    #expect(throws: JSONPatchError.pathNotFound(JSONPointer(["missing"]))) {
      try JSONPatch([.remove(JSONPointer(["missing"]))]).applied(to: value)
    }
    #expect(throws: JSONPatchError.pathNotFound(JSONPointer(["list", "01"]))) {
      try JSONPatch([.remove(JSONPointer(["list", "01"]))]).applied(to: value)
    }
  }

  @Test func unsupportedOperationIsRefused() throws {
    let json = try JSONValue(parsing: #"[{"op":"move","from":"/a","path":"/b"}]"#)
    #expect(throws: JSONPatchError.invalidOperation(#"{"from":"/a","op":"move","path":"/b"}"#)) {
      try JSONPatch(json: json)
    }
  }
}

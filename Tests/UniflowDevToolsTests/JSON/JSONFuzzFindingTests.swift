import Testing
import UniflowDevTools

/// Inputs the fuzz targets found in the JSON reader and JSON Patch, replayed: each once broke a
/// property that `Fuzz/` checks on every input.
@Suite struct JSONFuzzFindingTests {
  @Test func aKeyStartingWithACombiningMarkMakesAPointerThatReadsBack() throws {
    // "/" and the mark after it were one character: the text did not start with "/".
    let pointer = JSONPointer(["\u{344}a/b", "~\u{301}", "x"])
    #expect(pointer.description == "/\u{344}a~1b/~0\u{301}/x")
    #expect(try JSONPointer(parsing: pointer.description) == pointer)
    #expect(throws: JSONPatchError.invalidPointer("/a~\u{301}")) { try JSONPointer(parsing: "/a~\u{301}") }
  }

  @Test func aDiffOfSuchKeysIsWrittenAndReadBack() throws {
    let old = try JSONValue(parsing: #"{"/":1,"\u0344a/b":{"m~n":[1,2]}}"#)
    let new = try JSONValue(parsing: #"{"\u0344a/b":{"m~n":[1,3]},"\u0301":true}"#)
    let patch = JSONPatch(from: old, to: new)
    let read = try JSONPatch(json: JSONValue(parsing: patch.json.serialized))
    #expect(read == patch)
    #expect(try read.applied(to: old) == new)
  }
}

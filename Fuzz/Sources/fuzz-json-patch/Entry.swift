import FuzzSupport
import UniflowDevTools

/// JSON Patch on two fuzzed documents, `OLD NUL NEW`: the diff from one to the other turns the
/// old into the new and reads back from its JSON as itself; the new document read as a patch
/// applies to the old one or throws a `JSONPatchError`, never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
  let oldBytes = input.bytes(before: 0)
  guard let old = try? JSONValue(parsing: oldBytes), let new = try? JSONValue(parsing: input.rest()) else {
    return 0
  }
  let diff = JSONPatch(from: old, to: new)
  do {
    let patched = try diff.applied(to: old)
    check(patched == new, "the diff \(diff.json) turns \(old) into \(patched), not \(new)")
  } catch {
    check(false, "the diff \(diff.json) does not apply to \(old): \(error)")
  }
  check(JSONPatch(from: old, to: old).isEmpty, "the diff of \(old) with itself is not empty")
  checkReadsBack(diff)

  // The new document as a patch of the old one: outside input, as a log's step holds it.
  do {
    let patch = try JSONPatch(json: new)
    checkReadsBack(patch)
    do {
      _ = try patch.applied(to: old)
    } catch {
      checkMessage(of: error)
    }
  } catch {
    checkMessage(of: error)
  }
  return 0
}

/// Checks that a patch written as JSON text reads back as the same patch, paths included.
func checkReadsBack(_ patch: JSONPatch) {
  let text = patch.json.serialized
  do {
    let again = try JSONPatch(json: try JSONValue(parsing: text))
    check(again == patch, "\(text) reads back as \(again.json)")
  } catch {
    check(false, "\(text), written from a patch, does not read back: \(error)")
  }
  for operation in patch.operations {
    let path = operation.path
    check(
      (try? JSONPointer(parsing: path.description)) == path,
      "the pointer \(path.tokens) reads back differently")
  }
}

import FuzzSupport
import TodoCore

/// `todo add -` and `todo note ID -` on random bytes (invalid UTF-8, NULs, very long lines):
/// the import gives titles already as stored, one per line at most, or a `TitleImport.Error`
/// naming a line of the input; the note is stored as it reads or refused as too long.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let lineCount = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
  do {
    let titles = try TitleImport(reading: bytes).titles
    check(!titles.isEmpty && titles.count <= lineCount, "\(titles.count) titles from \(lineCount) lines")
    for title in titles {
      check(
        (try? Todo.validatedTitle(title)) == title, "the title \(title.debugDescription) is not as stored")
    }
  } catch {
    checkMessage(of: error)
    if case .titleTooLong(let line, let maximum) = error {
      check((1...lineCount).contains(line), "line \(line) of \(lineCount)")
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      let title = Todo.normalizedTitle(String(decoding: lines[line - 1], as: UTF8.self)) ?? ""
      check(title.count > maximum, "line \(line) refused with \(title.count) <= \(maximum) characters")
    }
  }
  do {
    let note = try Todo.validatedNote(String(decoding: bytes, as: UTF8.self))
    check(note.count <= Todo.maximumNoteLength, "a note of \(note.count) characters")
    check((try? Todo.validatedNote(note)) == note, "the note \(note.debugDescription) is not as stored")
  } catch {
    checkMessage(of: error)
  }
  return 0
}

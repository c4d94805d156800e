import FuzzSupport
import TodoCore

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `todo add -` and `todo note ID -` on random bytes (invalid UTF-8, NULs, very long lines):
/// the import gives titles already as stored, one per line at most, or a `TitleImport.Error`
/// naming a line of the input; the note is stored as it reads or refused as too long. The
/// import's time per byte stays flat: the input eight times over takes at most four times as
/// long a byte (a reader quadratic in a line's length takes eight times as long, or more).
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
  checkTimePerByteIsFlat(bytes)
  return 0
}

/// Times the import of `bytes` and of `bytes` eight times over (longer lines, or eight times the
/// lines), each the least of three runs, and checks that the larger input takes at most four
/// times as long a byte. The time is the thread's processor time, which a busy machine (the
/// fuzz targets run two at a time) does not stretch as it does the clock's. Inputs under a
/// kilobyte are left out, and shorter times count as 200 µs: they are too short to compare.
/// One input in four is timed (those whose length is a multiple of four), so that the fuzzing
/// keeps its pace.
func checkTimePerByteIsFlat(_ bytes: [UInt8]) {
  guard bytes.count >= 1_024, bytes.count % 4 == 0 else { return }
  let larger = Array(repeating: bytes, count: 8).flatMap { $0 }
  func fastest(_ input: [UInt8]) -> Duration {
    (0..<3).map { _ in
      let start = threadTime()
      _ = try? TitleImport(reading: input)
      return threadTime() - start
    }.min()!
  }
  let small = fastest(bytes)
  let large = fastest(larger)
  check(
    large <= max(small, .microseconds(200)) * 32,
    "\(bytes.count) bytes took \(small), eight times as many \(large): more than four times as long a byte")
}

/// The processor time this thread has used.
func threadTime() -> Duration {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

import Foundation
import UniflowTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal for running a program as if a user sat at a terminal: the program gets the
/// terminal side, the test writes keys to and reads the screen output from the other side.
final class PseudoTerminal {
  /// The side the test reads and writes.
  private let controller: Int32
  /// The side the program gets as its standard input and output.
  let terminal: FileHandle
  /// Everything the program wrote so far.
  private(set) var output = Data()

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(lines: UInt16 = 24, columns: UInt16 = 80) throws {
    let functions = try PseudoTerminalFunctions()
    controller = functions.open(O_RDWR | O_NOCTTY)
    guard controller >= 0, functions.grant(controller) == 0, functions.unlock(controller) == 0,
      let name = functions.name(controller)
    else { throw Failure(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))") }
    let terminalDescriptor = open(name, O_RDWR | O_NOCTTY)
    guard terminalDescriptor >= 0 else { throw Failure(description: "cannot open \(String(cString: name))") }
    var size = winsize(ws_row: lines, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminalDescriptor, UInt(TIOCSWINSZ), &size)
    terminal = FileHandle(fileDescriptor: terminalDescriptor, closeOnDealloc: true)
  }

  deinit {
    close(controller)
  }

  /// Closes the test's copy of the terminal side, once the program has it, so that reading
  /// ends when the program exits.
  func closeTerminalSide() throws {
    try terminal.close()
  }

  /// Types `keys`.
  func type(_ keys: String) {
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// The output from `offset` on, as text.
  func text(from offset: Int = 0) -> String {
    String(decoding: output[offset...], as: UTF8.self)
  }

  /// Reads the program's output until the output after `offset` contains `text`.
  ///
  /// The wait for each chunk of output is bounded only so that a broken program fails the
  /// test instead of hanging it; nothing depends on how long the program takes.
  func read(until text: String, after offset: Int = 0) async throws {
    while !self.text(from: offset).contains(text) {
      guard try await readChunk() else {
        throw Failure(
          description: "the output ended without \(text.debugDescription):\n\(self.text(from: offset))")
      }
    }
  }

  /// Reads the rest of the output, until the program closed the terminal.
  func readToEnd() async throws {
    while try await readChunk() {}
  }

  /// Reads what is available, waiting for it; `false` at the end of the output.
  private func readChunk() async throws -> Bool {
    // Only the wait needs a thread of its own: once `poll` says so, `read` does not block.
    let ready = await onOwnThread { [controller] in
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      return poll(&descriptor, 1, 60_000)
    }
    guard ready > 0 else {
      throw Failure(description: "no output for a minute; the output so far:\n\(text())")
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = systemRead(controller, &buffer, buffer.count)
    guard count > 0 else { return false }
    output.append(contentsOf: buffer[..<count])
    return true
  }
}

/// The C library's `read`, under a name that does not clash with ``PseudoTerminal/read(until:after:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

/// The C library's pseudo-terminal functions. The C library declares them only for X/Open
/// programs, which the Swift module of the C library is not built as, so they are looked up by
/// name.
private struct PseudoTerminalFunctions {
  let open: @convention(c) (Int32) -> Int32
  let grant: @convention(c) (Int32) -> Int32
  let unlock: @convention(c) (Int32) -> Int32
  let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  init() throws {
    // RTLD_DEFAULT: every loaded image, in load order. Glibc's is a null pointer, which Swift
    // does not import; Apple's is -2.
    #if canImport(Darwin)
      let defaultHandle = UnsafeMutableRawPointer(bitPattern: -2)
    #else
      let defaultHandle: UnsafeMutableRawPointer? = nil
    #endif
    func function<F>(_ name: String, as type: F.Type) throws -> F {
      guard let symbol = dlsym(defaultHandle, name) else {
        throw PseudoTerminal.Failure(description: "the C library has no \(name)")
      }
      return unsafeBitCast(symbol, to: type)
    }
    open = try function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    grant = try function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    unlock = try function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    name = try function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
  }
}

extension PseudoTerminal {
  /// Waits for the program on the terminal to end: reads all it writes, then waits for it to
  /// exit; returns its exit status.
  @discardableResult
  func finish(_ process: Process) async throws -> Int32 {
    try await readToEnd()
    await process.waitForExit()
    return process.terminationStatus
  }

  /// Quits the program on the terminal as a user does, with `q`, and waits for it to end;
  /// returns its exit status.
  @discardableResult
  func quit(_ process: Process) async throws -> Int32 {
    type("q")
    return try await finish(process)
  }
}

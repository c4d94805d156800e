#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The program's standard output, written without buffering so that every failure is seen.
///
/// A write that fails is an error the program reports (`todo list > /dev/full` exits 1); a
/// reader that went away (`todo list | head -1`) is not: the program ends quietly. The program
/// ignores `SIGPIPE` so that the second case arrives here as `EPIPE` instead of killing it.
enum StandardOutput {
  /// Why the output could not be written.
  enum Failure: Error, Equatable {
    /// The reader closed the pipe.
    case closed
    /// The system refused the write, with this `errno`.
    case failed(Int32)

    /// One line for `todo: error: `.
    var description: String {
      switch self {
      case .closed: "cannot write the output: the reader went away"
      case .failed(let code): "cannot write the output: \(String(cString: strerror(code)))"
      }
    }
  }

  /// Writes `text` and a line break.
  static func writeLine(_ text: String) throws(Failure) {
    try write(text + "\n")
  }

  /// Writes all of `text`, or throws.
  static func write(_ text: String) throws(Failure) {
    try write(Array(text.utf8), to: STDOUT_FILENO)
  }

  /// Writes all of `bytes` to `descriptor`, retrying after an interruption.
  static func write(_ bytes: [UInt8], to descriptor: Int32) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw errno == EPIPE ? .closed : .failed(errno)
      }
      offset += written
    }
  }
}

/// The C library's `write`, under a name that does not clash with ``StandardOutput/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

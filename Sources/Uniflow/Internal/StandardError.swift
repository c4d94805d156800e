#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a line to standard error, unbuffered.
func writeLineToStandardError(_ line: String) {
  var bytes = Array((line + "\n").utf8)
  var offset = 0
  while offset < bytes.count {
    // SAFETY: the pointer does not escape the closure, and `offset` stays below `buffer.count`.
    let written = bytes.withUnsafeMutableBytes { buffer in
      write(2, buffer.baseAddress! + offset, buffer.count - offset)
    }
    guard written > 0 else { return }
    offset += written
  }
}

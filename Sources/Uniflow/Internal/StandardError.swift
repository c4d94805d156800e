#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a line to standard error, unbuffered.
func writeLineToStandardError(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  var offset = 0
  while offset < bytes.count {
    let written = writeBytes(bytes, from: offset, to: 2)
    guard written > 0 else { return }
    offset += written
  }
}

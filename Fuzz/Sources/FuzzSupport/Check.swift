/// Stops the fuzz target when a property does not hold: libFuzzer reports the trap as a
/// finding and keeps the input that caused it.
///
/// - Parameters:
///   - condition: The property.
///   - message: What failed, with the values that show it.
public func check(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() {
    fatalError("property failed: \(message())", file: file, line: line)
  }
}

/// Checks the property every error of a parser must have: a message that says something.
///
/// - Parameter error: The error the parser threw.
public func checkMessage(
  of error: some Error & CustomStringConvertible, file: StaticString = #fileID, line: UInt = #line
) {
  check(!error.description.isEmpty, "\(type(of: error)) without a message", file: file, line: line)
}

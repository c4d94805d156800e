/// Stops the program with `message` unless `condition` holds, with the message in every build.
///
/// `precondition` drops its message in a release build, so a misuse would stop an app with
/// "precondition failure" alone; this says what went wrong in debug and release alike.
///
/// - Parameters:
///   - condition: What must hold.
///   - message: Why the program stops, for the developer who reads the crash.
@inlinable
package func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #file, line: UInt = #line
) {
  if !condition() { fatalError(message(), file: file, line: line) }
}

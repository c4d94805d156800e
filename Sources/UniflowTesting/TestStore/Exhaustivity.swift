/// How strictly a ``TestStore`` requires a test to describe everything its feature does.
///
/// ```swift
/// let store = TestStore(initialState: App.State()) { App() }
/// store.exhaustivity = .off   // an integration test that checks only what it cares about
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be described, every action an effect sends must be received, and
  /// every effect must have finished when the store is released. The default.
  case on

  /// Only what the test asserts is checked: state changes the test does not describe and
  /// received actions it does not receive are skipped, and effects still running when the store
  /// is released are cancelled without a failure.
  ///
  /// Assertions still fail when they do not hold: a property the test sets must have that value,
  /// and `receive(_:timeout:assert:)` still waits for the
  /// action. With `showSkippedAssertions`, what was skipped is shown (as a known issue under Swift
  /// Testing, as a printed note under XCTest) without failing the test.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}

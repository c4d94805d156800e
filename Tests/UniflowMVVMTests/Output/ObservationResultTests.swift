import Foundation
import Testing
import UniflowTestSupport

/// An `observe(_:)` whose token removes the observer when released must not be callable as a
/// statement without a word from the compiler: `output.observe { … }` alone never fires.
@Suite struct ObservationResultTests {
  @Test func discardingATokenThatMustBeKeptIsACompilerWarning() async throws {
    let source = """
      import UniflowMVVM

      @MainActor func bind(value: OutputValue<Int>, event: OutputEvent<String>, view: AnyObject) {
        value.observe { _ in }
        event.observe { _ in }
        // Tied to an owner: the token need not be kept, and may be dropped silently.
        value.observe(owner: view) { _, _ in }
        event.observe(owner: view) { _, _ in }
      }
      """
    let warnings = try await compilerDiagnostics(for: source)
    #expect(warnings.count == 2)
    #expect(
      warnings.allSatisfy { $0.contains("warning: result of call to 'observe") && $0.contains("is unused") })
    #expect(warnings.map { $0.prefix(4) } == ["4:9:", "5:9:"])
  }
}

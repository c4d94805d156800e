import Foundation
import Testing

/// An `observe(_:)` whose token removes the observer when released must not be callable as a
/// statement without a word from the compiler: `output.observe { … }` alone never fires.
@Suite struct ObservationResultTests {
  @Test func discardingATokenThatMustBeKeptIsACompilerWarning() throws {
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
    let warnings = try typeCheckWarnings(source)
    #expect(warnings.count == 2)
    #expect(
      warnings.allSatisfy { $0.contains("warning: result of call to 'observe") && $0.contains("is unused") })
    #expect(warnings.map { $0.prefix(4) } == ["4:9:", "5:9:"])
  }
}

/// The warnings the compiler prints for `source`, type-checked against the modules of this
/// build, as `line:column: warning: message`.
private func typeCheckWarnings(_ source: String) throws -> [String] {
  let buildDirectory = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
  let modules = [buildDirectory, buildDirectory.deletingLastPathComponent()]
    .map { $0.appending(path: "Modules") }
    .first { FileManager.default.fileExists(atPath: $0.appending(path: "UniflowMVVM.swiftmodule").path) }
  let moduleDirectory = try #require(modules, "the built modules are not next to the tests")
  let directory = FileManager.default.temporaryDirectory.appending(path: "uniflow-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appending(path: "Bind.swift")
  try Data(source.utf8).write(to: file)
  let process = Process()
  process.executableURL = URL(filePath: "/usr/bin/env")
  process.arguments = [
    "swiftc", "-typecheck", "-swift-version", "6", "-I", moduleDirectory.path, file.path,
  ]
  let output = Pipe()
  process.standardError = output
  process.standardOutput = output
  try process.run()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  try #require(process.terminationStatus == 0, "the snippet does not compile:\n\(text)")
  return text.split(separator: "\n").compactMap { line in
    guard line.hasPrefix(file.path + ":"), line.contains(": warning: ") else { return nil }
    return String(line.dropFirst(file.path.count + 1))
  }
}

import Foundation
import Testing

/// What the compiler says about `source`, type-checked against the modules of this build: one
/// `line:column: severity: message` per warning or error, the compiler's notes left out.
///
/// For what only the compiler can show: a call that must not be discardable, a mistake whose
/// message must lead to the fix.
public func compilerDiagnostics(for source: String) async throws -> [String] {
  let buildDirectory = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
  let modules = [buildDirectory, buildDirectory.deletingLastPathComponent()]
    .map { $0.appending(path: "Modules") }
    .first { FileManager.default.fileExists(atPath: $0.appending(path: "Uniflow.swiftmodule").path) }
  let moduleDirectory = try #require(modules, "the built modules are not next to the tests")
  let directory = FileManager.default.temporaryDirectory.appending(path: "uniflow-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appending(path: "Snippet.swift")
  try Data(source.utf8).write(to: file)
  let process = Process()
  process.executableURL = URL(filePath: "/usr/bin/env")
  process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", moduleDirectory.path, file.path]
  let output = Pipe()
  process.standardError = output
  process.standardOutput = output
  try process.run()
  let text = await onOwnThread {
    String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
  await process.waitForExit()
  return text.split(separator: "\n").compactMap { line in
    guard line.hasPrefix(file.path + ":"), line.contains(": warning: ") || line.contains(": error: ")
    else { return nil }
    return String(line.dropFirst(file.path.count + 1))
  }
}

import Foundation
import Testing
import UniflowTestSupport

/// The README's `Package.swift` for an app that depends on Uniflow, loaded by the package
/// manager against this repository: it parses, and every product it names exists.
@Suite struct ReadmePackageManifestTests {
  @Test func theReadmesManifestResolvesEveryProductItNames() async throws {
    let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "### Add it to your package"))
    let start = try #require(readme[section.upperBound...].range(of: "```swift\n"))
    let end = try #require(readme[start.upperBound...].range(of: "```\n"))
    let manifest = String(readme[start.upperBound..<end.lowerBound])
    #expect(manifest.hasPrefix("// swift-tools-version: 6.2\n"))

    // The app next to a clone named "uniflow", as the manifest expects.
    let directory = FileManager.default.temporaryDirectory.appending(path: "uniflow-app-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let app = directory.appending(path: "MyApp")
    for folder in ["Sources/MyApp", "Tests/MyAppTests"] {
      try FileManager.default.createDirectory(
        at: app.appending(path: folder), withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      at: directory.appending(path: "uniflow"), withDestinationURL: root)
    try Data(manifest.utf8).write(to: app.appending(path: "Package.swift"))
    try Data("import Uniflow\nimport UniflowMVVM\n".utf8).write(
      to: app.appending(path: "Sources/MyApp/main.swift"))
    try Data("import UniflowTesting\n".utf8).write(
      to: app.appending(path: "Tests/MyAppTests/MyAppTests.swift"))

    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", app.path, "show-dependencies"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = await onOwnThread {
      String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
    await process.waitForExit()
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.contains("uniflow<"))
  }
}

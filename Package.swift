// swift-tools-version: 6.2
// 6.2 at least: a store released off the main actor is sound only with an isolated `deinit`.
import PackageDescription

let package = Package(
  name: "Uniflow",
  platforms: [
    // Observation and Synchronization.Mutex set the floor on Apple platforms.
    .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
  ],
  products: [
    .library(name: "Uniflow", targets: ["Uniflow"]),
    .library(name: "UniflowTesting", targets: ["UniflowTesting"]),
    .library(name: "UniflowMVVM", targets: ["UniflowMVVM"]),
    .library(name: "UniflowDevTools", targets: ["UniflowDevTools"]),
    .library(name: "UniflowLiveInspector", targets: ["UniflowLiveInspector"]),
    // The Todo demo's libraries, so that the fuzz package under Fuzz/ can build their parsers;
    // they are an example's code, not part of Uniflow.
    .library(name: "TodoCore", targets: ["TodoCore"]),
    .library(name: "TodoTerminal", targets: ["TodoTerminal"]),
    .executable(name: "todo", targets: ["todo"]),
    .executable(name: "uniflow-bench", targets: ["uniflow-bench"]),
    .executable(name: "uniflow-inspect", targets: ["uniflow-inspect"]),
  ],
  targets: [
    // The library.
    .target(name: "Uniflow"),
    .target(name: "UniflowTesting", dependencies: ["Uniflow"]),
    .target(name: "UniflowMVVM", dependencies: ["Uniflow"]),
    .target(name: "UniflowDevTools", dependencies: ["Uniflow", "UniflowTesting"]),
    // The live inspector: follows a log as it is written and serves it on the loopback address.
    .target(name: "UniflowLiveInspector", dependencies: ["Uniflow", "UniflowDevTools"]),
    .executableTarget(name: "uniflow-inspect", dependencies: ["UniflowDevTools", "UniflowLiveInspector"]),

    // The Todo demo: the features and their SQLite and PostgreSQL repositories, the terminal's
    // keys and line editor, and the terminal program.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // The client library of PostgreSQL, for the Todo program's server (`todo --server`).
    .systemLibrary(
      name: "CLibPQ",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),
    .target(
      name: "TodoCore", dependencies: ["Uniflow", "CSQLite", "CLibPQ"], path: "Examples/Todo/TodoCore"),
    .target(name: "TodoTerminal", dependencies: ["TodoCore"], path: "Examples/Todo/TodoTerminal"),
    .executableTarget(
      name: "todo", dependencies: ["TodoCore", "TodoTerminal", "UniflowDevTools"], path: "Examples/Todo/todo"),

    // The benchmark suite: swift run -c release uniflow-bench
    .executableTarget(
      name: "uniflow-bench", dependencies: ["Uniflow", "UniflowMVVM", "UniflowDevTools"],
      path: "Benchmarks/uniflow-bench"),

    // What several test targets share (the README tour's features); only test targets use it.
    .target(name: "UniflowTestSupport", dependencies: ["Uniflow"], path: "Tests/UniflowTestSupport"),

    // A program that writes a persisted shared value, for the tests that kill it.
    .executableTarget(name: "shared-writer", dependencies: ["Uniflow"], path: "Tests/SharedWriter"),

    .testTarget(
      name: "UniflowTests",
      dependencies: ["Uniflow", "UniflowTesting", "UniflowTestSupport", "shared-writer"]),
    .testTarget(
      name: "UniflowTestingTests", dependencies: ["Uniflow", "UniflowTesting", "UniflowTestSupport"]),
    .testTarget(
      name: "UniflowMVVMTests",
      dependencies: ["Uniflow", "UniflowMVVM", "UniflowTesting", "UniflowTestSupport"]),
    .testTarget(
      name: "UniflowDevToolsTests", dependencies: ["Uniflow", "UniflowDevTools", "UniflowTesting"]),
    .testTarget(name: "UniflowLiveInspectorTests", dependencies: ["UniflowLiveInspector"]),
    .testTarget(
      name: "TodoTests",
      dependencies: [
        "TodoCore", "TodoTerminal", "Uniflow", "UniflowTesting", "UniflowDevTools", "UniflowTestSupport",
      ],
      path: "Examples/Todo/Tests"),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}

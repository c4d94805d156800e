// swift-tools-version: 6.0
import PackageDescription

// The fuzz targets: one small program per parser of outside input, built with libFuzzer and
// AddressSanitizer by scripts/fuzz (swift build -Xswiftc -sanitize=fuzzer,address). Each
// checks the parser's properties on every input and traps when one fails, which libFuzzer
// reports as a finding with the input that caused it.
let package = Package(
  name: "UniflowFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "Uniflow", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    fuzzTarget("fuzz-json", ["UniflowDevTools"]),
    fuzzTarget("fuzz-json-patch", ["UniflowDevTools"]),
    fuzzTarget("fuzz-session-log", ["UniflowDevTools"]),
    fuzzTarget("fuzz-replay", ["UniflowDevTools", "TodoCore"]),
    fuzzTarget("fuzz-keys", ["TodoTerminal"]),
    fuzzTarget("fuzz-line-editor", ["TodoCore", "TodoTerminal"]),
    fuzzTarget("fuzz-arguments", ["TodoCore", "TodoTerminal"]),
    fuzzTarget("fuzz-import", ["TodoCore"]),
    fuzzTarget("fuzz-http-request", ["UniflowLiveInspector"]),
    fuzzTarget("fuzz-server-address", ["TodoCore"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}

/// A fuzz target: a program of one file whose `LLVMFuzzerTestOneInput` libFuzzer calls.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: name,
    dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "Uniflow") })
}

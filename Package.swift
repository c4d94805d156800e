// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Uniflow",
  platforms: [
    // Observation and Synchronization.Mutex set the floor on Apple platforms.
    .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
  ],
  products: [
    .library(name: "Uniflow", targets: ["Uniflow"]),
  ],
  targets: [
    .target(name: "Uniflow"),
    .executableTarget(name: "counter", dependencies: ["Uniflow"], path: "Examples/Counter"),
    .testTarget(name: "UniflowTests", dependencies: ["Uniflow"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}

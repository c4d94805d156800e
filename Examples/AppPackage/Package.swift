// swift-tools-version: 6.0
import Foundation
import PackageDescription

// An app's package that depends on Uniflow, as any app does: from another package. Building it
// in release is what catches what the library's own targets cannot see, such as code the
// optimiser inlines across packages.
//
//   swift build -c release --package-path Examples/AppPackage
//   Examples/AppPackage/.build/release/checklist

// A package depended on by path is named after its folder, whatever the clone is called.
let uniflow = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "Checklist",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(path: uniflow.path)],
  targets: [
    .executableTarget(
      name: "checklist",
      dependencies: [
        .product(name: "Uniflow", package: uniflow.lastPathComponent),
        .product(name: "UniflowMVVM", package: uniflow.lastPathComponent),
        .product(name: "UniflowDevTools", package: uniflow.lastPathComponent),
      ],
      path: "Sources/Checklist")
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
// Core/Logging: structured logging in the shape of apple/swift-log, without a global bootstrap. A leaf package: it
// depends on nothing in the repo. The composition root builds a `Logger` with the handler it chooses.
import PackageDescription

let package = Package(
    name: "Logging",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Logging", targets: ["Logging"])
    ],
    targets: [
        .target(name: "Logging"),
        .executableTarget(name: "LoggingBenchmarks", dependencies: ["Logging"]),
        .testTarget(name: "LoggingTests", dependencies: ["Logging"]),
    ],
    swiftLanguageModes: [.v6]
)

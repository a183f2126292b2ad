// swift-tools-version:6.2
// Core/Logging: structured logging in the shape of apple/swift-log, without a global bootstrap. It depends only on
// Core/Primitives (the lock and the calendar arithmetic). The composition root builds a `Logger` with the handler it
// chooses.
import PackageDescription

let package = Package(
    name: "Logging",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Logging", targets: ["Logging"])
    ],
    dependencies: [
        .package(path: "../Primitives")
    ],
    targets: [
        .target(name: "Logging", dependencies: [.product(name: "Primitives", package: "Primitives")]),
        .executableTarget(name: "LoggingBenchmarks", dependencies: ["Logging"]),
        .testTarget(name: "LoggingTests", dependencies: ["Logging"]),
    ],
    swiftLanguageModes: [.v6]
)

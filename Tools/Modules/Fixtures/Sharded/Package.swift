// swift-tools-version:6.2
import PackageDescription

// The root package of the Sharded fixture: one test target with several suites (one nested, one XCTest class), which
// `modules plan --shards` splits by suite.
let package = Package(
    name: "Sharded",
    dependencies: [.package(path: "Core/Small"), .package(path: "Core/NoTests")],
    targets: [
        .target(
            name: "App",
            dependencies: [.product(name: "Small", package: "Small"), .product(name: "NoTests", package: "NoTests")]),
        .testTarget(name: "AppTests", dependencies: ["App"]),
    ]
)

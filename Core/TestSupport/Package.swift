// swift-tools-version:6.2
// Core/TestSupport: helpers every package's tests share (a manual Clock, temporary directories, `waitUntil`, a child
// process's output lines, a small tmpfs disk that fills up, the error and issue of a strict test double's unexpected
// call). Only test targets depend on it; it depends only on Core/Primitives.
import PackageDescription

let package = Package(
    name: "TestSupport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TestSupport", targets: ["TestSupport"])
    ],
    dependencies: [
        .package(path: "../Primitives")
    ],
    targets: [
        .target(name: "TestSupport", dependencies: [.product(name: "Primitives", package: "Primitives")]),
        .testTarget(
            name: "TestSupportTests",
            dependencies: ["TestSupport", .product(name: "Primitives", package: "Primitives")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

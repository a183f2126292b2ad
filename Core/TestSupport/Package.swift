// swift-tools-version:6.2
// Core/TestSupport: helpers every package's tests share (a manual Clock, temporary directories). Only test targets
// depend on it; it depends on nothing in the repo.
import PackageDescription

let package = Package(
    name: "TestSupport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TestSupport", targets: ["TestSupport"])
    ],
    targets: [
        .target(name: "TestSupport"),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

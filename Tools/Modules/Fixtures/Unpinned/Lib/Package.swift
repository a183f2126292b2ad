// swift-tools-version:6.2
import PackageDescription

// A library that commits no Package.resolved and depends on a git package beside it (the tests make ../Upstream a
// git repository with version tags), so what SwiftPM resolves for a run decides its action key.
let package = Package(
    name: "Lib",
    products: [
        .library(name: "Lib", targets: ["Lib"])
    ],
    dependencies: [
        .package(url: "../Upstream", from: "1.0.0")
    ],
    targets: [
        .target(name: "Lib", dependencies: [.product(name: "Upstream", package: "Upstream")]),
        .testTarget(name: "LibTests", dependencies: ["Lib"]),
    ],
    swiftLanguageModes: [.v6]
)

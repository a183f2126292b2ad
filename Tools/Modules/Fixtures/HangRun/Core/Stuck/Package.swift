// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Stuck",
    products: [
        .library(name: "Stuck", targets: ["Stuck"])
    ],
    targets: [
        .target(name: "Stuck"),
        .testTarget(name: "StuckTests", dependencies: ["Stuck"]),
    ],
    swiftLanguageModes: [.v6]
)

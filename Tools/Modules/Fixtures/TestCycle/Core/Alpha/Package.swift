// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Alpha",
    products: [
        .library(name: "Alpha", targets: ["Alpha"])
    ],
    dependencies: [
        .package(path: "../Beta")
    ],
    targets: [
        .target(name: "Alpha"),
        .testTarget(name: "AlphaTests", dependencies: ["Alpha", .product(name: "Beta", package: "Beta")]),
    ],
    swiftLanguageModes: [.v6]
)

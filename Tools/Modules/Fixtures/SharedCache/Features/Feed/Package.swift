// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Feed",
    products: [
        .library(name: "Feed", targets: ["Feed"])
    ],
    dependencies: [
        .package(path: "../../Core/Base")
    ],
    targets: [
        .target(name: "Feed", dependencies: [.product(name: "Base", package: "Base")]),
        .testTarget(name: "FeedTests", dependencies: ["Feed"]),
    ],
    swiftLanguageModes: [.v6]
)

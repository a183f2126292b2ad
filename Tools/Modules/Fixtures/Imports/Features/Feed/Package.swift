// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Feed",
    products: [
        .library(name: "Feed", targets: ["Feed"])
    ],
    dependencies: [
        .package(path: "../../Core/Logging"),
        .package(path: "../../Core/Networking"),
        .package(path: "../../DesignSystem"),
    ],
    targets: [
        .target(
            name: "Feed",
            dependencies: [.product(name: "Networking", package: "Networking")],
            swiftSettings: [.define("FEED_OFFLINE")]
        ),
        .testTarget(
            name: "FeedTests",
            dependencies: ["Feed", .product(name: "Logging", package: "Logging")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

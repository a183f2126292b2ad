// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Shop",
    products: [
        .executable(name: "shop", targets: ["App"])
    ],
    targets: [
        .target(name: "Logging"),
        .target(name: "Networking", dependencies: ["Logging"]),
        .target(name: "DesignSystem"),
        .target(name: "Feed", dependencies: ["Networking", "DesignSystem"]),
        .target(name: "Search", dependencies: ["Networking", "DesignSystem"]),
        .executableTarget(name: "App", dependencies: ["Feed", "Search"]),
        .testTarget(name: "FeedTests", dependencies: ["Feed"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking"]),
    ],
    swiftLanguageModes: [.v6]
)

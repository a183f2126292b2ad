// swift-tools-version:6.2
import PackageDescription

// A repository without modules.json whose root package depends on an external package (resolved in
// Package.resolved; its checkout is created by the tests from ../RemoteCheckouts) and on a local one.
let package = Package(
    name: "Shop",
    dependencies: [
        .package(url: "https://example.com/acme/swift-widgets.git", from: "1.2.0"),
        .package(path: "Core/Store"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                "AppSupport",
                .product(name: "Widgets", package: "swift-widgets"),
                .product(name: "Store", package: "Store"),
            ]
        ),
        .target(name: "AppSupport"),
        .testTarget(name: "AppTests", dependencies: ["App"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
// The root package: the `storefront` executable (the App layer: composition root and console front end) and its
// tests. Everything else lives in local packages under Core/, DesignSystem/, Features/ and Tools/, referenced by path.
// The layering rules are in modules.json and enforced by `modules lint`.
import PackageDescription

let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storefront", targets: ["Storefront"])
    ],
    dependencies: [
        .package(path: "Core/Logging")
    ],
    targets: [
        .target(
            name: "StorefrontApp",
            dependencies: [
                .product(name: "Logging", package: "Logging")
            ],
            path: "App/Sources/StorefrontApp"
        ),
        .executableTarget(
            name: "Storefront",
            dependencies: ["StorefrontApp"],
            path: "App/Sources/Storefront"
        ),
        .testTarget(
            name: "StorefrontTests",
            dependencies: [
                "StorefrontApp",
                .product(name: "Logging", package: "Logging"),
            ],
            path: "App/Tests/StorefrontTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

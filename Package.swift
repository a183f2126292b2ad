// swift-tools-version:6.2
// The root package: the `storefront` executable (the App layer: composition root, router and coordinators, feature
// flags, and the console front end) and its tests. Everything else lives in local packages under Core/,
// DesignSystem/, Features/ and Tools/, referenced by path. The layering rules are in modules.json and enforced by
// `modules lint`.
import PackageDescription

let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storefront", targets: ["Storefront"])
    ],
    dependencies: [
        .package(path: "Core/Logging"),
        .package(path: "Core/Models"),
        .package(path: "Core/Networking"),
        .package(path: "Core/Persistence"),
        .package(path: "Core/Primitives"),
        .package(path: "Core/TestSupport"),
        .package(path: "DesignSystem"),
        .package(path: "Features/Account"),
        .package(path: "Features/Checkout"),
        .package(path: "Features/Feed"),
        .package(path: "Features/Search"),
        .package(path: "Tools/SampleBackend"),
    ],
    targets: [
        .target(
            name: "StorefrontApp",
            dependencies: [
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "Account", package: "Account"),
                .product(name: "Checkout", package: "Checkout"),
                .product(name: "Feed", package: "Feed"),
                .product(name: "Search", package: "Search"),
                .product(name: "SampleBackend", package: "SampleBackend"),
            ],
            path: "App/Sources/StorefrontApp"
        ),
        .executableTarget(
            name: "Storefront",
            dependencies: ["StorefrontApp", .product(name: "TerminalUI", package: "DesignSystem")],
            path: "App/Sources/Storefront"
        ),
        .testTarget(
            name: "StorefrontTests",
            dependencies: [
                "StorefrontApp",
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTestSupport", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "Account", package: "Account"),
                .product(name: "Checkout", package: "Checkout"),
                .product(name: "Feed", package: "Feed"),
                .product(name: "Search", package: "Search"),
                .product(name: "SampleBackend", package: "SampleBackend"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            path: "App/Tests/StorefrontTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

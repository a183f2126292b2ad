// swift-tools-version:6.2
// Features/Checkout: the persistent cart, the flow-scoped checkout (a coordinator owning a draft through six steps),
// exactly-once order placement and order history. Depends on Core (Logging, Models, Networking, Persistence) and
// DesignSystem; tests also use the Networking and Persistence test doubles, Core/TestSupport, Core/Primitives and
// DesignSystem's SnapshotTestSupport (snapshots of the screens in `Tests/CheckoutTests/Snapshots`).
import PackageDescription

let package = Package(
    name: "Checkout",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Checkout", targets: ["Checkout"]),
        .executable(name: "CheckoutPreview", targets: ["CheckoutPreview"]),
    ],
    dependencies: [
        .package(path: "../../Core/Logging"),
        .package(path: "../../Core/Models"),
        .package(path: "../../Core/Networking"),
        .package(path: "../../Core/Persistence"),
        .package(path: "../../Core/Primitives"),
        .package(path: "../../Core/TestSupport"),
        .package(path: "../../DesignSystem"),
        .package(path: "../../FeatureKit"),
    ],
    targets: [
        .target(
            name: "Checkout",
            dependencies: [
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "FeatureKit", package: "FeatureKit"),
            ]
        ),
        // The Checkout screens in their states over preview data (`swift run CheckoutPreview`), and the catalog it
        // shows (its own target, so the tests can check it covers every route).
        .executableTarget(
            name: "CheckoutPreview",
            dependencies: [
                "CheckoutPreviewCatalog",
                .product(name: "FeaturePreview", package: "FeatureKit"),
            ]
        ),
        .target(
            name: "CheckoutPreviewCatalog",
            dependencies: [
                "Checkout",
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "FeaturePreview", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
            ]
        ),
        .testTarget(
            name: "CheckoutTests",
            dependencies: [
                "Checkout",
                "CheckoutPreview",
                "CheckoutPreviewCatalog",
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "FeaturePreviewTestSupport", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTestSupport", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "PersistenceTestSupport", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "SnapshotTestSupport", package: "DesignSystem"),
            ],
            exclude: ["Snapshots"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

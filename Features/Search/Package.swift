// swift-tools-version:6.2
// Features/Search: product search as you type (debounced, cancelling, never showing stale results), offset-paginated
// results, recent searches, an offline fallback from Search's own full-text table, and product detail.
// Depends on Core (Networking, Persistence, Models, Logging, Images) and DesignSystem (with DesignSystemImages for
// `storefront image`); tests also use the test-support
// products of Core/Networking, Core/Persistence and Core/TestSupport, Core/Primitives and DesignSystem's
// SnapshotTestSupport (snapshots of the screens in `Tests/SearchTests/Snapshots`).
import PackageDescription

let package = Package(
    name: "Search",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Search", targets: ["Search"]),
        .executable(name: "SearchPreview", targets: ["SearchPreview"]),
    ],
    dependencies: [
        .package(path: "../../Core/Images"),
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
            name: "Search",
            dependencies: [
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "DesignSystemImages", package: "DesignSystem"),
                .product(name: "FeaturePictures", package: "FeatureKit"),
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "Images", package: "Images"),
            ]
        ),
        // The Search screens in their states over preview data (`swift run SearchPreview`), and the catalog it shows
        // (its own target, so the tests can check it covers every route).
        .executableTarget(
            name: "SearchPreview",
            dependencies: [
                "SearchPreviewCatalog",
                .product(name: "FeaturePreview", package: "FeatureKit"),
            ]
        ),
        .target(
            name: "SearchPreviewCatalog",
            dependencies: [
                "Search",
                .product(name: "FeaturePreview", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "TerminalUI", package: "DesignSystem"),
            ]
        ),
        .testTarget(
            name: "SearchTests",
            dependencies: [
                "Search",
                "SearchPreview",
                "SearchPreviewCatalog",
                .product(name: "FeaturePreviewTestSupport", package: "FeatureKit"),
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTestSupport", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "FeaturePictures", package: "FeatureKit"),
                .product(name: "FeaturePicturesTestSupport", package: "FeatureKit"),
                .product(name: "Images", package: "Images"),
                .product(name: "PersistenceTestSupport", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "SnapshotTestSupport", package: "DesignSystem"),
            ],
            exclude: ["Snapshots"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

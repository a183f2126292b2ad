// swift-tools-version:6.2
// Features/Feed: the cursor-paginated feed of posts, shown from Feed's own local cache first and kept fresh from the
// server, with likes that work offline through the outbox. Depends on Core (Networking, Persistence, Models,
// Logging, Primitives), DesignSystem and FeatureKit (with FeaturePictures for post pictures); tests also use Images
// and the test-support products of Core/Networking, Core/Persistence, FeatureKit, Core/TestSupport and
// DesignSystem (SnapshotTestSupport: snapshots of the screens in `Tests/FeedTests/Snapshots`).
import PackageDescription

let package = Package(
    name: "Feed",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Feed", targets: ["Feed"]),
        .executable(name: "FeedPreview", targets: ["FeedPreview"]),
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
            name: "Feed",
            dependencies: [
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "FeaturePictures", package: "FeatureKit"),
            ]
        ),
        // The Feed screens in their states over preview data (`swift run FeedPreview`), and the catalog it shows (its
        // own target, so the tests can check it covers every route).
        .executableTarget(
            name: "FeedPreview",
            dependencies: [
                "FeedPreviewCatalog",
                .product(name: "FeaturePreview", package: "FeatureKit"),
            ]
        ),
        .target(
            name: "FeedPreviewCatalog",
            dependencies: [
                "Feed",
                .product(name: "FeaturePreview", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "TerminalUI", package: "DesignSystem"),
            ]
        ),
        .testTarget(
            name: "FeedTests",
            dependencies: [
                "Feed",
                "FeedPreview",
                "FeedPreviewCatalog",
                .product(name: "FeaturePreviewTestSupport", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTestSupport", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "PersistenceTestSupport", package: "Persistence"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "FeaturePictures", package: "FeatureKit"),
                .product(name: "FeaturePicturesTestSupport", package: "FeatureKit"),
                .product(name: "Images", package: "Images"),
                .product(name: "SnapshotTestSupport", package: "DesignSystem"),
            ],
            exclude: ["Snapshots"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

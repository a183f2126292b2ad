// swift-tools-version:6.2
// Features/Account: who the user is and what happens to their data when that changes. Sign-in and sign-out against
// the API's session endpoints, the bearer token in the account's secret store behind an `AccessTokenProvider`, the
// remembered account, guest mode, the events the App routes (cart merge, parked routes) and the sign-in and account
// screens. Depends on Core (Logging, Models, Networking, Persistence, Primitives) and DesignSystem; tests also use the
// test-support products of Core/Networking, Core/Persistence and Core/TestSupport, and DesignSystem's
// SnapshotTestSupport (snapshots of the screens in `Tests/AccountTests/Snapshots`).
import PackageDescription

let package = Package(
    name: "Account",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Account", targets: ["Account"]),
        .executable(name: "AccountPreview", targets: ["AccountPreview"]),
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
            name: "Account",
            dependencies: [
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "FeatureKit", package: "FeatureKit"),
            ]
        ),
        // The Account screens in their states over preview data (`swift run AccountPreview`), and the catalog it shows
        // (its own target, so the tests can check it covers every route).
        .executableTarget(
            name: "AccountPreview",
            dependencies: [
                "AccountPreviewCatalog",
                .product(name: "FeaturePreview", package: "FeatureKit"),
            ]
        ),
        .target(
            name: "AccountPreviewCatalog",
            dependencies: [
                "Account",
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
            name: "AccountTests",
            dependencies: [
                "Account",
                "AccountPreview",
                "AccountPreviewCatalog",
                .product(name: "FeaturePreviewTestSupport", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTestSupport", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "PersistenceTestSupport", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "SnapshotTestSupport", package: "DesignSystem"),
            ],
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
// Features/Lists: shopping lists as package documents (`<name>.sflist/` directories) in a folder that a file-sync
// tool may replicate: the on-disk format, atomic and lock-coordinated writes, a three-way merge against the version a
// session loaded, detection and resolution of sync-tool conflict copies, a folder watcher (inotify, polling) with the
// metadata read model, content sessions, and the feature entry (the Lists tab, "add to list" on product pages, the
// `storefront lists …` commands). Depends on Core (Logging, Models, Persistence, Primitives),
// DesignSystem and FeatureKit; tests also use Core/TestSupport, Networking's test client (for a FeatureContext that
// runs the commands), DesignSystem's SnapshotTestSupport (snapshots of
// the screens in `Tests/ListsTests/Snapshots`) and the `lists-test-writer` helper executable (a second process,
// since file locks are per process).
import PackageDescription

let package = Package(
    name: "Lists",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Lists", targets: ["Lists"]),
        .executable(name: "ListsPreview", targets: ["ListsPreview"]),
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
            name: "Lists",
            dependencies: [
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "FeatureKit", package: "FeatureKit"),
            ]
        ),
        .executableTarget(name: "lists-test-writer", dependencies: ["Lists"]),
        // The 1,000-list listing, opening, write and SIGKILL benchmark (`make bench`).
        .executableTarget(name: "ListsBenchmarks", dependencies: ["Lists"]),
        // The Lists screens in their states over preview data (`swift run ListsPreview`), and the catalog it shows
        // (its own target, so the tests can check it covers every route).
        .executableTarget(
            name: "ListsPreview",
            dependencies: [
                "ListsPreviewCatalog",
                .product(name: "FeaturePreview", package: "FeatureKit"),
            ]
        ),
        .target(
            name: "ListsPreviewCatalog",
            dependencies: [
                "Lists",
                .product(name: "FeaturePreview", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "TerminalUI", package: "DesignSystem"),
            ]
        ),
        .testTarget(
            name: "ListsTests",
            dependencies: [
                "Lists",
                "lists-test-writer",
                "ListsPreview",
                "ListsPreviewCatalog",
                .product(name: "FeaturePreviewTestSupport", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTestSupport", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
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

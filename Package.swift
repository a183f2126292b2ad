// swift-tools-version:6.2
// The root package: the `storefront` executable (the App layer: composition root, router and coordinators, feature
// flags, and the console front end) and its tests. Everything else lives in local packages under Core/,
// DesignSystem/, FeatureKit/, Features/ and Tools/, referenced by path. The layering rules are in modules.json and
// enforced by `modules lint`.
import PackageDescription

/// The feature packages under Features/, each a library of the same name that the App links and registers (its
/// entry goes into `AppEntries`). `modules new feature NAME` adds one line here.
let features = [
    "Account",
    "Checkout",
    "Feed",
    "Lists",
    "Search",
]

let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storefront", targets: ["Storefront"])
    ],
    dependencies: [
        .package(path: "Core/Images"),
        .package(path: "Core/Logging"),
        .package(path: "Core/Models"),
        .package(path: "Core/Networking"),
        .package(path: "Core/Persistence"),
        .package(path: "Core/Primitives"),
        .package(path: "Core/TestSupport"),
        .package(path: "DesignSystem"),
        .package(path: "FeatureKit"),
        .package(path: "Tools/SampleBackend"),
    ] + features.map { .package(path: "Features/\($0)") },
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
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "FeaturePictures", package: "FeatureKit"),
                .product(name: "Images", package: "Images"),
                .product(name: "SampleBackend", package: "SampleBackend"),
            ] + features.map { .product(name: $0, package: $0) },
            path: "App/Sources/StorefrontApp"
        ),
        .executableTarget(
            name: "Storefront",
            dependencies: [
                "StorefrontApp", .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "FeatureKit", package: "FeatureKit"),
            ],
            path: "App/Sources/Storefront"
        ),
        // Types bursts of keys into the search field through the shell (`make bench`).
        .executableTarget(
            name: "storefront-keyburst",
            dependencies: [
                "StorefrontApp",
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
            ],
            path: "App/Benchmarks/ShellKeyBurst"
        ),
        // Fans live events out to many stream clients of a storefront-server process (`make bench`).
        .executableTarget(
            name: "storefront-eventfanout",
            dependencies: [
                .product(name: "Logging", package: "Logging"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "SampleBackend", package: "SampleBackend"),
            ],
            path: "App/Benchmarks/EventFanout"
        ),
        .testTarget(
            name: "StorefrontTests",
            dependencies: [
                "StorefrontApp",
                .product(name: "FeatureKit", package: "FeatureKit"),
                .product(name: "FeaturePictures", package: "FeatureKit"),
                .product(name: "Images", package: "Images"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTestSupport", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
                .product(name: "SampleBackend", package: "SampleBackend"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "Account", package: "Account"),
                .product(name: "Checkout", package: "Checkout"),
                .product(name: "Feed", package: "Feed"),
                .product(name: "Lists", package: "Lists"),
                .product(name: "Search", package: "Search"),
            ],
            path: "App/Tests/StorefrontTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

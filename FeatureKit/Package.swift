// swift-tools-version:6.2
// FeatureKit: the feature entry contract. Every feature package provides one `FeatureEntry` (its routes and the
// screen of each, its intents, its commands, migrations and flags); the App registers the entries and dispatches
// to them without knowing their insides. It sits between the features and the DesignSystem: features and the App
// depend on it; it depends on DesignSystem and Core. `FeaturePictures`, a product of its own so that features without
// pictures do not link the image libraries, is what screens show pictures with (Core/Images, DesignSystemImages), and
// `FeaturePicturesTestSupport` is the controlled picture source their tests use. `FeaturePreview` is the host of
// every feature's preview executable, and `FeaturePreviewTestSupport` runs a built preview in tmux for their tests.
import PackageDescription

let package = Package(
    name: "FeatureKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FeatureKit", targets: ["FeatureKit"]),
        .library(name: "FeaturePictures", targets: ["FeaturePictures"]),
        .library(name: "FeaturePicturesTestSupport", targets: ["FeaturePicturesTestSupport"]),
        .library(name: "FeaturePreview", targets: ["FeaturePreview"]),
        .library(name: "FeaturePreviewTestSupport", targets: ["FeaturePreviewTestSupport"]),
    ],
    dependencies: [
        .package(path: "../Core/Images"),
        .package(path: "../Core/Logging"),
        .package(path: "../Core/Models"),
        .package(path: "../Core/Networking"),
        .package(path: "../Core/Persistence"),
        .package(path: "../Core/Primitives"),
        .package(path: "../Core/TestSupport"),
        .package(path: "../DesignSystem"),
    ],
    targets: [
        .target(
            name: "FeatureKit",
            dependencies: [
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
            ]
        ),
        .target(
            name: "FeaturePictures",
            dependencies: [
                "FeatureKit",
                .product(name: "Images", package: "Images"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystemImages", package: "DesignSystem"),
            ]
        ),
        // A picture source answered by the test (held, failed, cancelled, counted), for the tests of screens with
        // pictures.
        .target(
            name: "FeaturePicturesTestSupport",
            dependencies: [
                "FeaturePictures",
                .product(name: "Images", package: "Images"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Primitives", package: "Primitives"),
            ]
        ),
        // The host of every feature's preview executable (`<Name>Preview`): a menu of the feature's screens and
        // states, each opened full-screen over preview data.
        .target(
            name: "FeaturePreview",
            dependencies: [
                "FeatureKit",
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
            ]
        ),
        // What the features' tests of their previews share: every state of a catalog built and drawn, and the built
        // preview run in tmux, offline.
        .target(
            name: "FeaturePreviewTestSupport",
            dependencies: [
                "FeaturePreview",
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
            ]
        ),
        .testTarget(
            name: "FeatureKitTests",
            dependencies: [
                "FeatureKit",
                "FeaturePreview",
                "FeaturePictures",
                "FeaturePicturesTestSupport",
                .product(name: "Images", package: "Images"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TestSupport", package: "TestSupport"),
                .product(name: "TerminalUI", package: "DesignSystem"),
                .product(name: "DesignSystem", package: "DesignSystem"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

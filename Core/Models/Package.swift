// swift-tools-version:6.2
// Core/Models: shared domain values that two or more features need (Money and Currency, typed identifiers,
// Availability, ProductSummary). A leaf package: it depends on nothing in the repo.
import PackageDescription

let package = Package(
    name: "Models",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Models", targets: ["Models"])
    ],
    targets: [
        .target(name: "Models"),
        .testTarget(name: "ModelsTests", dependencies: ["Models"]),
    ],
    swiftLanguageModes: [.v6]
)

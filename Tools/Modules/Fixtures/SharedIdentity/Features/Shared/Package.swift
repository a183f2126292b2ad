// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "FeatureShared",
    products: [
        .library(name: "FeatureShared", targets: ["FeatureShared"])
    ],
    targets: [
        .target(name: "FeatureShared")
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Models",
    products: [
        .library(name: "Models", targets: ["Models"])
    ],
    targets: [
        .target(name: "Models")
    ],
    swiftLanguageModes: [.v6]
)

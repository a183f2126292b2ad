// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Logging",
    products: [
        .library(name: "Logging", targets: ["Logging"])
    ],
    targets: [
        .target(name: "Logging")
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Nested",
    products: [
        .library(name: "Nested", targets: ["Nested"])
    ],
    targets: [
        .target(name: "Nested")
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Base",
    products: [
        .library(name: "Base", targets: ["Base"])
    ],
    targets: [
        .target(name: "Base"),
        .testTarget(name: "BaseTests", dependencies: ["Base"]),
    ],
    swiftLanguageModes: [.v6]
)

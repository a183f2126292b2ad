// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Beta",
    products: [
        .library(name: "Beta", targets: ["Beta"])
    ],
    dependencies: [
        .package(path: "../Alpha")
    ],
    targets: [
        .target(name: "Beta", dependencies: [.product(name: "Alpha", package: "Alpha")])
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Feed",
    products: [
        .library(name: "Feed", targets: ["Feed"])
    ],
    dependencies: [
        .package(path: "../Search")
    ],
    targets: [
        .target(name: "Feed", dependencies: [.product(name: "Search", package: "Search")])
    ],
    swiftLanguageModes: [.v6]
)

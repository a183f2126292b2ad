// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Feed",
    products: [
        .library(name: "Feed", targets: ["Feed"])
    ],
    dependencies: [
        .package(path: "../../Core/Kit"),
        .package(path: "../../Core/Net"),
    ],
    targets: [
        .target(
            name: "Feed",
            dependencies: [.product(name: "Kit", package: "Kit"), .product(name: "NetTestSupport", package: "Net")])
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Base",
    products: [
        .library(name: "Base", targets: ["Base"])
    ],
    dependencies: [
        .package(path: "../../Features/Feed")
    ],
    targets: [
        .target(name: "Base", dependencies: [.product(name: "Feed", package: "Feed")])
    ],
    swiftLanguageModes: [.v6]
)

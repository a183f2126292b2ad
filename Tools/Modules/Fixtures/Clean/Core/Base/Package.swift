// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Base",
    products: [
        .library(name: "Base", targets: ["Base"]),
        .library(name: "BaseTestSupport", targets: ["BaseTestSupport"]),
    ],
    dependencies: [
        .package(path: "../Kit")
    ],
    targets: [
        .target(name: "Base"),
        .target(name: "BaseTestSupport", dependencies: ["Base", .product(name: "Kit", package: "Kit")]),
        .testTarget(name: "BaseTests", dependencies: ["Base"]),
    ],
    swiftLanguageModes: [.v6]
)

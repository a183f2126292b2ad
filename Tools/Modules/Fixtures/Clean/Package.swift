// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [
        .package(path: "Core/Base"),
        .package(path: "Core/Kit"),
        .package(path: "Features/Feed"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [.product(name: "Feed", package: "Feed"), .product(name: "Base", package: "Base")]),
        .testTarget(name: "AppTests", dependencies: ["App", .product(name: "Kit", package: "Kit")]),
    ],
    swiftLanguageModes: [.v6]
)

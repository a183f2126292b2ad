// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Shop",
    dependencies: [
        .package(path: "Core/Models")
    ],
    targets: [
        .target(
            name: "ShopApp",
            dependencies: [
                .product(name: "Models", package: "Models")
            ]
        ),
        .executableTarget(name: "Shop", dependencies: ["ShopApp"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

// Brings Core/Shared and Features/Shared into one graph, where their identities collide.
let package = Package(
    name: "App",
    dependencies: [
        .package(path: "Core/Shared"),
        .package(path: "Features/Shared"),
    ],
    targets: [],
    swiftLanguageModes: [.v6]
)

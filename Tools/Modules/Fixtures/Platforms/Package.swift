// swift-tools-version:6.2
import PackageDescription

// A package for Linux and macOS whose app uses a target on macOS only: its imports are evaluated for both.
let package = Package(
    name: "Platforms",
    platforms: [.macOS(.v14)],
    targets: [
        .target(name: "Core"),
        .target(name: "Helpers"),
        .target(name: "MacSupport"),
        .executableTarget(
            name: "App",
            dependencies: [
                "Core",
                .target(name: "MacSupport", condition: .when(platforms: [.macOS])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

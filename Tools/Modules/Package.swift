// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Modules",
    products: [
        .executable(name: "modules", targets: ["modules"]),
        .library(name: "ModulesKit", targets: ["ModulesKit"]),
    ],
    targets: [
        .target(name: "ModulesKit"),
        .executableTarget(name: "modules", dependencies: ["ModulesKit"]),
        .testTarget(
            name: "ModulesKitTests",
            dependencies: ["ModulesKit"],
            resources: [.copy("Samples")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Steady",
    products: [
        .library(name: "Steady", targets: ["Steady"])
    ],
    targets: [
        .target(name: "Steady"),
        .testTarget(name: "SteadyTests", dependencies: ["Steady"]),
    ],
    swiftLanguageModes: [.v6]
)

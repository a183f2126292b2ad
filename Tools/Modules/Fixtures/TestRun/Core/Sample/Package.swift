// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Sample",
    products: [
        .library(name: "Sample", targets: ["Sample"])
    ],
    targets: [
        .target(name: "Sample"),
        .testTarget(name: "SampleTests", dependencies: ["Sample"]),
    ],
    swiftLanguageModes: [.v6]
)

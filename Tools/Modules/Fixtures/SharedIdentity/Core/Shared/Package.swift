// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "CoreShared",
    products: [
        .library(name: "CoreShared", targets: ["CoreShared"])
    ],
    targets: [
        .target(name: "CoreShared")
    ],
    swiftLanguageModes: [.v6]
)

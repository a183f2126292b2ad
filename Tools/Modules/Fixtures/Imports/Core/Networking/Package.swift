// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Networking",
    products: [
        .library(name: "Networking", targets: ["Networking"])
    ],
    dependencies: [
        .package(path: "../Logging")
    ],
    targets: [
        .target(name: "Networking", dependencies: [.product(name: "Logging", package: "Logging")])
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Kit",
    products: [
        .library(name: "Kit", targets: ["Kit"])
    ],
    targets: [
        .target(name: "Kit")
    ],
    swiftLanguageModes: [.v6]
)

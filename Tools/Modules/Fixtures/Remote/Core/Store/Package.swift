// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Store",
    products: [.library(name: "Store", targets: ["Store"])],
    targets: [.target(name: "Store")],
    swiftLanguageModes: [.v6]
)

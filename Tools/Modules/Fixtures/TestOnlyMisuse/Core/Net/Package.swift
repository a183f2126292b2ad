// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Net",
    products: [
        .library(name: "Net", targets: ["Net"]),
        .library(name: "NetTestSupport", targets: ["NetTestSupport"]),
    ],
    targets: [
        .target(name: "Net"),
        .target(name: "NetTestSupport", dependencies: ["Net"]),
    ],
    swiftLanguageModes: [.v6]
)

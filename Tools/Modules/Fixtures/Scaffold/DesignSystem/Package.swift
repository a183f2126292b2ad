// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "DesignSystem",
    products: [
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "DesignSystem", targets: ["DesignSystem"]),
    ],
    targets: [
        .target(name: "TerminalUI"),
        .target(name: "DesignSystem", dependencies: ["TerminalUI"]),
    ],
    swiftLanguageModes: [.v6]
)

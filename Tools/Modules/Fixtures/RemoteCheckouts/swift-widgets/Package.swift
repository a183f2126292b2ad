// swift-tools-version:6.2
import PackageDescription

// Stands in for the checkout SwiftPM would make of the external package: one product, two modules.
let package = Package(
    name: "swift-widgets",
    products: [.library(name: "Widgets", targets: ["Widgets", "WidgetsCore"])],
    targets: [
        .target(name: "WidgetsCore"),
        .target(name: "Widgets", dependencies: ["WidgetsCore"]),
    ]
)

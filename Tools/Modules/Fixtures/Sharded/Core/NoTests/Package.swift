// swift-tools-version:6.2
import PackageDescription

// A package without a test target: `modules plan` and `test --affected` leave it out and say so.
let package = Package(
    name: "NoTests",
    products: [.library(name: "NoTests", targets: ["NoTests"])],
    targets: [.target(name: "NoTests")]
)

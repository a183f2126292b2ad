// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Small",
    products: [.library(name: "Small", targets: ["Small"])],
    targets: [.target(name: "Small"), .testTarget(name: "SmallTests", dependencies: ["Small"])]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Modules",
    products: [
        .executable(name: "modules", targets: ["modules"]),
        .library(name: "ModulesKit", targets: ["ModulesKit"]),
    ],
    targets: [
        // OpenSSL's libcrypto: SHA-256 for the shared cache's action keys and blob digests.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        .target(name: "ModulesKit", dependencies: ["CCrypto"]),
        .executableTarget(name: "modules", dependencies: ["ModulesKit"]),
        .testTarget(
            name: "ModulesKitTests",
            dependencies: ["ModulesKit"],
            resources: [.copy("Samples")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

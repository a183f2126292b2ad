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
        // libcurl: the shared cache's HTTP client (Bazel's HTTP remote-cache protocol).
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        .target(name: "ModulesKit", dependencies: ["CCrypto", "CCurl"]),
        .executableTarget(name: "modules", dependencies: ["ModulesKit"]),
        .testTarget(
            name: "ModulesKitTests",
            dependencies: ["ModulesKit"],
            resources: [.copy("Samples")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

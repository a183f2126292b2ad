// swift-tools-version:6.2
// Core/Networking: the one way features talk to the server. Endpoints, the API client (deadlines, retries with
// idempotency, authentication, error decoding), the live transports on libcurl (CCurl: Debian's libcurl4-openssl-dev), the shared JSON configuration and
// pagination values; `NetworkingTestSupport` holds the scripted transport and other doubles feature tests use.
// Depends on Core/Logging and Core/Primitives; the benchmark and tests also use Core/Models, and tests use
// Core/TestSupport. Tests import
// the benchmark's feed page DTOs and generator, so the benchmark always measures a page that decodes completely.
import PackageDescription

let package = Package(
    name: "Networking",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "NetworkingTestSupport", targets: ["NetworkingTestSupport"]),
    ],
    dependencies: [
        .package(path: "../Logging"),
        .package(path: "../Models"),
        .package(path: "../Primitives"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(
            name: "Networking",
            dependencies: [
                "CCurl",
                .product(name: "Logging", package: "Logging"),
                .product(name: "Primitives", package: "Primitives"),
            ]
        ),
        .target(
            name: "NetworkingTestSupport",
            dependencies: [
                "Networking",
                .product(name: "Logging", package: "Logging"),
                .product(name: "Primitives", package: "Primitives"),
            ]
        ),
        .executableTarget(
            name: "NetworkingBenchmarks",
            dependencies: ["Networking", .product(name: "Models", package: "Models")]
        ),
        .testTarget(
            name: "NetworkingTests",
            dependencies: [
                "Networking",
                "NetworkingTestSupport",
                "NetworkingBenchmarks",
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

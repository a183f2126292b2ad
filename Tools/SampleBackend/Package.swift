// swift-tools-version:6.2
// Tools/SampleBackend: `storefront-server`, the HTTP API of the app's contract (DESIGN.md, "API contract"), on
// libmicrohttpd through the `CMicroHTTPD` system library, with seeded SQLite data (Core/Persistence) and fault rules;
// the catalog's pictures are drawn and encoded through Core/Images.
// Tests also use Core/Networking's live transport, to check its revalidation against this server.
// The `SampleBackend` library runs the same server in-process for the App and for tests. May depend on Core only;
// only the App depends on it.
import PackageDescription

let package = Package(
    name: "SampleBackend",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SampleBackend", targets: ["SampleBackend"]),
        .executable(name: "storefront-server", targets: ["storefront-server"]),
    ],
    dependencies: [
        .package(path: "../../Core/Images"),
        .package(path: "../../Core/Logging"),
        .package(path: "../../Core/Models"),
        .package(path: "../../Core/Networking"),
        .package(path: "../../Core/Persistence"),
        .package(path: "../../Core/Primitives"),
        .package(path: "../../Core/TestSupport"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .target(
            name: "SampleBackend",
            dependencies: [
                "CMicroHTTPD",
                .product(name: "Images", package: "Images"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Models", package: "Models"),
                .product(name: "Persistence", package: "Persistence"),
                .product(name: "Primitives", package: "Primitives"),
            ]
        ),
        .executableTarget(
            name: "storefront-server",
            dependencies: [
                "SampleBackend",
                .product(name: "Logging", package: "Logging"),
            ]
        ),
        .testTarget(
            name: "SampleBackendTests",
            dependencies: [
                "SampleBackend",
                "storefront-server",
                .product(name: "Images", package: "Images"),
                .product(name: "Logging", package: "Logging"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TestSupport", package: "TestSupport"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

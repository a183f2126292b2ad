// swift-tools-version:6.2
// Core/Persistence: everything the app keeps on disk. SQLite through its C API (the `CSQLite` system library, the
// only one in the repo) with migrations, observation and the outbox; preferences, secrets, atomic files and the
// storage layout. Depends on Core/Logging and Core/Primitives; tests also use Core/TestSupport.
import PackageDescription

let package = Package(
    name: "Persistence",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "PersistenceTestSupport", targets: ["PersistenceTestSupport"]),
    ],
    dependencies: [
        .package(path: "../Logging"),
        .package(path: "../Primitives"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "Persistence",
            dependencies: [
                "CSQLite",
                .product(name: "Logging", package: "Logging"),
                .product(name: "Primitives", package: "Primitives"),
            ]
        ),
        .target(
            name: "PersistenceTestSupport",
            dependencies: ["Persistence", .product(name: "Logging", package: "Logging")]
        ),
        .executableTarget(
            name: "persistence-probe",
            dependencies: ["Persistence", .product(name: "Logging", package: "Logging")]
        ),
        .executableTarget(
            name: "PersistenceBenchmarks",
            dependencies: ["Persistence", .product(name: "Logging", package: "Logging")]
        ),
        .testTarget(
            name: "PersistenceTests",
            dependencies: [
                "Persistence",
                "PersistenceTestSupport",
                .product(name: "Logging", package: "Logging"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
// Features/Lists: shopping lists as package documents (`<name>.sflist/` directories) in a folder that a file-sync
// tool may replicate: the on-disk format, atomic and lock-coordinated writes, a three-way merge against the version a
// session loaded, and detection of sync-tool conflict copies. Uses only Foundation and Glibc; tests also use
// Core/TestSupport and the `lists-test-writer` helper executable (a second process, since file locks are per
// process).
import PackageDescription

let package = Package(
    name: "Lists",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Lists", targets: ["Lists"])
    ],
    dependencies: [
        .package(path: "../../Core/Primitives"),
        .package(path: "../../Core/TestSupport"),
    ],
    targets: [
        .target(name: "Lists", dependencies: [.product(name: "Primitives", package: "Primitives")]),
        .executableTarget(name: "lists-test-writer", dependencies: ["Lists"]),
        .testTarget(
            name: "ListsTests",
            dependencies: [
                "Lists",
                "lists-test-writer",
                .product(name: "TestSupport", package: "TestSupport"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

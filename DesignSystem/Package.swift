// swift-tools-version:6.2
// DesignSystem: the console UI layer. `TerminalUI` is the terminal runtime (raw mode, keys, frames, the view
// protocol); `DesignSystem` holds the tokens and components every screen is built from; `DesignSystemImages` draws
// pictures as terminal cells through libchafa (Debian libchafa-dev and libglib2.0-dev), in its own product so that
// packages without pictures do not link it. Nothing else in the repo writes escape codes. It depends only on
// Core/Primitives (the lock around the session's state, the JSON value of the theme file); terminfo comes from
// Debian's libncurses-dev.
import PackageDescription

let package = Package(
    name: "DesignSystem",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "DesignSystem", targets: ["DesignSystem"]),
        .library(name: "DesignSystemImages", targets: ["DesignSystemImages"]),
        // For test targets only (modules.json's `testOnlyProducts`): snapshots of rendered screens.
        .library(name: "SnapshotTestSupport", targets: ["SnapshotTestSupport"]),
        .executable(name: "gallery", targets: ["gallery"]),
    ],
    dependencies: [
        .package(path: "../Core/Primitives")
    ],
    targets: [
        // terminfo (ncurses' libtinfo) for what a terminal can do: whether it can address the cursor. No pkg-config:
        // its flags for tinfo are defines SwiftPM refuses, and the header and library are in the default paths.
        .systemLibrary(
            name: "CTerminfo",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        .target(
            name: "TerminalUI", dependencies: ["CTerminfo", .product(name: "Primitives", package: "Primitives")]),
        // Primitives' JSONValue reads the theme file (`ThemeFile`).
        .target(
            name: "DesignSystem",
            dependencies: ["TerminalUI", .product(name: "Primitives", package: "Primitives")]),
        // libchafa picks the symbols and colours of picture cells; its pkg-config brings glib's include paths.
        .systemLibrary(
            name: "CChafa",
            pkgConfig: "chafa",
            providers: [.apt(["libchafa-dev", "libglib2.0-dev"]), .brew(["chafa"])]
        ),
        .target(name: "DesignSystemImages", dependencies: ["CChafa", "TerminalUI"]),
        // Snapshot tests of screens: a rendering as a text grid and a style grid, checked against or recorded into
        // a `Snapshots` folder beside the test file (see README, "Snapshot tests"). Any package's tests may use it.
        .target(name: "SnapshotTestSupport", dependencies: ["TerminalUI"]),
        // The catalog of every component in its states: shown by `gallery`, snapshot-tested by DesignSystemTests.
        .target(name: "GalleryCatalog", dependencies: ["TerminalUI", "DesignSystem"]),
        .executableTarget(name: "gallery", dependencies: ["TerminalUI", "DesignSystem", "GalleryCatalog"]),
        // A small full-screen program the pseudo-terminal tests drive (see Tests/TerminalUITests).
        .executableTarget(name: "terminal-probe", dependencies: ["TerminalUI"]),
        // `make bench`: key bursts through the decoder and a text field, 1,000 against 10,000 keys.
        .executableTarget(name: "KeyBurstBenchmarks", dependencies: ["TerminalUI", "DesignSystem"]),
        // `make bench`: key → painted frame latency of a 10,000-row results screen through a pseudo-terminal, and a
        // storm of 1,000 resizes, against the same work done in memory.
        .executableTarget(
            name: "FrameLatencyBenchmarks",
            dependencies: ["TerminalUI", "DesignSystem", "GalleryCatalog", "TerminalTesting"]),
        // Runs a program under a pseudo-terminal and reads `stty -g` on it: for the tests and FrameLatencyBenchmarks.
        .target(name: "TerminalTesting", path: "Tests/TerminalTesting"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalTesting"]),
        .testTarget(name: "SnapshotTestSupportTests", dependencies: ["SnapshotTestSupport", "TerminalUI"]),
        .testTarget(name: "DesignSystemImagesTests", dependencies: ["DesignSystemImages", "TerminalUI"]),
        .testTarget(
            name: "DesignSystemTests",
            dependencies: ["TerminalUI", "DesignSystem", "GalleryCatalog", "TerminalTesting", "SnapshotTestSupport"],
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

// Tests only: what `modules test --retries`, the shared cache's run history and `quarantine` are shown on.
let package = Package(
    name: "Flaky",
    targets: [
        .testTarget(name: "FlakyTests")
    ],
    swiftLanguageModes: [.v6]
)

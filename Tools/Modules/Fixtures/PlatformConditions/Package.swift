// swift-tools-version:6.2
import PackageDescription

// No `platforms:`: its sources name Windows in `#elseif os(Windows)`, so they are read for Windows too. App uses
// Net on Linux only; Logging comes only through Net.
let package = Package(
    name: "PlatformConditions",
    targets: [
        .target(name: "Logging"),
        .target(name: "Net", dependencies: ["Logging"]),
        .target(name: "WinSupport"),
        .executableTarget(
            name: "App",
            dependencies: [
                .target(name: "Net", condition: .when(platforms: [.linux])),
                "WinSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

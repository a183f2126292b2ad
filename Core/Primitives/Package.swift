// swift-tools-version:6.2
// Core/Primitives: the small values every package needs and none should copy: a lock-protected value (`Locked`), a
// broadcaster of values to several async streams (`Broadcast`), a JSON value (`JSONValue`) and proleptic Gregorian
// civil-date arithmetic with RFC 3339 pieces (`CivilDate`, `UTCDateTime`). The one leaf every package of the repo may depend on, Logging, Models and TestSupport included; it
// depends on nothing in the repo and uses only Foundation.
import PackageDescription

let package = Package(
    name: "Primitives",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Primitives", targets: ["Primitives"])
    ],
    targets: [
        .target(name: "Primitives"),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"]),
    ],
    swiftLanguageModes: [.v6]
)

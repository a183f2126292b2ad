// swift-tools-version:6.2
// Core/Images: loading pictures for the terminal. Streaming JPEG (libjpeg-turbo, scaled DCT decoding) and PNG
// (libpng, rows reduced as they are read) decoders that never build a full-size bitmap for a thumbnail, encoders the
// sample backend draws its pictures with, a memory cache of decoded images, a disk cache of the original bytes with
// ETag revalidation, and a loader that coalesces, caps and cancels downloads. The only package that declares the
// `CJPEG` and `CPNG` system libraries. Depends on Core/Networking (the transport seam) and Core/Primitives; tests
// also use Core/TestSupport and Networking's scripted transport.
import PackageDescription

let package = Package(
    name: "Images",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Images", targets: ["Images"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../Primitives"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .target(name: "CImageCodecs", dependencies: ["CJPEG", "CPNG"]),
        .target(
            name: "Images",
            dependencies: [
                "CImageCodecs",
                .product(name: "Networking", package: "Networking"),
                .product(name: "Primitives", package: "Primitives"),
            ]
        ),
        .executableTarget(
            name: "ImagesBenchmarks",
            dependencies: [
                "Images",
                .product(name: "Networking", package: "Networking"),
                .product(name: "Primitives", package: "Primitives"),
            ]
        ),
        .testTarget(
            name: "ImagesTests",
            dependencies: [
                "Images",
                .product(name: "Networking", package: "Networking"),
                .product(name: "NetworkingTestSupport", package: "Networking"),
                .product(name: "Primitives", package: "Primitives"),
                .product(name: "TestSupport", package: "TestSupport"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

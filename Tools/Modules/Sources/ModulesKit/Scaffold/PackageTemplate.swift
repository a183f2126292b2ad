/// The repository packages a new package can use, found in the repository itself (so the scaffold follows what
/// the repository has, not a list kept elsewhere). Each is the repository path of the package declaring the
/// product, or `nil` when no package does.
struct ScaffoldDependencies: Equatable {
    /// The package of the `Models` product (Core/Models).
    var modelsPackage: String?
    /// The package of the `Networking` product (Core/Networking).
    var networkingPackage: String?
    /// The package of the `DesignSystem` and `TerminalUI` products (DesignSystem).
    var designSystemPackage: String?

    var models: Bool { modelsPackage != nil }
    var networking: Bool { networkingPackage != nil }
    var designSystem: Bool { designSystemPackage != nil }

    /// Looks the products up in `scan`.
    init(scan: RepositoryScan) {
        func package(declaring products: [String]) -> String? {
            scan.packages.first { package in
                products.allSatisfy { name in package.manifest.products.contains { $0.name == name } }
            }?.path
        }
        modelsPackage = package(declaring: ["Models"])
        networkingPackage = package(declaring: ["Networking"])
        designSystemPackage = package(declaring: ["DesignSystem", "TerminalUI"])
    }

    init(modelsPackage: String? = nil, networkingPackage: String? = nil, designSystemPackage: String? = nil) {
        self.modelsPackage = modelsPackage
        self.networkingPackage = networkingPackage
        self.designSystemPackage = designSystemPackage
    }

    /// `(package path, product names)` in manifest order.
    var used: [(String, [String])] {
        [
            modelsPackage.map { ($0, ["Models"]) }, networkingPackage.map { ($0, ["Networking"]) },
            designSystemPackage.map { ($0, ["TerminalUI", "DesignSystem"]) },
        ].compactMap { $0 }
    }
}

/// The manifest and tests of a new feature package, and the whole of a new core package.
struct PackageTemplate {
    let name: String
    /// The new package's repository path (`Features/Wishlist`).
    let packagePath: String

    /// `../../Core/Models` from the new package to `other`.
    func relativePath(to other: String) -> String {
        let depth = packagePath.split(separator: "/").count
        return String(repeating: "../", count: depth) + other
    }

    /// The manifest of a feature package using `dependencies`, with a test target holding `Fixtures/`.
    func featureManifest(_ dependencies: ScaffoldDependencies) -> String {
        let used = dependencies.used
        let names = used.flatMap(\.1).filter { $0 != "TerminalUI" }
        let packages = used.map { "        .package(path: \"\(relativePath(to: $0.0))\")," }
        let products = used.flatMap { package, products in
            products.map { "                .product(name: \"\($0)\", package: \"\(packageName(of: package))\")," }
        }
        let dependencyBlock =
            packages.isEmpty
            ? "    dependencies: []," : "    dependencies: [\n\(packages.joined(separator: "\n"))\n    ],"
        let target =
            products.isEmpty
            ? "        .target(name: \"\(name)\"),"
            : """
                    .target(
                        name: "\(name)",
                        dependencies: [
            \(products.joined(separator: "\n"))
                        ]
                    ),
            """
        return """
            // swift-tools-version:6.2
            // \(packagePath): the \(name) feature\(names.isEmpty ? "" : ". Depends on \(names.joined(separator: ", "))").
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v15)],
                products: [
                    .library(name: "\(name)", targets: ["\(name)"])
                ],
            \(dependencyBlock)
                targets: [
            \(target)
                    .testTarget(
                        name: "\(name)Tests",
                        dependencies: ["\(name)"],
                        resources: [.copy("Fixtures")]
                    ),
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    /// The package name SwiftPM matches `.product(package:)` against: the directory name.
    private func packageName(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The feature's tests: the Feature over a scripted repository, and the DTOs over a captured fixture.
    func featureTests(_ template: FeatureTemplate) -> [(String, String)] {
        let feature = """
            import Testing

            @testable import \(name)

            /// A repository that gives, call after call, the answers a test scripts.
            private actor Scripted\(name)Repository: \(name)Repository {
                private var answers: [Result<[\(name)Item], any Error>]

                init(_ answers: [Result<[\(name)Item], any Error>]) {
                    self.answers = answers
                }

                func items() async throws -> [\(name)Item] {
                    guard !answers.isEmpty else { throw ScriptedFailure() }
                    return try answers.removeFirst().get()
                }
            }

            private struct ScriptedFailure: Error {}

            @MainActor
            @Suite struct \(name)FeatureTests {
                private func lamp() throws -> \(name)Item {
                    try #require(\(name)Item(dto: \(name)ItemDTO(productId: "sku_1", title: "Lamp")))
                }

                @Test func aRefreshLoadsTheItems() async throws {
                    let item = try lamp()
                    let feature = \(name)Feature(repository: Scripted\(name)Repository([.success([item])]))
                    await feature.refresh()
                    #expect(feature.items == [item])
                    #expect(feature.hasLoaded)
                    #expect(feature.error == nil)
                    #expect(\(name)ViewModel(feature: feature).content == .items(["Lamp"]))
                }

                @Test func aFailedRefreshKeepsTheLastItems() async throws {
                    let item = try lamp()
                    let feature = \(name)Feature(
                        repository: Scripted\(name)Repository([.success([item]), .failure(ScriptedFailure())]))
                    await feature.refresh()
                    await feature.refresh()
                    #expect(feature.items == [item])
                    #expect(feature.error != nil)
                }

                @Test func neverLoadedIsNotLoadedEmpty() async {
                    let feature = \(name)Feature(repository: Scripted\(name)Repository([.success([])]))
                    #expect(\(name)ViewModel(feature: feature).content == .loading)
                    await feature.refresh()
                    #expect(\(name)ViewModel(feature: feature).content == .empty)
                }
            }

            """
        let decoding = """
            import Foundation
            import Testing

            @testable import \(name)

            @Suite struct \(name)DecodingTests {
                @Test func aPageKeepsEveryValidItemAndDropsBrokenOnes() throws {
                    let url = try #require(
                        Bundle.module.url(forResource: "\(template.path)-page", withExtension: "json", subdirectory: "Fixtures"))
                    let page = try JSONDecoder().decode(\(name)PageDTO.self, from: Data(contentsOf: url))
                    #expect(page.items.count == 3)
                    #expect(page.items.compactMap(\(name)Item.init(dto:)).map(\\.title) == ["Lamp", "Desk"])
                }
            }

            """
        let fixture = """
            {
              "items": [
                {"product_id": "sku_1", "title": "Lamp"},
                {"product_id": "sku_2"},
                {"product_id": "sku_3", "title": "Desk", "added_at": "2026-01-02T03:04:05.123Z"}
              ]
            }

            """
        return [
            ("Tests/\(name)Tests/\(name)FeatureTests.swift", feature),
            ("Tests/\(name)Tests/\(name)DecodingTests.swift", decoding),
            ("Tests/\(name)Tests/Fixtures/\(template.path)-page.json", fixture),
        ]
    }

    /// A core package: a library with no dependency, and its test.
    /// A library with no dependency and its test; `summary` says what it is (in the manifest and the source).
    func libraryFiles(summary: String) -> [(String, String)] {
        let manifest = """
            // swift-tools-version:6.2
            // \(packagePath): \(summary)
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v15)],
                products: [
                    .library(name: "\(name)", targets: ["\(name)"])
                ],
                targets: [
                    .target(name: "\(name)"),
                    .testTarget(name: "\(name)Tests", dependencies: ["\(name)"]),
                ],
                swiftLanguageModes: [.v6]
            )

            """
        let source = """
            /// \(name): \(summary)
            public enum \(name) {
                /// The module's name, as logs and errors name it.
                public static let moduleName = "\(name)"
            }

            """
        let test = """
            import Testing

            @testable import \(name)

            @Test func namesTheModule() {
                #expect(\(name).moduleName == "\(name)")
            }

            """
        return [
            ("Package.swift", manifest), ("Sources/\(name)/\(name).swift", source),
            ("Tests/\(name)Tests/\(name)Tests.swift", test),
        ]
    }
}

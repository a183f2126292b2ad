import Foundation
import Testing

@testable import ModulesKit

/// `modules new feature` in a repository built on contract v2 of the feature entry: the package it writes and the
/// three lines it adds to the App's registration (`AppEntries.all` and the root manifest's `features`).
@Suite(.timeLimit(.minutes(10))) struct EntryScaffoldTests {
    private static let manifest = """
        // swift-tools-version:6.2
        import PackageDescription

        let features = [
            "Account",
            "Feed",
        ]

        let package = Package(name: "Shop")

        """

    private static let registry = """
        import Account
        import FeatureKit
        import Feed

        @MainActor
        public enum AppEntries {
            /// Every entry.
            // swift-format-ignore
            public static let all: [any FeatureEntry.Type] = [
                FeedEntry.self,
            ]

            public static func descriptors(_ entries: [any FeatureEntry.Type] = all) -> [FeatureDescriptor] {
                entries.map { $0.descriptor }
            }
        }

        """

    private func makeRepository(in directory: URL) throws -> URL {
        let sources = directory.appending(path: "App/Sources/ShopApp")
        try FileManager().createDirectory(at: sources, withIntermediateDirectories: true)
        try Data(Self.manifest.utf8).write(to: directory.appending(path: "Package.swift"))
        try Data(Self.registry.utf8).write(to: sources.appending(path: "AppEntries.swift"))
        // A nested package's sources are never taken for the App's.
        let nested = directory.appending(path: "Features/Feed/Sources/Feed")
        try FileManager().createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.2\n".utf8).write(
            to: directory.appending(path: "Features/Feed/Package.swift"))
        try Data("let decoy = \"static let all: [any FeatureEntry.Type] = [\"\n".utf8).write(
            to: nested.appending(path: "Decoy.swift"))
        return directory
    }

    @Test func theFeatureIsRegisteredWithThreeAddedLines() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory)
            let registration = try #require(EntryRegistration.find(in: repo))
            #expect(registration.registryPath == "App/Sources/ShopApp/AppEntries.swift")
            #expect(try registration.add("Wishlist", in: repo) == ["Package.swift", registration.registryPath])

            let manifest = try String(contentsOf: repo.appending(path: "Package.swift"), encoding: .utf8)
            #expect(
                manifest
                    == Self.manifest.replacingOccurrences(
                        of: "    \"Feed\",\n", with: "    \"Feed\",\n    \"Wishlist\",\n"))
            let registry = try String(contentsOf: repo.appending(path: registration.registryPath), encoding: .utf8)
            #expect(
                registry
                    == Self.registry
                    .replacingOccurrences(of: "import Feed\n", with: "import Feed\nimport Wishlist\n")
                    .replacingOccurrences(
                        of: "        FeedEntry.self,\n", with: "        FeedEntry.self,\n        WishlistEntry.self,\n")
            )
        }
    }

    @Test func aFeatureListedAlreadyIsRefusedAndNothingIsWritten() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory)
            let registration = try #require(EntryRegistration.find(in: repo))
            #expect(throws: CommandFailure.self) { try registration.add("Feed", in: repo) }
            let manifest = try String(contentsOf: repo.appending(path: "Package.swift"), encoding: .utf8)
            #expect(manifest == Self.manifest)
            let registry = try String(contentsOf: repo.appending(path: registration.registryPath), encoding: .utf8)
            #expect(registry == Self.registry)
        }
    }

    @Test func aRepositoryWithoutTheListsIsNotTakenForOne() async throws {
        try await withTemporaryDirectory { directory in
            try Data("let package = Package(name: \"X\")\n".utf8).write(to: directory.appending(path: "Package.swift"))
            #expect(EntryRegistration.find(in: directory) == nil)
        }
    }

    /// The first contract's list is no longer where a feature is registered: an App still on it is refused, so the
    /// scaffold never adds an entry of contract v2 to a list of the first contract's type.
    @Test func anAppWithTheFirstContractsListIsNotTakenForOne() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory)
            let old = Self.registry.replacingOccurrences(
                of: "public static let all: [any FeatureEntry.Type] = [",
                with: "public static let scoped: [any ScopedFeatureEntry.Type] = [")
            try Data(old.utf8).write(to: repo.appending(path: "App/Sources/ShopApp/AppEntries.swift"))
            #expect(EntryRegistration.find(in: repo) == nil)
        }
    }

    /// The products of the template, in this repository's layout.
    private static let products = EntryFeatureTemplate.Products(
        logging: "Core/Logging", models: "Core/Models", persistence: "Core/Persistence", designSystem: "DesignSystem",
        featureKit: "FeatureKit")

    @Test func theTemplateNamesItsTablesRoutesAndCommandsAfterTheFeature() {
        let template = EntryFeatureTemplate(
            name: "OrderHistory", packagePath: "Features/OrderHistory",
            products: Self.products)
        #expect(template.prefix == "order_history_")
        #expect(template.lower == "orderhistory")
        let files = Dictionary(uniqueKeysWithValues: template.files)
        let entry = files["Sources/OrderHistory/Entry/OrderHistoryEntry.swift"] ?? ""
        #expect(entry.contains("screen: \"orderhistory\""))
        #expect(entry.contains("[\"orderhistory\", \"add\"]"))
        #expect(!template.files.map(\.1).joined().contains("__"))
        // Contract v2: a destination type, handlers carried by the specs, no dispatch by name, no tab unless asked.
        #expect(entry.contains("public final class OrderHistoryEntry: FeatureEntry {"))
        #expect(entry.contains("public enum OrderHistoryDestination: EntryDestination {"))
        #expect(entry.contains("run: .on(OrderHistoryEntry.self)"))
        #expect(!entry.contains("ScopedFeatureEntry") && !entry.contains("spec.name"))
        #expect(!entry.contains("EntryTab(") && !entry.contains("var badge"))
        let viewModel = files["Sources/OrderHistory/Screens/OrderHistoryViewModel.swift"] ?? ""
        #expect(viewModel.components(separatedBy: "public func ").count == 2, "one public method: send(_:)")
        #expect(viewModel.contains("public func send(_ intent: Intent) -> IntentOutcome"))
        let folders = Set(
            template.files.map(\.0).compactMap { path -> String? in
                let parts = path.split(separator: "/")
                return parts.count == 4 && parts[0] == "Sources" ? String(parts[2]) : nil
            })
        #expect(folders == ["Domain", "Data", "Screens", "Entry"])
        let manifest = files["Package.swift"] ?? ""
        #expect(manifest.contains(".package(path: \"../../FeatureKit\")"))
        #expect(manifest.contains(".product(name: \"PersistenceTestSupport\", package: \"Persistence\")"))
    }

    @Test func withATabTheEntryDeclaresItsTabAndBadgeAndTestsThem() {
        let template = EntryFeatureTemplate(
            name: "Wishlist", packagePath: "Features/Wishlist",
            products: Self.products,
            tab: true)
        let files = Dictionary(uniqueKeysWithValues: template.files)
        let entry = files["Sources/Wishlist/Entry/WishlistEntry.swift"] ?? ""
        #expect(
            entry.contains(
                "        migrations: [WishlistStorage.migrations],\n        tab: EntryTab(title: \"Wishlist\", "
                    + "key: \"wishlist\", order: 100, root: listPattern.route()))\n"))
        #expect(entry.contains("    public var badge: String? {\n"))
        #expect(entry.contains("    }\n\n    /// The list screen"))
        let tests = files["Tests/WishlistTests/WishlistEntryTests.swift"] ?? ""
        #expect(tests.contains("#expect(descriptor.tab?.key == \"wishlist\")"))
        #expect(files["README.md"]?.contains("`swift test --package-path Features/Wishlist`") == true)
        #expect(files["README.md"]?.contains("its tab (`EntryTab`, order 100)") == true)
        #expect(!template.files.map(\.1).joined().contains("__"))
    }

    /// A repository on contract v2 with stand-ins of the products the template uses (each a library of one empty
    /// target), the root manifest's `features` list and the App's `AppEntries.all`; without `preview`, FeatureKit
    /// declares no `FeaturePreview` (nor its test support).
    private func makeContractRepository(in directory: URL, preview: Bool = true) throws -> URL {
        func write(_ text: String, _ path: String) throws {
            let url = directory.appending(path: path)
            try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let standIns = [
            ("Core/Logging", ["Logging"]), ("Core/Models", ["Models"]),
            ("Core/Persistence", ["Persistence", "PersistenceTestSupport"]),
            ("DesignSystem", ["DesignSystem", "TerminalUI"]),
            ("FeatureKit", ["FeatureKit"] + (preview ? ["FeaturePreview", "FeaturePreviewTestSupport"] : [])),
        ]
        for (path, products) in standIns {
            let libraries = products.map { ".library(name: \"\($0)\", targets: [\"\($0)\"])" }
            let targets = products.map { ".target(name: \"\($0)\")" }
            try write(
                """
                // swift-tools-version:6.2
                import PackageDescription

                let package = Package(
                    name: "\(path.split(separator: "/").last ?? "")",
                    products: [\(libraries.joined(separator: ", "))],
                    targets: [\(targets.joined(separator: ", "))]
                )

                """, "\(path)/Package.swift")
            for product in products {
                try write(
                    "public let \(product.lowercased())Name = \"\(product)\"\n",
                    "\(path)/Sources/\(product)/\(product).swift")
            }
        }
        try write(
            """
            // swift-tools-version:6.2
            import PackageDescription

            let features = [
                "Feed",
            ]

            let package = Package(name: "Shop", targets: [.target(name: "ShopApp", path: "App/Sources/ShopApp")])

            """, "Package.swift")
        try write(Self.registry, "App/Sources/ShopApp/AppEntries.swift")
        try write(#"{"scaffold": {"featureTemplate": "feature-entry"}}"#, "modules.json")
        return directory
    }

    @Test func newFeatureWithATabWritesTheSkeletonAndRegistersItInThreeLines() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeContractRepository(in: directory.appending(path: "repo"))
            let run = await runModules(
                ["new", "feature", "Wishlist", "--tab", "--no-lint", "--json", "--repo", repo.path], in: repo,
                runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
            let result = try jsonObject(run.output)
            #expect(result["edited"] as? [String] == ["Package.swift", "App/Sources/ShopApp/AppEntries.swift"])
            #expect(
                result["dependencies"] as? [String]
                    == ["Core/Logging", "Core/Models", "Core/Persistence", "DesignSystem", "FeatureKit"])
            let created = result["created"] as? [String] ?? []
            for part in [
                "Domain/WishlistItem", "Data/WishlistRepository", "Screens/WishlistViewModel", "Entry/WishlistEntry",
            ] {
                #expect(created.contains("Features/Wishlist/Sources/Wishlist/\(part).swift"), "\(part)")
            }
            for file in [
                "Sources/WishlistPreview/WishlistPreview.swift",
                "Sources/WishlistPreviewCatalog/WishlistPreviews.swift",
                "Tests/WishlistTests/PreviewTests.swift",
            ] {
                #expect(created.contains("Features/Wishlist/\(file)"), "\(file)")
            }
            let entry = try String(
                contentsOf: repo.appending(path: "Features/Wishlist/Sources/Wishlist/Entry/WishlistEntry.swift"),
                encoding: .utf8)
            #expect(entry.contains("tab: EntryTab(title: \"Wishlist\""))
            let registry = try String(
                contentsOf: repo.appending(path: "App/Sources/ShopApp/AppEntries.swift"), encoding: .utf8)
            #expect(
                registry
                    == Self.registry.replacingOccurrences(of: "import Feed\n", with: "import Feed\nimport Wishlist\n")
                    .replacingOccurrences(
                        of: "        FeedEntry.self,\n", with: "        FeedEntry.self,\n        WishlistEntry.self,\n")
            )

            let swiftFiles = created.filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Package.swift") }
            let parse = try await liveRunner(directory).run(
                ProcessInvocation(
                    executable: liveToolchain.swiftc,
                    arguments: ["-frontend", "-parse", "-swift-version", "6"]
                        + swiftFiles.map { repo.appending(path: $0).path }))
            #expect(parse.succeeded, "\(parse.standardErrorText)")

            // A second time, the name is taken: nothing more is written.
            let again = await runModules(
                ["new", "feature", "Wishlist", "--no-lint", "--repo", repo.path], in: repo,
                runner: liveRunner(directory))
            #expect(again.status == 1)
            #expect(
                try String(contentsOf: repo.appending(path: "App/Sources/ShopApp/AppEntries.swift"), encoding: .utf8)
                    == registry)
        }
    }

    @Test func aRepositoryWhoseFeatureKitHasNoPreviewIsRefusedBeforeAnythingIsWritten() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeContractRepository(in: directory.appending(path: "repo"), preview: false)
            let run = await runModules(
                ["new", "feature", "Wishlist", "--no-lint", "--repo", repo.path], in: repo,
                runner: liveRunner(directory))
            #expect(run.status == 1)
            #expect(run.errorOutput.contains("FeaturePreview, FeaturePreviewTestSupport"), "\(run.errorOutput)")
            #expect(!FileManager().fileExists(atPath: repo.appending(path: "Features/Wishlist").path))
            let registry = try String(
                contentsOf: repo.appending(path: "App/Sources/ShopApp/AppEntries.swift"), encoding: .utf8)
            #expect(registry == Self.registry)
        }
    }

    @Test func theFeatureHasAPreviewExecutableOfItsScreenInItsStatesAndItsTests() {
        let template = EntryFeatureTemplate(
            name: "Wishlist", packagePath: "Features/Wishlist",
            products: Self.products)
        let files = Dictionary(uniqueKeysWithValues: template.files)
        let main = files["Sources/WishlistPreview/WishlistPreview.swift"] ?? ""
        #expect(main.contains("@main\nenum WishlistPreview {"))
        #expect(main.contains("await PreviewHost.main(WishlistPreviews.catalog)"))
        #expect(main.contains("swift run --package-path\n/// Features/Wishlist WishlistPreview"))
        let catalog = files["Sources/WishlistPreviewCatalog/WishlistPreviews.swift"] ?? ""
        #expect(catalog.contains("PreviewCatalog(feature: \"Wishlist\", screens: [list])"))
        #expect(catalog.contains("routes: [WishlistEntry.listPattern]"))
        for state in ["loaded", "empty", "error"] {
            #expect(catalog.contains("PreviewState(\"\(state)\")"), "\(state)")
        }
        #expect(catalog.contains("location: .inMemory"))
        #expect(catalog.contains("LiveWishlistRepository(database: database)"))
        #expect(catalog.contains("struct FailingRepository: WishlistRepository"))
        let tests = files["Tests/WishlistTests/PreviewTests.swift"] ?? ""
        #expect(tests.contains("catalog.uncoveredRoutes(of: WishlistDestination.patterns).isEmpty"))
        #expect(tests.contains("PreviewCatalogCheck.problems(in: catalog) == []"))
        #expect(tests.contains("executable: \"WishlistPreview\", catalog: catalog, opening: \"Wishlist/loaded\""))
        #expect(tests.contains(".timeLimit("))
        let manifest = files["Package.swift"] ?? ""
        #expect(manifest.contains(".executable(name: \"WishlistPreview\", targets: [\"WishlistPreview\"]),"))
        #expect(manifest.contains(".executableTarget(\n            name: \"WishlistPreview\","))
        #expect(manifest.contains(".target(\n            name: \"WishlistPreviewCatalog\","))
        #expect(
            manifest.contains(
                "            name: \"WishlistTests\",\n            dependencies: [\n                \"Wishlist\",\n"
                    + "                \"WishlistPreview\",\n                \"WishlistPreviewCatalog\",\n"
                    + "                .product(name: \"FeaturePreviewTestSupport\", package: \"FeatureKit\"),\n"))
        #expect(files["README.md"]?.contains("`swift run --package-path Features/Wishlist WishlistPreview`") == true)
        #expect(!template.files.map(\.1).joined().contains("__"))
    }

    @Test func aNameThatIsAlreadyAScreenOrACommandIsRefused() async throws {
        try await withTemporaryDirectory { directory in
            let entry = directory.appending(path: "Features/Checkout/Sources/Checkout/Entry")
            try FileManager().createDirectory(at: entry, withIntermediateDirectories: true)
            try Data(
                """
                let cart = RoutePattern(feature: name, screen: "cart", summary: "the cart")
                let specs = [CommandSpec(["orders", "list"], help: "Your orders.")]
                """.utf8
            ).write(to: entry.appending(path: "CheckoutEntry.swift"))
            for taken in ["cart", "orders", "help", "open"] {
                #expect(throws: CommandFailure.self, "\(taken)") {
                    try EntryRegistration.checkWordIsFree(taken, in: directory)
                }
            }
            try EntryRegistration.checkWordIsFree("wishlist", in: directory)
        }
    }

    @Test func preparedEditsWriteNothingUntilApplied() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory)
            let registration = try #require(EntryRegistration.find(in: repo))
            let edits = try registration.prepare("Wishlist", in: repo)
            let manifest = try String(contentsOf: repo.appending(path: "Package.swift"), encoding: .utf8)
            #expect(manifest == Self.manifest)
            #expect(try edits.apply(in: repo) == ["Package.swift", registration.registryPath])
            let applied = try String(contentsOf: repo.appending(path: "Package.swift"), encoding: .utf8)
            #expect(applied.contains("    \"Wishlist\",\n"))
        }
    }
}

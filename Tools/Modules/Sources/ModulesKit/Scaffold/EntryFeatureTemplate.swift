/// A new feature package on contract v2 of the feature entry (FeatureKit's README), in the house skeleton
/// (`Domain/`, `Data/`, `Screens/`, `Entry/`): a local SQLite repository (the feature works with no server route),
/// the `@MainActor @Observable` Feature, a view model with one `send(_:)` and its console view, the entry: its
/// `Destination` (`storefront://<name>`, parsed and printed by the destination alone), its commands each with its
/// handler, its tables, and with `tab` a tab and a badge (the item count); and the preview executable
/// `<Name>Preview` (FeatureKit's `FeaturePreview`): the screen loaded, empty and failed over an in-memory database,
/// with its tests (every route in the catalog, every state drawn, the built binary run in tmux). Used where the repository has the entry
/// contract (a package with the `FeatureKit` product) and the App lists entries where ``EntryRegistration`` finds
/// them; the generated code compiles against the products it uses.
///
/// The generated Swift is kept as text with `__NAME__` (the type name, `Wishlist`), `__LOWER__` (`wishlist`, the
/// route, the command and the log label) and `__PREFIX__` (`wishlist_`, the table prefix) placeholders, so it reads
/// like the code it becomes; `__TAB__`, `__BADGE__` and `__TABTEST__` are the tab's declaration, the badge and
/// their test, or nothing.
struct EntryFeatureTemplate {
    /// The template's name in `scaffold.featureTemplate` of `modules.json`.
    static let id = "feature-entry"
    /// The products the generated package uses (the packages declaring them are found in the repository).
    static let requiredProducts = [
        "Logging", "Models", "Persistence", "PersistenceTestSupport", "DesignSystem", "TerminalUI", "FeatureKit",
        "FeaturePreview", "FeaturePreviewTestSupport",
    ]

    /// The products the generated package uses, by the package that declares each (repository paths).
    struct Products: Equatable {
        var logging: String
        var models: String
        var persistence: String
        var designSystem: String
        var featureKit: String
    }

    let name: String
    let packagePath: String
    let products: Products
    /// Whether the entry declares a tab (after the repository's, `order` 100) and a badge.
    var tab = false

    /// `OrderHistory` → `orderhistory`: the screen name, command word and deep link (`storefront://orderhistory`).
    var lower: String { name.lowercased() }

    /// `OrderHistory` → `order_history_`: the table prefix.
    var prefix: String {
        var text = ""
        for character in name {
            if character.isUppercase, !text.isEmpty { text += "_" }
            text += character.lowercased()
        }
        return text + "_"
    }

    /// The products a repository needs for this template, or nil when one is missing.
    static func products(in scan: RepositoryScan) -> Products? {
        func package(declaring product: String) -> String? {
            scan.packages.first { package in package.manifest.products.contains { $0.name == product } }?.path
        }
        guard let logging = package(declaring: "Logging"), let models = package(declaring: "Models"),
            let persistence = package(declaring: "Persistence"),
            package(declaring: "PersistenceTestSupport") == persistence,
            let designSystem = package(declaring: "DesignSystem"), package(declaring: "TerminalUI") == designSystem,
            let featureKit = package(declaring: "FeatureKit"), package(declaring: "FeaturePreview") == featureKit,
            package(declaring: "FeaturePreviewTestSupport") == featureKit
        else { return nil }
        return Products(
            logging: logging, models: models, persistence: persistence, designSystem: designSystem,
            featureKit: featureKit)
    }

    /// Relative path (inside the package) → contents.
    var files: [(String, String)] {
        [
            ("Package.swift", manifest),
            ("README.md", fillPath(fillTab(Self.readme))),
            ("Sources/\(name)/Domain/\(name)Item.swift", fill(Self.item)),
            ("Sources/\(name)/Data/\(name)Storage.swift", fill(Self.storage)),
            ("Sources/\(name)/Data/\(name)Repository.swift", fill(Self.repository)),
            ("Sources/\(name)/\(name)Feature.swift", fill(Self.feature)),
            ("Sources/\(name)/Screens/\(name)ViewModel.swift", fill(Self.viewModel)),
            ("Sources/\(name)/Screens/\(name)View.swift", fill(Self.view)),
            ("Sources/\(name)/Entry/\(name)Entry.swift", fill(fillTab(Self.entry))),
            ("Tests/\(name)Tests/\(name)FeatureTests.swift", fill(Self.featureTests)),
            ("Tests/\(name)Tests/\(name)EntryTests.swift", fill(fillTab(Self.entryTests))),
            ("Sources/\(name)Preview/\(name)Preview.swift", fillPath(Self.previewMain)),
            ("Sources/\(name)PreviewCatalog/\(name)Previews.swift", fill(Self.previewCatalog)),
            ("Tests/\(name)Tests/PreviewTests.swift", fill(Self.previewTests)),
        ]
    }

    /// The repository packages the new package depends on.
    var dependencies: [String] {
        [products.logging, products.models, products.persistence, products.designSystem, products.featureKit]
    }

    /// The package's README, with the template's placeholders.
    static let readme = """
        # __NAME__

        A feature package on contract v2 of the feature entry (FeatureKit's README): products kept on the __NAME__
        list with a note, in the account database (tables under `__PREFIX__`), so it works with no server route.

        ## Plugged in

        `__NAME__Entry` is listed in `AppEntries.all` of the App and its name in `features` of the root manifest. It
        owns the screen `storefront://__LOWER__` (`__NAME__Destination`) and the commands `__LOWER__ list`,
        `__LOWER__ add ID [--note TEXT]` and `__LOWER__ remove ITEM`, each carrying its handler__READMETAB__.

        ## Layout

        `Domain/` the item; `Data/` its storage (migrations) and the SQLite repository; `__NAME__Feature` the owner of
        the items; `Screens/` the view model (one `send(_:)`) and the view; `Entry/` the entry.
        `Sources/__NAME__Preview` is the preview executable and `Sources/__NAME__PreviewCatalog` the catalog it shows.

        ## Preview

        `swift run --package-path __PATH__ __NAME__Preview` opens the screen full-screen, offline, with a menu of
        its states: loaded (sample items), empty, and the error of a store that cannot be read, each over an
        in-memory database. `--list` prints the menu; `--open "__NAME__/loaded"` starts on one state.

        ## Tests

        `swift test --package-path __PATH__`: the feature over an in-memory database, the entry's descriptor
        and deep links, the screen's intents and keys, and the preview (`PreviewTests`: every route in the catalog,
        every state drawn, the built `__NAME__Preview` run in tmux).

        """

    // MARK: - Private

    /// `fill`, and `__PATH__` the package's repository path.
    private func fillPath(_ text: String) -> String {
        fill(text).replacingOccurrences(of: "__PATH__", with: packagePath)
    }

    private func fill(_ text: String) -> String {
        text.replacingOccurrences(of: "__NAME__", with: name)
            .replacingOccurrences(of: "__LOWER__", with: lower)
            .replacingOccurrences(of: "__PREFIX__", with: prefix)
    }

    /// The tab's declaration in the descriptor, its badge and their test, each empty without `tab`.
    private func fillTab(_ text: String) -> String {
        let declaration = """
            ,
                    tab: EntryTab(title: "__NAME__", key: "__LOWER__", order: 100, root: listPattern.route())
            """
        let badge = """

                /// The tab's badge: how many items there are, or nothing when there are none.
                public var badge: String? {
                    feature.items.isEmpty ? nil : "\\(feature.items.count)"
                }


            """
        let test = """
                    #expect(descriptor.tab?.key == "__LOWER__")
                    #expect(descriptor.tab?.isRoot(__NAME__Destination.list.route) == true)

            """
        let readmeTab = "; its tab (`EntryTab`, order 100) shows the item count as its badge"
        return text.replacingOccurrences(of: "__TAB__", with: tab ? declaration : "")
            .replacingOccurrences(of: "__READMETAB__", with: tab ? readmeTab : "")
            .replacingOccurrences(of: "__BADGE__\n", with: tab ? badge : "\n")
            .replacingOccurrences(of: "__TABTEST__", with: tab ? test : "")
    }

    private func relative(_ path: String) -> String {
        let depth = packagePath.split(separator: "/").count
        let up = String(repeating: "../", count: depth)
        return path == "." ? String(up.dropLast()) : up + path
    }

    private func identity(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    private var manifest: String {
        let packages = [
            products.logging, products.models, products.persistence, products.designSystem, products.featureKit,
        ]
        let packageLines = packages.map { "        .package(path: \"\(relative($0))\")," }.joined(separator: "\n")
        func product(_ name: String, _ path: String) -> String {
            "                .product(name: \"\(name)\", package: \"\(identity(path))\"),"
        }
        let sourceProducts = [
            product("FeatureKit", products.featureKit), product("Logging", products.logging),
            product("Models", products.models), product("Persistence", products.persistence),
            product("TerminalUI", products.designSystem), product("DesignSystem", products.designSystem),
        ].joined(separator: "\n")
        let catalogProducts = [
            product("FeaturePreview", products.featureKit), product("Logging", products.logging),
            product("Models", products.models), product("Persistence", products.persistence),
            product("TerminalUI", products.designSystem),
        ].joined(separator: "\n")
        let testProducts = [
            product("FeaturePreviewTestSupport", products.featureKit), product("FeatureKit", products.featureKit),
            product("Logging", products.logging),
            product("Models", products.models), product("Persistence", products.persistence),
            product("PersistenceTestSupport", products.persistence), product("TerminalUI", products.designSystem),
            product("DesignSystem", products.designSystem),
        ]
        return """
            // swift-tools-version:6.2
            // \(packagePath): a feature package in the shape of the feature entry contract. Its data lives in the
            // account database (tables under `\(prefix)`), so it works with no server route; its entry registers the
            // screen `storefront://\(lower)`, the `\(lower)` commands and the tables with the App.
            // `\(name)Preview` shows the screen in its states over an in-memory database (`swift run
            // \(name)Preview`); tests also use FeatureKit's FeaturePreviewTestSupport and Persistence's test support.
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v15)],
                products: [
                    .library(name: "\(name)", targets: ["\(name)"]),
                    .executable(name: "\(name)Preview", targets: ["\(name)Preview"]),
                ],
                dependencies: [
            \(packageLines)
                ],
                targets: [
                    .target(
                        name: "\(name)",
                        dependencies: [
            \(sourceProducts)
                        ]
                    ),
                    // The \(name) screen in its states over preview data (`swift run \(name)Preview`), and the catalog
                    // it shows (its own target, so the tests can check it covers every route).
                    .executableTarget(
                        name: "\(name)Preview",
                        dependencies: [
                            "\(name)PreviewCatalog",
            \(product("FeaturePreview", products.featureKit))
                        ]
                    ),
                    .target(
                        name: "\(name)PreviewCatalog",
                        dependencies: [
                            "\(name)",
            \(catalogProducts)
                        ]
                    ),
                    .testTarget(
                        name: "\(name)Tests",
                        dependencies: [
                            "\(name)",
                            "\(name)Preview",
                            "\(name)PreviewCatalog",
            \(testProducts.joined(separator: "\n"))
                        ]
                    ),
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }
}

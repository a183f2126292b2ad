/// A new feature package in the shape of the feature entry contract: a local SQLite repository (the feature works
/// with no server route), the `@MainActor @Observable` Feature, a view model and its console view, and the entry
/// that registers the screen (`storefront://<name>`), its commands and its table with the App. Used where the
/// repository has the entry contract (a package with the `FeatureKit` product) and the App registers entries in a
/// list ``EntryRegistration`` can find; the generated code compiles against the products it uses.
///
/// The generated Swift is kept as text with `__NAME__` (the type name, `Wishlist`), `__LOWER__` (`wishlist`, the
/// route, the command and the log label) and `__PREFIX__` (`wishlist_`, the table prefix) placeholders, so it reads
/// like the code it becomes.
struct EntryFeatureTemplate {
    /// The template's name in `scaffold.featureTemplate` of `modules.json`.
    static let id = "feature-entry"
    /// The products the generated package uses (the packages declaring them are found in the repository).
    static let requiredProducts = [
        "Logging", "Models", "Persistence", "PersistenceTestSupport", "DesignSystem", "TerminalUI", "FeatureKit",
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
            let featureKit = package(declaring: "FeatureKit")
        else { return nil }
        return Products(
            logging: logging, models: models, persistence: persistence, designSystem: designSystem,
            featureKit: featureKit)
    }

    /// Relative path (inside the package) → contents.
    var files: [(String, String)] {
        [
            ("Package.swift", manifest),
            ("Sources/\(name)/Domain/\(name)Item.swift", fill(Self.item)),
            ("Sources/\(name)/Data/\(name)Storage.swift", fill(Self.storage)),
            ("Sources/\(name)/Data/\(name)Repository.swift", fill(Self.repository)),
            ("Sources/\(name)/\(name)Feature.swift", fill(Self.feature)),
            ("Sources/\(name)/Screens/\(name)ViewModel.swift", fill(Self.viewModel)),
            ("Sources/\(name)/Screens/\(name)View.swift", fill(Self.view)),
            ("Sources/\(name)/Entry/\(name)Entry.swift", fill(Self.entry)),
            ("Tests/\(name)Tests/\(name)FeatureTests.swift", fill(Self.featureTests)),
            ("Tests/\(name)Tests/\(name)EntryTests.swift", fill(Self.entryTests)),
        ]
    }

    /// The repository packages the new package depends on.
    var dependencies: [String] {
        [products.logging, products.models, products.persistence, products.designSystem, products.featureKit]
    }

    // MARK: - Private

    private func fill(_ text: String) -> String {
        text.replacingOccurrences(of: "__NAME__", with: name)
            .replacingOccurrences(of: "__LOWER__", with: lower)
            .replacingOccurrences(of: "__PREFIX__", with: prefix)
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
        let testProducts = [
            product("FeatureKit", products.featureKit), product("Logging", products.logging),
            product("Models", products.models), product("Persistence", products.persistence),
            product("PersistenceTestSupport", products.persistence), product("TerminalUI", products.designSystem),
            product("DesignSystem", products.designSystem),
        ]
        return """
            // swift-tools-version:6.2
            // \(packagePath): a feature package in the shape of the feature entry contract. Its data lives in the
            // account database (tables under `\(prefix)`), so it works with no server route; its entry registers the
            // screen `storefront://\(lower)`, the `\(lower)` commands and the tables with the App.
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v15)],
                products: [
                    .library(name: "\(name)", targets: ["\(name)"])
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
                    .testTarget(
                        name: "\(name)Tests",
                        dependencies: [
                            "\(name)",
            \(testProducts.joined(separator: "\n"))
                        ]
                    ),
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    private static let item = #"""
        import Foundation
        import Models

        /// One product kept on the __NAME__ list, with the user's note.
        public struct __NAME__Item: Sendable, Hashable, Identifiable {
            /// The item's own id (one product may be kept twice, with different notes).
            public let id: String
            /// The product kept.
            public let productID: ProductID
            /// The user's note (may be empty).
            public let note: String
            /// When it was added.
            public let addedAt: Date

            /// Creates an item.
            public init(id: String, productID: ProductID, note: String, addedAt: Date) {
                self.id = id
                self.productID = productID
                self.note = note
                self.addedAt = addedAt
            }
        }

        """#

    private static let storage = #"""
        import Persistence

        /// __NAME__'s tables in the account database, all under the `__PREFIX__` prefix. The entry declares
        /// `migrations`; the App registers them with the account database's migrator. Migrations are append-only:
        /// never edit, reorder or remove one that has shipped.
        public enum __NAME__Storage {
            /// The table prefix every schema object of __NAME__ uses.
            public static let tablePrefix = "__PREFIX__"

            /// The migrations, oldest first: `__PREFIX__1_create_items` creates `__PREFIX__items` (one row per item,
            /// `added_at` as ISO 8601 text).
            public static let migrations = MigrationGroup(
                tablePrefix: tablePrefix,
                migrations: [
                    Migration(
                        "__PREFIX__1_create_items",
                        sql: """
                            CREATE TABLE __PREFIX__items (
                                id TEXT PRIMARY KEY NOT NULL,
                                product_id TEXT NOT NULL,
                                note TEXT NOT NULL,
                                added_at TEXT NOT NULL
                            );
                            """
                    )
                ]
            )
        }

        """#

    private static let repository = #"""
        import Foundation
        import Models
        import Persistence

        /// Where __NAME__'s items are kept: a store protocol below the Feature, so tests can substitute it.
        public protocol __NAME__Repository: Sendable {
            /// Every item, oldest first (items added at the same moment in the order they were added).
            ///
            /// - Throws: The store's error when it cannot be read.
            func items() async throws -> [__NAME__Item]
            /// Keeps `item`.
            ///
            /// - Throws: The store's error when it cannot be written.
            func add(_ item: __NAME__Item) async throws
            /// Removes the item with `id`; returns whether there was one.
            ///
            /// - Throws: The store's error when it cannot be written.
            func remove(id: String) async throws -> Bool
        }

        /// __NAME__'s items in the account database (`__NAME__Storage.migrations` registered).
        public struct Live__NAME__Repository: __NAME__Repository {
            private let database: Database

            /// Creates the repository over the account database; opens nothing.
            public init(database: Database) {
                self.database = database
            }

            /// See `__NAME__Repository.items()`.
            public func items() async throws -> [__NAME__Item] {
                try await database.read { reader in
                    try reader.fetchAll(
                        Row.self, "SELECT id, product_id, note, added_at FROM __PREFIX__items ORDER BY added_at, rowid"
                    ).map(\.item)
                }
            }

            /// See `__NAME__Repository.add(_:)`.
            public func add(_ item: __NAME__Item) async throws {
                try await database.transaction { transaction in
                    try transaction.execute(
                        "INSERT INTO __PREFIX__items (id, product_id, note, added_at) VALUES (?, ?, ?, ?)", item.id,
                        item.productID.rawValue, item.note, item.addedAt)
                }
            }

            /// See `__NAME__Repository.remove(id:)`.
            public func remove(id: String) async throws -> Bool {
                try await database.transaction { transaction in
                    let existing = try transaction.fetchOne(
                        String.self, "SELECT id FROM __PREFIX__items WHERE id = ?", id)
                    try transaction.execute("DELETE FROM __PREFIX__items WHERE id = ?", id)
                    return existing != nil
                }
            }

            private struct Row: Decodable {
                let id: String
                let productID: String
                let note: String
                let addedAt: Date

                enum CodingKeys: String, CodingKey {
                    case id, note
                    case productID = "product_id"
                    case addedAt = "added_at"
                }

                var item: __NAME__Item {
                    __NAME__Item(id: id, productID: ProductID(rawValue: productID), note: note, addedAt: addedAt)
                }
            }
        }

        """#

    private static let feature = #"""
        import Foundation
        import Logging
        import Models
        import Observation

        /// The owner of the __NAME__ capability and its state: the items under their domain name, whether they
        /// were ever loaded, and the last error. A failed load keeps the items shown before.
        @MainActor
        @Observable
        public final class __NAME__Feature {
            /// The items, oldest first.
            public private(set) var items: [__NAME__Item] = []
            /// Whether a load has finished once ("never loaded" and "loaded, empty" are different states).
            public private(set) var hasLoaded = false
            /// Whether a load is running.
            public private(set) var isLoading = false
            /// What the last operation that failed said, or nil.
            public private(set) var error: String?

            @ObservationIgnored private let repository: any __NAME__Repository
            @ObservationIgnored private let logger: Logger
            @ObservationIgnored private let now: @Sendable () -> Date
            @ObservationIgnored private let makeIdentifier: @Sendable () -> String

            /// Creates the feature; nothing loads until `load()`.
            ///
            /// - Parameters:
            ///   - repository: Where the items are kept.
            ///   - logger: Receives failures.
            ///   - now: The wall clock (an item's `addedAt`).
            ///   - makeIdentifier: New item ids.
            public init(
                repository: any __NAME__Repository, logger: Logger, now: @escaping @Sendable () -> Date,
                makeIdentifier: @escaping @Sendable () -> String
            ) {
                self.repository = repository
                self.logger = logger
                self.now = now
                self.makeIdentifier = makeIdentifier
            }

            /// Loads the items; a failure keeps the items shown before and sets `error`.
            public func load() async {
                isLoading = true
                defer { isLoading = false }
                do {
                    items = try await repository.items()
                    hasLoaded = true
                    error = nil
                } catch {
                    self.error = "__NAME__ could not be read: \(error)"
                    logger.error("__LOWER__ items could not be read", metadata: ["error": "\(error)"])
                }
            }

            /// Adds `productID` with `note`; returns the new item, or nil when it could not be kept (`error` says why).
            @discardableResult
            public func add(_ productID: ProductID, note: String = "") async -> __NAME__Item? {
                let item = __NAME__Item(id: makeIdentifier(), productID: productID, note: note, addedAt: now())
                do {
                    try await repository.add(item)
                    items.append(item)
                    error = nil
                    return item
                } catch {
                    self.error = "\(productID) could not be added: \(error)"
                    return nil
                }
            }

            /// Removes the item with `id`; returns whether there was one.
            @discardableResult
            public func remove(id: String) async -> Bool {
                do {
                    let removed = try await repository.remove(id: id)
                    items.removeAll { $0.id == id }
                    error = nil
                    return removed
                } catch {
                    self.error = "The item could not be removed: \(error)"
                    return false
                }
            }
        }

        """#

    private static let viewModel = #"""
        import Foundation
        import Observation

        /// The __NAME__ screen's ready-to-show values: one row per item, the selection, and what an empty or failed
        /// list says. It never sees a key: the view maps keys to its methods.
        @MainActor
        @Observable
        public final class __NAME__ViewModel {
            /// One row of the list.
            public struct Row: Hashable, Sendable {
                /// The product's id.
                public let title: String
                /// The note, or nil.
                public let note: String?
            }

            /// The index of the selected row.
            public private(set) var selectedIndex = 0

            private let feature: __NAME__Feature

            /// Creates the view model over `feature`.
            public init(feature: __NAME__Feature) {
                self.feature = feature
            }

            /// The rows, oldest first.
            public var rows: [Row] {
                feature.items.map { Row(title: $0.productID.rawValue, note: $0.note.isEmpty ? nil : $0.note) }
            }

            /// The screen's subtitle: `No items`, `1 item`, `3 items`; nil before the first load.
            public var subtitle: String? {
                guard feature.hasLoaded else { return nil }
                switch feature.items.count {
                case 0: return "No items"
                case 1: return "1 item"
                case let count: return "\(count) items"
                }
            }

            /// What failed last, or nil.
            public var errorMessage: String? { feature.error }

            /// Loads the items.
            public func load() async {
                await feature.load()
                selectedIndex = min(selectedIndex, max(feature.items.count - 1, 0))
            }

            /// Moves the selection by `step` rows, within the list.
            public func moveSelection(by step: Int) {
                selectedIndex = min(max(selectedIndex + step, 0), max(feature.items.count - 1, 0))
            }

            /// Removes the selected item.
            public func removeSelected() async {
                guard feature.items.indices.contains(selectedIndex) else { return }
                await feature.remove(id: feature.items[selectedIndex].id)
                selectedIndex = min(selectedIndex, max(feature.items.count - 1, 0))
            }
        }

        """#

    private static let view = #"""
        import DesignSystem
        import TerminalUI

        /// The __NAME__ screen: the items as a list; ↑ ↓ move, `x` removes the selected item, `r` reloads.
        @MainActor
        public final class __NAME__View: TerminalView {
            private let viewModel: __NAME__ViewModel
            private let theme: Theme

            /// Creates the view over `viewModel`.
            public init(viewModel: __NAME__ViewModel, theme: Theme) {
                self.viewModel = viewModel
                self.theme = theme
            }

            /// The screen for `size`.
            public func render(size: TerminalSize) -> [StyledLine] {
                var components: [any Component] = [Heading("__NAME__", subtitle: viewModel.subtitle)]
                if let message = viewModel.errorMessage {
                    components.append(Banner(.error, message: message, actionHint: "r to try again"))
                }
                let rows = viewModel.rows.map { ListRow($0.title, subtitle: $0.note) }
                components.append(
                    List(
                        rows: rows, state: ListState(selectedIndex: viewModel.selectedIndex),
                        height: max(size.rows - 4, 1), emptyMessage: "Nothing here yet."))
                return components.flatMap { $0.render(width: size.columns, theme: theme) }
            }

            /// The keys of the screen, for the App's help.
            public var keyHelp: [KeyHelpItem] {
                [
                    KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "x", action: "remove"),
                    KeyHelpItem(key: "r", action: "reload"),
                ]
            }

            /// ↑ ↓ move, `x` removes, `r` reloads; other keys are left to the app.
            public func handle(_ key: KeyEvent) -> KeyHandling {
                guard key.modifiers.isEmpty else { return .ignored }
                switch key.key {
                case .up: viewModel.moveSelection(by: -1)
                case .down: viewModel.moveSelection(by: 1)
                case .character("x"): Task { await viewModel.removeSelected() }
                case .character("r"): Task { await viewModel.load() }
                default: return .ignored
                }
                return .handled
            }
        }

        """#

    private static let entry = #"""
        import FeatureKit
        import Foundation
        import Models
        import Persistence
        import TerminalUI

        /// The __NAME__ package's entry: the screen `storefront://__LOWER__`, the commands `__LOWER__ list`,
        /// `__LOWER__ add ID [--note TEXT]` and `__LOWER__ remove ITEM`, and the tables under `__PREFIX__`. Built per
        /// account over its context; the App registers it with one line and never looks inside.
        @MainActor
        public final class __NAME__Entry: ScopedFeatureEntry {
            /// The entry's name in routes and actions.
            public nonisolated static let name = "__LOWER__"
            /// The list: `storefront://__LOWER__`.
            public nonisolated static let listPattern = RoutePattern(
                feature: name, screen: "__LOWER__", summary: "your __NAME__ items")
            /// The commands, as `storefront --help` lists them.
            public nonisolated static let commands: [CommandSpec] = [
                CommandSpec(["__LOWER__", "list"], help: "Show your __NAME__ items."),
                CommandSpec(
                    ["__LOWER__", "add"], operands: ["ID"],
                    options: [.init("--note", valueName: "TEXT", help: "A note to keep with the product.")],
                    help: "Add a product to __NAME__."),
                CommandSpec(["__LOWER__", "remove"], operands: ["ITEM"], help: "Remove an item from __NAME__."),
            ]

            /// The longest note an item keeps, in Unicode scalars.
            public nonisolated static let maximumNoteLength = 500

            /// The routes, commands and tables of __NAME__.
            public nonisolated static let descriptor = FeatureDescriptor(
                name: name, routes: [listPattern], commands: commands, migrations: [__NAME__Storage.migrations])

            /// Where the entry's intents go.
            public var onIntent: (@MainActor (FeatureIntent) -> Void)?
            /// The feature over this account's items.
            public let feature: __NAME__Feature

            /// Builds the feature over `context`; opens nothing.
            public init(context: FeatureContext) {
                let context = context.labelled("storefront.__LOWER__")
                feature = __NAME__Feature(
                    repository: Live__NAME__Repository(database: context.database), logger: context.logger,
                    now: context.now, makeIdentifier: context.makeIdentifier)
            }

            /// The list screen.
            public func makeScreen(for route: Route, context: ScreenContext) -> any TerminalView {
                let viewModel = __NAME__ViewModel(feature: feature)
                Task { await viewModel.load() }
                return __NAME__View(viewModel: viewModel, theme: context.theme)
            }

            /// Runs `__LOWER__ list|add|remove`.
            public func run(_ invocation: CommandInvocation) async -> ExitCode {
                switch invocation.spec.name {
                case "__LOWER__ add":
                    let note = invocation.arguments.value("--note") ?? ""
                    let product = invocation.firstOperand.trimmingCharacters(in: .whitespacesAndNewlines)
                    guard !product.isEmpty else { return invocation.usage("'__LOWER__ add' needs a product ID") }
                    guard note.unicodeScalars.count <= Self.maximumNoteLength else {
                        return invocation.usage("a note has at most \(Self.maximumNoteLength) characters")
                    }
                    guard let item = await feature.add(ProductID(rawValue: product), note: note) else {
                        return invocation.fail(feature.error ?? "the product could not be added")
                    }
                    return invocation.emit(["Added \(item.productID) as \(item.id)."], json: ItemOutput(item))
                case "__LOWER__ remove":
                    guard await feature.remove(id: invocation.firstOperand) else {
                        return invocation.fail(feature.error ?? "there is no item \(invocation.firstOperand)")
                    }
                    return invocation.emit(["Removed \(invocation.firstOperand)."], json: ["removed": invocation.firstOperand])
                default:
                    return await print(Self.listPattern.route(), to: invocation)
                }
            }

            /// The list, as text or `--json`.
            public func print(_ route: Route, to invocation: CommandInvocation) async -> ExitCode {
                await feature.load()
                if let error = feature.error {
                    return invocation.fail(error)
                }
                var lines = feature.items.map { item in
                    ([item.id, item.productID.rawValue] + (item.note.isEmpty ? [] : [item.note])).joined(separator: "  ")
                }
                if lines.isEmpty { lines.append("Nothing in __NAME__ yet.") }
                return invocation.emit(lines, json: ["items": feature.items.map(ItemOutput.init)])
            }

            /// Loads the items at launch.
            public func start() async {
                await feature.load()
            }
        }

        /// An item as `--json` prints it.
        struct ItemOutput: Encodable {
            let id: String
            let productId: String
            let note: String
            let addedAt: Date

            init(_ item: __NAME__Item) {
                id = item.id
                productId = item.productID.rawValue
                note = item.note
                addedAt = item.addedAt
            }
        }

        """#

    private static let featureTests = #"""
        import Foundation
        import Logging
        import Models
        import Persistence
        import PersistenceTestSupport
        import Testing

        @testable import __NAME__

        /// A store that fails every operation, for the error states.
        private struct BrokenRepository: __NAME__Repository {
            struct Broken: Error {}
            func items() async throws -> [__NAME__Item] { throw Broken() }
            func add(_ item: __NAME__Item) async throws { throw Broken() }
            func remove(id: String) async throws -> Bool { throw Broken() }
        }

        @Suite("__LOWER__ feature")
        @MainActor
        struct __NAME__FeatureTests {
            private let logger = Logger(label: "test", handler: CapturingLogHandler())

            private func makeFeature() throws -> __NAME__Feature {
                let database = try InMemoryDatabaseFactory(logger: logger).makeDatabase(
                    registering: [__NAME__Storage.migrations])
                return __NAME__Feature(
                    repository: Live__NAME__Repository(database: database), logger: logger,
                    now: { Date(timeIntervalSince1970: 1_800_000_000) }, makeIdentifier: { UUID().uuidString })
            }

            @Test("never loaded and loaded-empty are different states")
            func loadStates() async throws {
                let feature = try makeFeature()
                #expect(!feature.hasLoaded)
                await feature.load()
                #expect(feature.hasLoaded)
                #expect(feature.items.isEmpty)
            }

            @Test("added items are kept in the store, oldest first, and one product may be added twice")
            func addAndReload() async throws {
                let feature = try makeFeature()
                await feature.add("sku_1", note: "for the garden")
                await feature.add("sku_1")
                await feature.load()
                #expect(feature.items.map(\.productID) == ["sku_1", "sku_1"])
                #expect(feature.items.map(\.note) == ["for the garden", ""])
            }

            @Test("removing an item removes only that item")
            func remove() async throws {
                let feature = try makeFeature()
                let first = try #require(await feature.add("sku_1"))
                await feature.add("sku_2")
                #expect(await feature.remove(id: first.id))
                #expect(!(await feature.remove(id: first.id)))
                await feature.load()
                #expect(feature.items.map(\.productID) == ["sku_2"])
            }

            @Test("a store that fails keeps what was shown and says why")
            func failures() async {
                let feature = __NAME__Feature(
                    repository: BrokenRepository(), logger: logger, now: { Date() }, makeIdentifier: { "id" })
                await feature.load()
                #expect(!feature.hasLoaded)
                #expect(feature.error != nil)
                #expect(await feature.add("sku_1") == nil)
            }
        }

        """#

    private static let entryTests = #"""
        import DesignSystem
        import FeatureKit
        import Foundation
        import Logging
        import Persistence
        import PersistenceTestSupport
        import TerminalUI
        import Testing

        @testable import __NAME__

        @Suite("__LOWER__ entry")
        @MainActor
        struct __NAME__EntryTests {
            @Test("the entry owns storefront://__LOWER__ and its commands, and declares its tables")
            func descriptor() {
                let descriptor = __NAME__Entry.descriptor
                #expect(descriptor.routes.map(\.linkTemplate) == ["storefront://__LOWER__"])
                #expect(descriptor.commands.map(\.name) == ["__LOWER__ list", "__LOWER__ add", "__LOWER__ remove"])
                #expect(descriptor.migrations.map(\.tablePrefix) == ["__PREFIX__"])
            }

            @Test("the screen keys: x removes the selected item; unknown keys are left to the app")
            func screenKeys() async throws {
                let logger = Logger(label: "test", handler: CapturingLogHandler())
                let database = try InMemoryDatabaseFactory(logger: logger).makeDatabase(
                    registering: [__NAME__Storage.migrations])
                let feature = __NAME__Feature(
                    repository: Live__NAME__Repository(database: database), logger: logger, now: { Date() },
                    makeIdentifier: { UUID().uuidString })
                await feature.add("sku_1")
                let viewModel = __NAME__ViewModel(feature: feature)
                await viewModel.load()
                #expect(viewModel.subtitle == "1 item")
                await viewModel.removeSelected()
                #expect(viewModel.subtitle == "No items")
                let view = __NAME__View(viewModel: viewModel, theme: .ascii)
                #expect(view.handle(.character("q")) == .ignored)
                #expect(view.render(size: TerminalSize(columns: 40, rows: 10)).count > 1)
            }
        }

        """#
}

// The generated sources of `EntryFeatureTemplate`: the domain value, the storage, the repository, the Feature and
// the screen, with the template's placeholders (see the type's documentation).
extension EntryFeatureTemplate {
    static let item = #"""
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

    static let storage = #"""
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

    static let repository = #"""
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

    static let feature = #"""
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

    static let viewModel = #"""
        import FeatureKit
        import Foundation
        import Observation

        /// The __NAME__ screen's ready-to-show values: one row per item, the selection, and what an empty or failed
        /// list says. It never sees a key: the view maps keys to intents and sends them to `send(_:)`, its one entry
        /// point.
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

            /// What the screen asks of its view model.
            public enum Intent: Hashable, Sendable {
                /// Load (or reload) the items.
                case load
                /// Move the selection by this many rows, within the list.
                case moveSelection(Int)
                /// Remove the selected item.
                case removeSelected
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

            /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
            ///
            /// - Returns: Whether it applied (removing with nothing selected does not), and the task it started.
            @discardableResult
            public func send(_ intent: Intent) -> IntentOutcome {
                switch intent {
                case .load:
                    return .started(
                        Task { [feature] in
                            await feature.load()
                            self.clampSelection()
                        })
                case .moveSelection(let step):
                    let target = min(max(selectedIndex + step, 0), max(feature.items.count - 1, 0))
                    guard target != selectedIndex else { return .ignored }
                    selectedIndex = target
                    return .handled
                case .removeSelected:
                    guard feature.items.indices.contains(selectedIndex) else { return .ignored }
                    let id = feature.items[selectedIndex].id
                    return .started(
                        Task { [feature] in
                            await feature.remove(id: id)
                            self.clampSelection()
                        })
                }
            }

            private func clampSelection() {
                selectedIndex = min(selectedIndex, max(feature.items.count - 1, 0))
            }
        }

        """#

    static let view = #"""
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
                let intent: __NAME__ViewModel.Intent
                switch key.key {
                case .up: intent = .moveSelection(-1)
                case .down: intent = .moveSelection(1)
                case .character("x"): intent = .removeSelected
                case .character("r"): intent = .load
                default: return .ignored
                }
                viewModel.send(intent)
                return .handled
            }
        }

        """#
}

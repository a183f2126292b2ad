// The generated entry and tests of `EntryFeatureTemplate`, with the template's placeholders (see the type's
// documentation).
extension EntryFeatureTemplate {
    static let entry = #"""
        import FeatureKit
        import Foundation
        import Models
        import Persistence
        import TerminalUI

        /// The screens of __NAME__: the list of items, `storefront://__LOWER__`.
        public enum __NAME__Destination: EntryDestination {
            /// Every item: `storefront://__LOWER__`.
            case list

            /// The one link.
            public static var patterns: [RoutePattern] { [__NAME__Entry.listPattern] }

            /// The destination of `route`, when it is __NAME__'s.
            public init?(route: Route) {
                guard __NAME__Entry.listPattern.matches(route) else { return nil }
                self = .list
            }

            /// The erased route.
            public var route: Route {
                switch self {
                case .list: __NAME__Entry.listPattern.route()
                }
            }
        }

        /// The __NAME__ package's entry (contract v2): the screen `storefront://__LOWER__`, the commands
        /// `__LOWER__ list`, `__LOWER__ add ID [--note TEXT]` and `__LOWER__ remove ITEM` (each with its handler),
        /// and the tables under `__PREFIX__`. Built per account over its context; the App lists it in
        /// `AppEntries.all` and never looks inside.
        @MainActor
        public final class __NAME__Entry: FeatureEntry {
            /// __NAME__'s screens.
            public typealias Destination = __NAME__Destination

            /// The entry's name in routes and actions.
            public nonisolated static let name = "__LOWER__"
            /// The list: `storefront://__LOWER__`.
            public nonisolated static let listPattern = RoutePattern(
                feature: name, screen: "__LOWER__", summary: "your __NAME__ items")

            /// `__LOWER__ list`.
            public nonisolated static let listCommand = CommandSpec(
                ["__LOWER__", "list"], help: "Show your __NAME__ items.",
                run: .on(__NAME__Entry.self) { entry, invocation in await entry.print(.list, to: invocation) })
            /// `__LOWER__ add ID [--note TEXT]`.
            public nonisolated static let addCommand = CommandSpec(
                ["__LOWER__", "add"], operands: ["ID"],
                options: [.init("--note", valueName: "TEXT", help: "A note to keep with the product.")],
                help: "Add a product to __NAME__.",
                run: .on(__NAME__Entry.self) { entry, invocation in await entry.add(invocation) })
            /// `__LOWER__ remove ITEM`.
            public nonisolated static let removeCommand = CommandSpec(
                ["__LOWER__", "remove"], operands: ["ITEM"], help: "Remove an item from __NAME__.",
                run: .on(__NAME__Entry.self) { entry, invocation in await entry.remove(invocation) })

            /// The longest note an item keeps, in Unicode scalars.
            public nonisolated static let maximumNoteLength = 500

            /// The routes, commands and tables of __NAME__.
            public nonisolated static let descriptor = FeatureDescriptor(
                name: name, routes: __NAME__Destination.patterns, commands: [listCommand, addCommand, removeCommand],
                migrations: [__NAME__Storage.migrations]__TAB__)

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
        __BADGE__
            /// The list screen; it starts loading the items.
            public func makeScreen(for destination: __NAME__Destination, context: ScreenContext) -> any TerminalView {
                let viewModel = __NAME__ViewModel(feature: feature)
                viewModel.send(.load)
                return __NAME__View(viewModel: viewModel, theme: context.theme)
            }

            /// The list, as text or `--json` (`__LOWER__ list`, `storefront open storefront://__LOWER__`).
            public func print(_ destination: __NAME__Destination, to invocation: CommandInvocation) async -> ExitCode {
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

            // MARK: - Commands

            /// `__LOWER__ add ID [--note TEXT]`.
            func add(_ invocation: CommandInvocation) async -> ExitCode {
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
            }

            /// `__LOWER__ remove ITEM`.
            func remove(_ invocation: CommandInvocation) async -> ExitCode {
                guard await feature.remove(id: invocation.firstOperand) else {
                    return invocation.fail(feature.error ?? "there is no item \(invocation.firstOperand)")
                }
                return invocation.emit(["Removed \(invocation.firstOperand)."], json: ["removed": invocation.firstOperand])
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

    static let featureTests = #"""
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

        @Suite("__LOWER__ feature", .timeLimit(.minutes(1)))
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

    static let entryTests = #"""
        import DesignSystem
        import FeatureKit
        import Foundation
        import Logging
        import Persistence
        import PersistenceTestSupport
        import TerminalUI
        import Testing

        @testable import __NAME__

        @Suite("__LOWER__ entry", .timeLimit(.minutes(1)))
        @MainActor
        struct __NAME__EntryTests {
            @Test("the entry owns storefront://__LOWER__ and its commands, and declares its tables")
            func descriptor() {
                let descriptor = __NAME__Entry.descriptor
                #expect(descriptor.name == "__LOWER__")
                #expect(descriptor.routes.map(\.linkTemplate) == ["storefront://__LOWER__"])
                #expect(descriptor.commands.map(\.name) == ["__LOWER__ list", "__LOWER__ add", "__LOWER__ remove"])
                #expect(descriptor.migrations.map(\.tablePrefix) == ["__PREFIX__"])
        __TABTEST__    }

            @Test("storefront://__LOWER__ is the list, and the list prints as that link; other links are not __NAME__'s")
            func deepLinks() {
                let route = Route(feature: "__LOWER__", screen: "__LOWER__")
                #expect(__NAME__Destination(route: route) == .list)
                #expect(__NAME__Destination.list.route == route)
                #expect(__NAME__Destination(route: Route(feature: "__LOWER__", screen: "__LOWER__", ids: ["x"])) == nil)
                #expect(__NAME__Destination(route: Route(feature: "cart", screen: "cart")) == nil)
            }

            @Test("the screen: loading, removing the selected item with x, and keys left to the app")
            func screen() async throws {
                let logger = Logger(label: "test", handler: CapturingLogHandler())
                let database = try InMemoryDatabaseFactory(logger: logger).makeDatabase(
                    registering: [__NAME__Storage.migrations])
                let feature = __NAME__Feature(
                    repository: Live__NAME__Repository(database: database), logger: logger, now: { Date() },
                    makeIdentifier: { UUID().uuidString })
                await feature.add("sku_1")
                let viewModel = __NAME__ViewModel(feature: feature)
                #expect(viewModel.subtitle == nil)
                await viewModel.send(.load).task?.value
                #expect(viewModel.subtitle == "1 item")
                let view = __NAME__View(viewModel: viewModel, theme: .ascii)
                #expect(view.handle(.character("q")) == .ignored)
                #expect(view.render(size: TerminalSize(columns: 40, rows: 10)).count > 1)
                let removal = viewModel.send(.removeSelected)
                #expect(removal.isHandled)
                await removal.task?.value
                #expect(viewModel.subtitle == "No items")
                #expect(!viewModel.send(.removeSelected).isHandled, "nothing is selected in an empty list")
            }
        }

        """#
}

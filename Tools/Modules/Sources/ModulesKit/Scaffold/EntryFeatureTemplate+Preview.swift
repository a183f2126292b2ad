// The generated preview of `EntryFeatureTemplate`: the `__NAME__Preview` executable, the catalog it shows and the
// tests of both, with the template's placeholders (see the type's documentation).
extension EntryFeatureTemplate {
    static let previewMain = #"""
        import FeaturePreview
        import __NAME__PreviewCatalog

        /// `__NAME__Preview`: the __NAME__ screen full-screen, offline, over preview data (`swift run --package-path
        /// __PATH__ __NAME__Preview`; `--list` prints the menu, `--open "__NAME__/loaded"` starts on one state).
        @main
        enum __NAME__Preview {
            @MainActor
            static func main() async {
                await PreviewHost.main(__NAME__Previews.catalog)
            }
        }

        """#

    static let previewCatalog = #"""
        import FeaturePreview
        import Foundation
        import Logging
        import Models
        import Persistence
        import TerminalUI
        import __NAME__

        /// The __NAME__ screen in its states over preview data: loaded (sample items, some with a note), empty, and
        /// the error of a store that cannot be read. No server and no file: the items are kept by the live repository
        /// in an in-memory database of each state's own.
        public enum __NAME__Previews {
            /// The catalog `__NAME__Preview` shows.
            public static let catalog = PreviewCatalog(feature: "__NAME__", screens: [list])

            /// The sample items: product and note (empty for none).
            static let samples: [(ProductID, String)] = [
                ("sku_lamp", "for the reading corner"), ("sku_desk", ""), ("sku_bowls", "a gift, before May"),
                ("sku_linen", ""), ("sku_roast", "the darker one"),
            ]

            static let list = PreviewScreen(
                "__NAME__", routes: [__NAME__Entry.listPattern],
                states: [
                    PreviewState("loaded") { environment in
                        let feature = try makeFeature(environment)
                        for (productID, note) in samples {
                            await feature.add(productID, note: note)
                        }
                        return await view(feature, environment)
                    },
                    PreviewState("empty") { try await view(makeFeature($0), $0) },
                    PreviewState("error") { await view(makeFeature(FailingRepository(), $0), $0) },
                ])

            /// A store that fails every operation: the screen's error state.
            struct FailingRepository: __NAME__Repository {
                struct Unavailable: Error, CustomStringConvertible {
                    var description: String { "the store is unavailable (preview)" }
                }
                func items() async throws -> [__NAME__Item] { throw Unavailable() }
                func add(_ item: __NAME__Item) async throws { throw Unavailable() }
                func remove(id: String) async throws -> Bool { throw Unavailable() }
            }

            /// The feature over the live repository on a new in-memory database with __NAME__'s tables.
            ///
            /// - Throws: `MigrationError` when the migrations cannot be registered.
            @MainActor
            static func makeFeature(_ environment: PreviewEnvironment) throws -> __NAME__Feature {
                var migrator = DatabaseMigrator()
                try migrator.register(__NAME__Storage.migrations)
                let database = Database(
                    location: .inMemory, migrator: migrator, configuration: DatabaseConfiguration(), logger: logger)
                return makeFeature(Live__NAME__Repository(database: database), environment)
            }

            @MainActor
            static func makeFeature(_ repository: any __NAME__Repository, _ environment: PreviewEnvironment)
                -> __NAME__Feature
            {
                let now = environment.now
                return __NAME__Feature(
                    repository: repository, logger: logger, now: { now }, makeIdentifier: { UUID().uuidString })
            }

            /// The screen after its first load, as the entry builds it.
            @MainActor
            static func view(_ feature: __NAME__Feature, _ environment: PreviewEnvironment) async -> any TerminalView {
                await feature.load()
                return __NAME__View(viewModel: __NAME__ViewModel(feature: feature), theme: environment.theme)
            }

            /// A logger that keeps only critical records, in memory: a preview writes no log file.
            static var logger: Logger {
                Logger(label: "__LOWER__-preview", handler: CapturingLogHandler(logLevel: .critical))
            }
        }

        """#

    static let previewTests = #"""
        import FeaturePreviewTestSupport
        import Testing
        import __NAME__
        import __NAME__PreviewCatalog

        /// `__NAME__Preview`: its catalog shows every screen of the entry, every state builds offline, and the built
        /// executable runs in tmux from the menu to a screen and back, and quits restoring the terminal.
        @MainActor
        @Suite("__NAME__ preview", .timeLimit(.minutes(2)))
        struct PreviewTests {
            let catalog = __NAME__Previews.catalog

            @Test("the catalog shows every route of the entry")
            func coversEveryRoute() {
                #expect(catalog.uncoveredRoutes(of: __NAME__Destination.patterns).isEmpty)
            }

            @Test("every state builds over preview data and draws a screen")
            func everyStateBuilds() async {
                #expect(await PreviewCatalogCheck.problems(in: catalog) == [])
            }

            @Test("the built __NAME__Preview runs offline in tmux: menu, a screen, back, q; the terminal is restored")
            func runsInTmux() async throws {
                try #require(PreviewInTmux.isAvailable, "tmux is needed (make test installs it)")
                try await PreviewTmuxCheck.run(
                    executable: "__NAME__Preview", catalog: catalog, opening: "__NAME__/loaded",
                    showing: "sku_lamp")
            }
        }

        """#
}

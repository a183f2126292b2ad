import FeaturePreviewTestSupport
import Lists
import ListsPreviewCatalog
import Testing

/// `ListsPreview`: its catalog shows every screen of the entry, every state builds offline, and the built
/// executable runs in tmux from the menu to a screen and back, and quits restoring the terminal.
@MainActor
@Suite("Lists preview", .timeLimit(.minutes(2)))
struct PreviewTests {
    let catalog = ListsPreviews.catalog

    @Test("the catalog shows every route of the entry")
    func coversEveryRoute() {
        #expect(catalog.uncoveredRoutes(of: ListsDestination.patterns).isEmpty)
    }

    @Test("every state builds over preview data and draws a screen")
    func everyStateBuilds() async {
        #expect(await PreviewCatalogCheck.problems(in: catalog) == [])
    }

    @Test("the built ListsPreview runs offline in tmux: menu, a screen, back, q; the terminal is restored")
    func runsInTmux() async throws {
        try #require(PreviewInTmux.isAvailable, "tmux is needed (make test installs it)")
        try await PreviewTmuxCheck.run(
            executable: "ListsPreview", catalog: catalog, opening: "List/loaded", showing: "sku_100")
    }
}

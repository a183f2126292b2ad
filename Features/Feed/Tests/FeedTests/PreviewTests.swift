import FeaturePreviewTestSupport
import Feed
import FeedPreviewCatalog
import Testing

/// `FeedPreview`: its catalog shows every screen of the entry, every state builds offline, and the built executable
/// runs in tmux from the menu to a screen and back, and quits restoring the terminal.
@MainActor
@Suite("Feed preview", .timeLimit(.minutes(2)))
struct PreviewTests {
    let catalog = FeedPreviews.catalog

    @Test("the catalog shows every route of the entry")
    func coversEveryRoute() {
        #expect(catalog.uncoveredRoutes(of: FeedDestination.patterns).isEmpty)
    }

    @Test("every state builds over preview data and draws a screen")
    func everyStateBuilds() async {
        #expect(await PreviewCatalogCheck.problems(in: catalog) == [])
    }

    @Test("the built FeedPreview runs offline in tmux: menu, a screen, back, q; the terminal is restored")
    func runsInTmux() async throws {
        try #require(PreviewInTmux.isAvailable, "tmux is needed (make test installs it)")
        try await PreviewTmuxCheck.run(
            executable: "FeedPreview", catalog: catalog, opening: "Post/loaded", showing: "author1")
    }
}

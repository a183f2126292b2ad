import Checkout
import CheckoutPreviewCatalog
import FeaturePreviewTestSupport
import Testing

/// `CheckoutPreview`: its catalog shows every screen of the entry, every state builds offline, and the built
/// executable runs in tmux from the menu to a screen and back, and quits restoring the terminal.
@MainActor
@Suite("Checkout preview", .timeLimit(.minutes(2)))
struct PreviewTests {
    let catalog = CheckoutPreviews.catalog

    @Test("the catalog shows every route of the entry, and each step of the checkout as a screen")
    func coversEveryRoute() {
        #expect(catalog.uncoveredRoutes(of: CheckoutDestination.patterns).isEmpty)
        let titles = catalog.screens.map(\.title)
        for step in CheckoutStep.allCases {
            #expect(titles.contains { $0.hasPrefix("Checkout \(step.number) ") }, "no screen for step \(step)")
        }
    }

    @Test("every state builds over preview data and draws a screen")
    func everyStateBuilds() async {
        #expect(await PreviewCatalogCheck.problems(in: catalog) == [])
    }

    @Test("the built CheckoutPreview runs offline in tmux: menu, a screen, back, q; the terminal is restored")
    func runsInTmux() async throws {
        try #require(PreviewInTmux.isAvailable, "tmux is needed (make test installs it)")
        try await PreviewTmuxCheck.run(
            executable: "CheckoutPreview", catalog: catalog, opening: "Orders/loaded", showing: "Order ord_1000")
    }
}

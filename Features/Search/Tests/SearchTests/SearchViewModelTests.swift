import DesignSystem
import Foundation
import Models
import Networking
import TerminalUI
import TestSupport
import Testing

@testable import Search

@MainActor
@Suite("SearchViewModel")
struct SearchViewModelTests {
    private func model(_ harness: FeatureHarness, locale: String = "en_US") -> SearchViewModel {
        SearchViewModel(feature: harness.feature, locale: Locale(identifier: locale))
    }

    /// Presses a key on the model's view.
    @discardableResult
    private func press(_ model: SearchViewModel, _ key: KeyEvent) -> KeyHandling {
        SearchView(viewModel: model, theme: .ascii).handle(key)
    }

    /// Types `text` into the model's view key by key.
    private func type(_ text: String, into model: SearchViewModel) {
        for character in text { press(model, .character(character)) }
    }

    @Test("rows show the title, the price in the locale, the availability and the rating")
    func rowsAreFormatted() async throws {
        let harness = try FeatureHarness()
        let products = [
            TestValues.product("a", title: "Desk lamp", priceMinor: 129_900, availability: .lowStock),
            TestValues.product("b", title: "Lantern", priceMinor: 1_500, availability: .unknown("new"), rating: nil),
        ]
        try await harness.search(
            "lamp", call: 0,
            answer: SearchPage(results: OffsetPage(items: products, offset: 0, total: 2), source: .server))

        let english = model(harness).rows
        #expect(english.map(\.title) == ["Desk lamp", "Lantern"])
        #expect(english.map(\.price) == ["€1,299.00", "€15.00"])
        #expect(english.map(\.availability.text) == ["Only a few left", "Availability unknown"])
        #expect(english.map(\.rating) == ["4.5/5", nil])
        let german = model(harness, locale: "de_DE").rows
        #expect(german.map(\.price) == ["1.299,00\u{A0}€", "15,00\u{A0}€"])
        #expect(german.first?.rating == "4,5/5")
    }

    @Test("the status line says what is happening: searching, the count, or no results")
    func statusLine() async throws {
        let harness = try FeatureHarness()
        let model = model(harness)
        #expect(model.statusLine == nil)
        #expect(model.content == .prompt)

        type("lamp", into: model)
        #expect(harness.feature.query == "lamp")
        #expect(model.statusLine == "Searching for “lamp”…")
        #expect(model.content == .searching)
        try await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: .milliseconds(300))
        try await harness.repository.waitForCalls(count: 1)
        harness.repository.resolve(0, with: .success(TestValues.page(for: "lamp", count: 3, total: 1_234)))
        try await waitUntil("the results") { !harness.feature.isSearching }

        #expect(model.statusLine == "1,234 results")
        #expect(model.content == .results)

        try await harness.search("lampx", call: 1, answer: TestValues.page(for: "lampx", count: 0, total: 0))
        #expect(model.statusLine == "No results for “lampx”")
        #expect(model.content == .noResults(query: "lampx"))
    }

    @Test("while a new query is searched the previous rows are kept and marked as previous")
    func previousRowsWhileSearching() async throws {
        let harness = try FeatureHarness()
        let model = model(harness)
        try await harness.search("lamp", call: 0, answer: TestValues.page(for: "lamp"))

        harness.feature.updateQuery("lamps")

        #expect(model.content == .results)
        #expect(model.rowsArePrevious)
        #expect(model.statusLine == "Searching for “lamps”…")
    }

    @Test("notices: an error with a retry hint, the offline warning, a failed page")
    func notices() async throws {
        let harness = try FeatureHarness()
        let model = model(harness)
        try await harness.submit(
            "lamp", call: 0,
            answer: .failure(SearchError.savedProductsUnavailable(reason: "corrupt", network: .timeout)))

        #expect(model.content == .failed)
        #expect(
            model.notice
                == Notice(
                    .error, message: "Couldn't search. You're offline, and saved products can't be opened.",
                    actionHint: "Press ctrl-r to retry"))

        var saved = TestValues.page(for: "lamp", total: 9)
        saved.source = .saved
        #expect(press(model, .control("r")) == .handled)
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(1, with: .success(saved))
        try await waitUntil("the results") { !harness.feature.isSearching }
        #expect(model.notice?.kind == .warning)
        #expect(model.notice?.message == "You're offline. Showing saved products.")

        let page = harness.feature.loadMore()
        #expect(model.loadingMoreLine == "Loading more…")
        try await harness.repository.waitForCalls(count: 3)
        harness.repository.resolve(
            2, with: .failure(SearchError.api(.http(status: 503, body: .init(code: "down"), retryAfter: nil))))
        try await page?.finish()
        #expect(model.notice?.message == "Couldn't load more results. The store is having trouble right now.")
        #expect(model.loadingMoreLine == nil)
    }

    @Test("keys: Enter submits, ↓ to the list, Enter opens, a adds; Tab is the App's; Escape leaves the field")
    func keys() async throws {
        let harness = try FeatureHarness(
            repository: ControlledSearchRepository(responder: { .success(TestValues.page(for: $0.query)) }))
        let model = model(harness)
        var opened: [ProductID] = []
        var added: [ProductID] = []
        harness.feature.onOpenProduct = { opened.append($0.id) }
        harness.feature.onAddToCart = { added.append($0.id) }

        type("mug", into: model)
        #expect(press(model, .init(.enter)) == .handled)
        try await waitUntil("the results") { !harness.feature.isSearching }
        #expect(press(model, .init(.tab)) == .ignored, "Tab is the App's: it moves to the next tab")
        #expect(press(model, .init(.down)) == .handled)
        #expect(model.focus == .list)
        #expect(press(model, .init(.down)) == .handled)
        #expect(press(model, .init(.enter)) == .handled)
        #expect(press(model, .character("a")) == .handled)
        #expect(opened == ["mug-1"])
        #expect(added == ["mug-1"])

        #expect(press(model, .character("/")) == .handled)
        #expect(model.focus == .input)
        #expect(press(model, .character("q")) == .handled, "q is typed while the field is focused")
        #expect(model.input.text == "mugq")
        #expect(press(model, .init(.escape)) == .handled)
        #expect(model.focus == .list)
        #expect(model.input.text == "mugq", "Escape keeps the text")
        #expect(press(model, .init(.escape)) == .ignored, "outside the field Escape is the App's (back)")
        #expect(press(model, .character("q")) == .ignored, "outside the field q is the App's (quit)")
        press(model, .character("/"))
        #expect(press(model, .control("u")) == .handled)
        #expect(harness.feature.query.isEmpty)
        #expect(model.content == .recentSearches(["mug"]))
    }

    @Test("a recent search runs again from the list, and x clears the list")
    func recentSearchesFromTheList() async throws {
        let harness = try FeatureHarness(
            repository: ControlledSearchRepository(responder: { .success(TestValues.page(for: $0.query)) }))
        try harness.feature.recentSearchesList.record("chair")
        try harness.feature.recentSearchesList.record("sofa")
        let model = model(harness)
        #expect(model.content == .recentSearches(["sofa", "chair"]))

        press(model, .init(.down))
        press(model, .init(.down))
        press(model, .init(.enter))
        try await waitUntil("the results") { !harness.feature.isSearching }

        #expect(harness.feature.resultsQuery == "chair")
        #expect(model.input.text == "chair")
        #expect(harness.feature.recentSearches == ["chair", "sofa"])

        press(model, .character("/"))
        press(model, .control("u"))
        press(model, .init(.down))
        #expect(model.focus == .list)
        press(model, .character("x"))
        #expect(model.content == .prompt)
    }
}

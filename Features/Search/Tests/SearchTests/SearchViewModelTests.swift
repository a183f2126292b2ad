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

    /// Types `text` into the model key by key.
    private func type(_ text: String, into model: SearchViewModel) {
        for character in text { _ = model.handle(.character(character)) }
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
                    actionHint: "Press ctrl+r to retry"))

        var saved = TestValues.page(for: "lamp", total: 9)
        saved.source = .saved
        #expect(model.handle(.control("r")) == .handled)
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
        #expect(model.notice?.message == "Couldn't load more results. The store is having trouble.")
        #expect(model.loadingMoreLine == nil)
    }

    @Test("keys: Enter submits and moves to the list, Enter opens, a adds to the cart, Escape clears")
    func keys() async throws {
        let harness = try FeatureHarness(
            repository: ControlledSearchRepository(responder: { .success(TestValues.page(for: $0.query)) }))
        let model = model(harness)
        var opened: [ProductID] = []
        var added: [ProductID] = []
        harness.feature.onOpenProduct = { opened.append($0.id) }
        harness.feature.onAddToCart = { added.append($0.id) }

        type("mug", into: model)
        #expect(model.handle(.init(.enter)) == .handled)
        try await waitUntil("the results") { !harness.feature.isSearching }
        _ = model.handle(.init(.tab))
        #expect(model.focus == .list)
        #expect(model.handle(.init(.down)) == .handled)
        #expect(model.handle(.init(.enter)) == .handled)
        #expect(model.handle(.character("a")) == .handled)
        #expect(opened == ["mug-1"])
        #expect(added == ["mug-1"])

        #expect(model.handle(.character("/")) == .handled)
        #expect(model.focus == .input)
        #expect(model.handle(.init(.escape)) == .handled)
        #expect(harness.feature.query.isEmpty)
        #expect(model.content == .recentSearches(["mug"]))
        #expect(model.handle(.init(.escape)) == .ignored)
    }

    @Test("a recent search runs again from the list, and x clears the list")
    func recentSearchesFromTheList() async throws {
        let harness = try FeatureHarness(
            repository: ControlledSearchRepository(responder: { .success(TestValues.page(for: $0.query)) }))
        try harness.feature.recentSearchesList.record("chair")
        try harness.feature.recentSearchesList.record("sofa")
        let model = model(harness)
        #expect(model.content == .recentSearches(["sofa", "chair"]))

        _ = model.handle(.init(.down))
        _ = model.handle(.init(.down))
        _ = model.handle(.init(.enter))
        try await waitUntil("the results") { !harness.feature.isSearching }

        #expect(harness.feature.resultsQuery == "chair")
        #expect(model.input.text == "chair")
        #expect(harness.feature.recentSearches == ["chair", "sofa"])

        _ = model.handle(.init(.escape))
        _ = model.handle(.init(.down))
        _ = model.handle(.character("x"))
        #expect(model.content == .prompt)
    }
}

import Foundation
import Models
import Networking
import TestSupport
import Testing

@testable import Search

@MainActor
@Suite("SearchFeature")
struct SearchFeatureTests {
    @Test("a query is searched once the debounce has passed, and its results are published")
    func debouncedSearchPublishesResults() async throws {
        let harness = try FeatureHarness()
        let feature = harness.feature
        #expect(!feature.hasSearched)

        let task = feature.updateQuery("lamp")
        #expect(feature.isSearching)
        try await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: .milliseconds(299))
        #expect(harness.repository.calls.isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        try await harness.repository.waitForCalls(count: 1)
        harness.repository.resolve(0, with: .success(TestValues.page(for: "lamp", total: 7)))
        try await task?.finish()

        #expect(harness.repository.calls.map(\.query) == ["lamp"])
        #expect(harness.repository.calls.first?.strategy == .serverWithSavedFallback)
        #expect(feature.results.map(\.id.rawValue) == ["lamp-0", "lamp-1", "lamp-2"])
        #expect(feature.resultsQuery == "lamp")
        #expect(feature.total == 7)
        #expect(feature.hasSearched)
        #expect(!feature.isSearching)
        #expect(feature.error == nil)
        #expect(!feature.isOffline)
    }

    @Test("a blank query clears the results and sends nothing")
    func blankQueryClearsResults() async throws {
        let harness = try FeatureHarness()
        try await harness.search("lamp", call: 0, answer: TestValues.page(for: "lamp"))

        #expect(harness.feature.updateQuery("   ") == nil)

        #expect(harness.feature.results.isEmpty)
        #expect(harness.feature.resultsQuery == nil)
        #expect(!harness.feature.hasSearched)
        #expect(!harness.feature.isSearching)
        #expect(harness.clock.sleeperCount == 0)
        #expect(harness.repository.calls.count == 1)
    }

    @Test("blank queries, typed or submitted, never reach the repository")
    func blankQueriesReachNoRepository() async throws {
        let directory = try TemporaryDirectory()
        let clock = ManualClock()
        let feature = SearchFeature(
            repository: StrictSearchRepository(), recentSearches: TestValues.recentSearches(in: directory),
            clock: clock, logger: TestValues.logger)

        for text in ["", "   ", "\n\t "] {
            #expect(feature.updateQuery(text) == nil, "\(text.debugDescription) starts no search")
        }
        await feature.submit()?.value

        #expect(!feature.hasSearched)
        #expect(clock.sleeperCount == 0)
    }

    @Test("whitespace around the query does not start another search")
    func sameNormalizedQueryIsNotSearchedAgain() async throws {
        let harness = try FeatureHarness()
        try await harness.search("red lamp", call: 0, answer: TestValues.page(for: "red lamp"))

        #expect(harness.feature.updateQuery("  red   lamp ") == nil)

        #expect(harness.clock.sleeperCount == 0)
        #expect(harness.feature.query == "  red   lamp ")
        #expect(harness.feature.resultsQuery == "red lamp")
    }

    @Test("submitting searches at once, without waiting for the debounce, and records a recent search")
    func submitSkipsTheDebounce() async throws {
        let harness = try FeatureHarness()
        let feature = harness.feature
        feature.updateQuery("desk")

        let task = feature.submit()
        try await harness.repository.waitForCalls(count: 1)
        harness.repository.resolve(0, with: .success(TestValues.page(for: "desk")))
        try await task?.finish()

        #expect(harness.clock.now.offset == .zero)
        #expect(harness.repository.calls.count == 1)
        #expect(feature.resultsQuery == "desk")
        #expect(feature.recentSearches == ["desk"])
        #expect(feature.submit() == nil)
        #expect(harness.repository.calls.count == 1)
    }

    @Test("a failed search keeps the last good results and reports the error")
    func failureKeepsResults() async throws {
        let harness = try FeatureHarness()
        let feature = harness.feature
        try await harness.search("lamp", call: 0, answer: TestValues.page(for: "lamp"))

        let task = feature.updateQuery("lamps")
        try await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: .milliseconds(300))
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(
            1, with: .failure(SearchError.api(.http(status: 400, body: .init(code: "bad"), retryAfter: nil))))
        try await task?.finish()

        #expect(feature.results.map(\.id.rawValue) == ["lamp-0", "lamp-1", "lamp-2"])
        #expect(feature.resultsQuery == "lamp")
        #expect(feature.error?.operation == .search)
        #expect(feature.error?.error.category == .invalidInput)
        #expect(!feature.isSearching)
    }

    @Test("a first search that fails is not an empty result")
    func initialFailureIsNotEmptyResults() async throws {
        let harness = try FeatureHarness()
        let feature = harness.feature
        let task = feature.submit()
        #expect(task == nil)
        try await harness.submit("lamp", call: 0, answer: .failure(APIError.transport(.notConnectedToInternet)))

        #expect(!feature.hasSearched)
        #expect(feature.results.isEmpty)
        #expect(feature.error?.error == .api(.transport(.notConnectedToInternet)))

        let retry = feature.retry()
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(1, with: .success(TestValues.page(for: "lamp", count: 0, total: 0)))
        try await retry?.finish()

        #expect(feature.hasSearched)
        #expect(feature.results.isEmpty)
        #expect(feature.error == nil)
    }

    @Test("cancellation reported by the repository is never shown as an error")
    func cancellationIsNotAnError() async throws {
        let harness = try FeatureHarness()
        let feature = harness.feature
        try await harness.submit("lamp", call: 0, answer: .failure(APIError.cancelled))

        #expect(feature.error == nil)
        #expect(!feature.isSearching)
    }

    @Test("clearing the query cancels the search request in flight")
    func clearQueryCancelsInFlightSearchRequest() async throws {
        let harness = try FeatureHarness()
        let feature = harness.feature
        let task = feature.updateQuery("lamp")
        try await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: .milliseconds(300))
        try await harness.repository.waitForCalls(count: 1)

        feature.updateQuery("")
        try await task?.finish()

        #expect(!harness.repository.isPending(0))
        #expect(!harness.repository.resolve(0, with: .success(TestValues.page(for: "lamp"))))
        #expect(feature.results.isEmpty)
        #expect(!feature.isSearching)
        #expect(feature.error == nil)
    }

    @Test("results from the saved products are marked offline, and a retry goes back online")
    func offlineResultsAreMarked() async throws {
        let harness = try FeatureHarness()
        let feature = harness.feature
        var saved = TestValues.page(for: "lamp")
        saved.source = .saved
        try await harness.search("lamp", call: 0, answer: saved)
        #expect(feature.isOffline)

        let retry = feature.retry()
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(1, with: .success(TestValues.page(for: "lamp")))
        try await retry?.finish()

        #expect(!feature.isOffline)
        #expect(feature.resultsSource == .server)
    }

    @Test("opening a result hands over its summary and records the query; adding to the cart hands it over")
    func eventsHandOverProductSummaries() async throws {
        let harness = try FeatureHarness()
        let feature = harness.feature
        var opened: [ProductSummary] = []
        var added: [ProductSummary] = []
        feature.onOpenProduct = { opened.append($0) }
        feature.onAddToCart = { added.append($0) }
        try await harness.search("chair", call: 0, answer: TestValues.page(for: "chair"))

        feature.openProduct(feature.results[1])
        feature.addToCart(feature.results[2])

        #expect(opened.map(\.id.rawValue) == ["chair-1"])
        #expect(added.map(\.id.rawValue) == ["chair-2"])
        #expect(feature.recentSearches == ["chair"])
    }

    @Test("product detail comes through the repository; failures are SearchErrors")
    func productDetailThroughTheRepository() async throws {
        let harness = try FeatureHarness()
        let product = TestValues.product("sku_1")
        harness.repository.setProduct(
            "sku_1", .success(ProductDetail(summary: product, description: "A lamp.", source: .server)))

        let detail = try await harness.feature.product(id: "sku_1")
        #expect(detail.summary == product)
        await #expect(throws: SearchError.self) { try await harness.feature.product(id: "sku_404") }
    }
}

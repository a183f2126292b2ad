import Foundation
import Models
import Networking
import TestSupport
import Testing

@testable import Search

@MainActor
@Suite("SearchFeature: paging")
struct SearchFeaturePagingTests {
    /// A harness showing the first page (3 of `total`) of "lamp".
    private func harnessShowingFirstPage(total: Int = 9) async throws -> FeatureHarness {
        let harness = try FeatureHarness()
        try await harness.search("lamp", call: 0, answer: TestValues.page(for: "lamp", count: 3, total: total))
        return harness
    }

    @Test("loadMore asks for the next offset and appends the page")
    func loadMoreAppends() async throws {
        let harness = try await harnessShowingFirstPage()
        let feature = harness.feature

        let task = feature.loadMore()
        #expect(feature.isLoadingMore)
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(1, with: .success(TestValues.page(for: "lamp", offset: 3, count: 3, total: 9)))
        try await task?.finish()

        let request = harness.repository.calls[1]
        #expect(request.offset == 3)
        #expect(request.limit == 3)
        #expect(request.strategy == .serverOnly)
        #expect(feature.results.map(\.id.rawValue) == (0..<6).map { "lamp-\($0)" })
        #expect(feature.hasMoreResults)
        #expect(!feature.isLoadingMore)
    }

    @Test("products the shifted result set sends again are not shown twice, and the offset still advances")
    func loadMoreDeduplicates() async throws {
        let harness = try await harnessShowingFirstPage()
        let feature = harness.feature
        // A new product ranked first shifted every result down by one: the page repeats "lamp-2".
        let shifted = [TestValues.product("lamp-2"), TestValues.product("lamp-3"), TestValues.product("lamp-4")]

        let task = feature.loadMore()
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(
            1, with: .success(SearchPage(results: OffsetPage(items: shifted, offset: 3, total: 10), source: .server)))
        try await task?.finish()

        #expect(feature.results.map(\.id.rawValue) == ["lamp-0", "lamp-1", "lamp-2", "lamp-3", "lamp-4"])
        #expect(feature.nextOffset == 6)
        #expect(feature.total == 10)
    }

    @Test("a failed page keeps the results and the offset, and a retry asks for the same page")
    func failedPageKeepsTheOffset() async throws {
        let harness = try await harnessShowingFirstPage()
        let feature = harness.feature

        let failing = feature.loadMore()
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(1, with: .failure(SearchError.api(.timeout)))
        try await failing?.finish()

        #expect(feature.results.count == 3)
        #expect(feature.nextOffset == 3)
        #expect(feature.error?.operation == .loadMore)
        #expect(!feature.isLoadingMore)

        let retry = feature.retry()
        try await harness.repository.waitForCalls(count: 3)
        harness.repository.resolve(2, with: .success(TestValues.page(for: "lamp", offset: 3, count: 3, total: 9)))
        try await retry?.finish()

        #expect(harness.repository.calls[2].offset == 3)
        #expect(feature.results.count == 6)
        #expect(feature.error == nil)
    }

    @Test("loadMore is ignored while a page or a search is loading, and after the end")
    func overlapGuard() async throws {
        let harness = try await harnessShowingFirstPage(total: 6)
        let feature = harness.feature

        let first = feature.loadMore()
        #expect(first != nil)
        #expect(feature.loadMore() == nil)
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(1, with: .success(TestValues.page(for: "lamp", offset: 3, count: 3, total: 6)))
        try await first?.finish()

        #expect(!feature.hasMoreResults)
        #expect(feature.loadMore() == nil)

        feature.updateQuery("lamps")
        #expect(feature.isSearching)
        #expect(feature.loadMore() == nil)
        #expect(harness.repository.calls.count == 2)
    }

    @Test("a page still loading when the query changes is cancelled and never appended")
    func queryChangeCancelsThePage() async throws {
        let harness = try await harnessShowingFirstPage()
        let feature = harness.feature

        let page = feature.loadMore()
        try await harness.repository.waitForCalls(count: 2)
        feature.updateQuery("lampshade")
        try await page?.finish()

        #expect(!harness.repository.isPending(1))
        #expect(feature.results.map(\.id.rawValue) == ["lamp-0", "lamp-1", "lamp-2"])
        #expect(!feature.isLoadingMore)
    }

    @Test("a result near the end appearing loads the next page; one far from it does not")
    func resultAppearedThreshold() async throws {
        let harness = try FeatureHarness(pageSize: 10)
        let feature = harness.feature
        try await harness.search("lamp", call: 0, answer: TestValues.page(for: "lamp", count: 10, total: 30))

        #expect(feature.resultAppeared(at: 4) == nil)
        let task = feature.resultAppeared(at: 5)
        #expect(task != nil)
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(1, with: .success(TestValues.page(for: "lamp", offset: 10, count: 10, total: 30)))
        try await task?.finish()
        #expect(feature.results.count == 20)
    }

    @Test("offline results page through the saved products")
    func offlineResultsPageOffline() async throws {
        let harness = try FeatureHarness()
        var saved = TestValues.page(for: "lamp", count: 3, total: 5)
        saved.source = .saved
        try await harness.search("lamp", call: 0, answer: saved)

        let task = harness.feature.loadMore()
        try await harness.repository.waitForCalls(count: 2)
        harness.repository.resolve(1, with: .success(TestValues.page(for: "lamp", offset: 3, count: 2, total: 5)))
        try await task?.finish()

        #expect(harness.repository.calls[1].strategy == .savedOnly)
        #expect(harness.feature.results.count == 5)
    }
}

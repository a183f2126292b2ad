import Feed
import Foundation
import Logging
import Models
import Networking
import Testing

@MainActor
@Suite("FeedFeature: loading, paging and their policies")
struct FeedFeatureTests {
    let repository = ControlledFeedRepository()

    @Test("a successful load shows the first page and marks the feed loaded")
    func successfulLoad() async throws {
        let feature = makeFeature(repository)
        let start = Task { await feature.start() }
        try await repository.waitForPageRequests(count: 1)
        #expect(feature.isRefreshing)
        #expect(!feature.hasLoaded)
        repository.resolvePage(0, with: .success(Samples.page(1...3, next: "c1")))
        await start.value

        #expect(feature.posts.map(\.id.rawValue) == ["post_1", "post_2", "post_3"])
        #expect(feature.hasLoaded)
        #expect(!feature.isRefreshing)
        #expect(!feature.reachedEnd)
        #expect(feature.error == nil)
        #expect(!feature.isShowingCachedPosts)
        #expect(feature.lastRefreshedAt == referenceNow)
        #expect(repository.pageRequests == [.init(cursor: nil, limit: 3)])
    }

    @Test("start shows the cached posts at once, then replaces them with the first page")
    func startShowsCacheFirst() async throws {
        let refreshedAt = referenceNow.addingTimeInterval(-3600)
        repository.setCachedFeed(
            .success(
                CachedFeed(posts: Samples.posts(7...8), nextCursor: "c-old", hasMore: true, refreshedAt: refreshedAt)))
        let feature = makeFeature(repository)
        let start = Task { await feature.start() }
        try await repository.waitForPageRequests(count: 1)

        #expect(feature.posts.map(\.id.rawValue) == ["post_7", "post_8"])
        #expect(feature.hasLoaded)
        #expect(feature.isShowingCachedPosts)
        #expect(feature.lastRefreshedAt == refreshedAt)

        repository.resolvePage(0, with: .success(Samples.page(1...3, next: "c1")))
        await start.value
        #expect(feature.posts.map(\.id.rawValue) == ["post_1", "post_2", "post_3"])
        #expect(!feature.isShowingCachedPosts)
    }

    @Test("a failed refresh keeps the posts shown and records the failure")
    func failureKeepsItems() async throws {
        let feature = try await loadedFeature(repository)
        let refresh = Task { await feature.refresh() }
        try await repository.waitForPageRequests(count: 2)
        repository.resolvePage(1, with: .failure(APIError.transport(.notConnectedToInternet)))
        await refresh.value

        #expect(feature.posts.map(\.id.rawValue) == ["post_1", "post_2", "post_3"])
        #expect(feature.hasLoaded)
        #expect(feature.error?.operation == .refresh)
        #expect(feature.error?.error.kind == .offline)
        #expect(feature.isOffline)
    }

    @Test("a failed first load is not an empty feed: nothing loaded, and the failure is kept")
    func initialFailureIsNotEmpty() async throws {
        let feature = makeFeature(repository)
        let start = Task { await feature.start() }
        try await repository.waitForPageRequests(count: 1)
        repository.resolvePage(
            0, with: .failure(APIError.http(status: 503, body: .init(code: "unavailable"), retryAfter: nil)))
        await start.value

        #expect(!feature.hasLoaded)
        #expect(feature.posts.isEmpty)
        #expect(
            feature.error
                == FeedFailure(operation: .refresh, error: FeedError(kind: .server, detail: "HTTP 503 unavailable")))
    }

    @Test("an empty first page is a loaded, empty feed")
    func loadedEmpty() async throws {
        let feature = makeFeature(repository)
        let start = Task { await feature.start() }
        repository.resolvePage(0, with: .success(FeedPage(posts: [], nextCursor: nil)))
        await start.value

        #expect(feature.hasLoaded)
        #expect(feature.posts.isEmpty)
        #expect(feature.reachedEnd)
        #expect(feature.error == nil)
    }

    @Test("retrying after a failure loads the page and clears the failure")
    func retryAfterFailure() async throws {
        let feature = makeFeature(repository)
        repository.resolvePage(0, with: .failure(APIError.timeout))
        await feature.start()
        #expect(feature.error?.error.kind == .timedOut)

        repository.resolvePage(1, with: .success(Samples.page(1...2, next: nil)))
        await feature.refresh()
        #expect(feature.error == nil)
        #expect(!feature.isOffline)
        #expect(feature.posts.count == 2)
        #expect(feature.reachedEnd)
    }

    @Test("overlap: a second refresh joins the running one instead of sending another request")
    func refreshJoinsRefresh() async throws {
        let feature = makeFeature(repository)
        let first = Task { await feature.refresh() }
        try await repository.waitForPageRequests(count: 1)
        let second = Task { await feature.refresh() }
        repository.resolvePage(0, with: .success(Samples.page(1...3, next: "c1")))
        await first.value
        await second.value

        #expect(repository.pageRequests.count == 1)
        #expect(feature.posts.count == 3)
    }

    @Test("overlap: loadNextPage is ignored while a page loads, while refreshing and before anything loaded")
    func nextPageIgnoredWhileBusy() async throws {
        let idle = makeFeature(repository)
        await idle.loadNextPage()
        #expect(repository.pageRequests.isEmpty)

        let feature = try await loadedFeature(repository)
        let page = Task { await feature.loadNextPage() }
        try await repository.waitForPageRequests(count: 2)
        await feature.loadNextPage()
        #expect(feature.isLoadingPage)
        repository.resolvePage(1, with: .success(Samples.page(4...6, next: "c2")))
        await page.value

        let refresh = Task { await feature.refresh() }
        try await repository.waitForPageRequests(count: 3)
        await feature.loadNextPage()
        repository.resolvePage(2, with: .success(Samples.page(1...3, next: "c1")))
        await refresh.value

        #expect(repository.pageRequests.map(\.cursor) == [nil, "c1", nil])
    }

    @Test("overlap: a refresh cancels a page that is loading, and the page's posts are never appended")
    func refreshCancelsPage() async throws {
        let feature = try await loadedFeature(repository)
        let page = Task { await feature.loadNextPage() }
        try await repository.waitForPageRequests(count: 2)
        let refresh = Task { await feature.refresh() }
        try await repository.waitForPageRequests(count: 3)
        await page.value
        #expect(repository.cancelledPageRequests == [1])

        repository.resolvePage(2, with: .success(Samples.page(10...12, next: "c10")))
        await refresh.value
        #expect(feature.posts.map(\.id.rawValue) == ["post_10", "post_11", "post_12"])
        #expect(feature.error == nil)
        #expect(!feature.isLoadingPage)
    }

    @Test("cancellation is never shown as an error: the posts, the flags and the cursor stay as they were")
    func cancellationIsNotAnError() async throws {
        let feature = try await loadedFeature(repository)
        let refresh = Task { await feature.refresh() }
        try await repository.waitForPageRequests(count: 2)
        feature.cancelLoading()
        await refresh.value
        #expect(feature.error == nil)
        #expect(!feature.isRefreshing)
        #expect(feature.posts.count == 3)

        let page = Task { await feature.loadNextPage() }
        try await repository.waitForPageRequests(count: 3)
        page.cancel()
        await page.value
        #expect(feature.error == nil)
        #expect(!feature.isLoadingPage)

        let again = Task { await feature.loadNextPage() }
        try await repository.waitForPageRequests(count: 4)
        repository.resolvePage(3, with: .success(Samples.page(4...4, next: nil)))
        await again.value
        #expect(repository.pageRequests.map(\.cursor) == [nil, nil, "c1", "c1"])
        #expect(repository.cancelledPageRequests == [1, 2])
    }

    @Test("a transport-reported cancellation is not shown as an error either")
    func transportCancellation() async throws {
        let feature = try await loadedFeature(repository)
        repository.resolvePage(1, with: .failure(APIError.cancelled))
        await feature.refresh()
        #expect(feature.error == nil)
        #expect(feature.posts.count == 3)
    }

    @Test("posts are de-duplicated by id across pages")
    func deduplication() async throws {
        let feature = try await loadedFeature(repository)
        repository.resolvePage(1, with: .success(Samples.page(3...5, next: "c2")))
        await feature.loadNextPage()
        #expect(feature.posts.map(\.id.rawValue) == ["post_1", "post_2", "post_3", "post_4", "post_5"])
    }

    @Test("a failed page keeps the cursor: retrying asks for the same page")
    func cursorKeptOnFailure() async throws {
        let feature = try await loadedFeature(repository)
        repository.resolvePage(1, with: .failure(APIError.transport(.networkConnectionLost)))
        await feature.loadNextPage()
        #expect(feature.error?.operation == .nextPage)
        #expect(feature.posts.count == 3)

        repository.resolvePage(2, with: .success(Samples.page(4...6, next: "c2")))
        await feature.loadNextPage()
        #expect(repository.pageRequests.map(\.cursor) == [nil, "c1", "c1"])
        #expect(feature.error == nil)
        #expect(feature.posts.count == 6)
    }

    @Test("after the last page, loadNextPage sends nothing")
    func endReached() async throws {
        let feature = try await loadedFeature(repository)
        repository.resolvePage(1, with: .success(Samples.page(4...5, next: nil)))
        await feature.loadNextPage()
        #expect(feature.reachedEnd)

        await feature.loadNextPage()
        #expect(feature.postAppeared(PostID(rawValue: "post_5")) == nil)
        #expect(repository.pageRequests.count == 2)
    }

    @Test("postAppeared loads the next page only within five posts of the end, and not after a failed page")
    func postAppearedThreshold() async throws {
        let feature = makeFeature(repository, pageSize: 20)
        repository.resolvePage(0, with: .success(Samples.page(1...20, next: "c1")))
        await feature.refresh()

        #expect(feature.postAppeared(PostID(rawValue: "post_1")) == nil)
        #expect(feature.postAppeared(PostID(rawValue: "post_15")) == nil)
        #expect(feature.postAppeared(PostID(rawValue: "unknown")) == nil)
        let load = try #require(feature.postAppeared(PostID(rawValue: "post_16")))
        #expect(feature.postAppeared(PostID(rawValue: "post_20")) == nil)
        repository.resolvePage(1, with: .failure(APIError.timeout))
        await load.value
        #expect(repository.pageRequests.count == 2)

        #expect(feature.postAppeared(PostID(rawValue: "post_20")) == nil)
        repository.resolvePage(2, with: .success(Samples.page(21...40, next: "c2")))
        await feature.loadNextPage()
        #expect(feature.posts.count == 40)
        #expect(feature.postAppeared(PostID(rawValue: "post_35")) == nil)
        let next = try #require(feature.postAppeared(PostID(rawValue: "post_36")))
        repository.resolvePage(3, with: .success(Samples.page(41...41, next: nil)))
        await next.value
        #expect(repository.pageRequests.map(\.cursor) == [nil, "c1", "c1", "c2"])
    }

    @Test("a cache that cannot be read is an honest store error; the network still loads the feed")
    func unreadableCache() async throws {
        repository.setCachedFeed(.failure(FeedStoreError(reason: "file is not a database")))
        let feature = makeFeature(repository)
        repository.resolvePage(
            0,
            with: .success(
                FeedPage(
                    posts: Samples.posts(1...2), nextCursor: nil,
                    storeFailure: FeedStoreError(reason: "file is not a database"))))
        await feature.start()

        #expect(feature.storeError?.kind == .storeUnavailable)
        #expect(feature.posts.count == 2)
        #expect(feature.error == nil)
    }
}

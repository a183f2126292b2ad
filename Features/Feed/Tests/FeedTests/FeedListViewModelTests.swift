import DesignSystem
import Foundation
import Models
import Networking
import TerminalUI
import TestSupport
import Testing

@testable import Feed

@MainActor
@Suite("FeedListViewModel: rows, states, notices, footer and selection")
struct FeedListViewModelTests {
    let repository = ControlledFeedRepository()
    let formatter = makeFormatter(excerptLength: 24)

    @Test("rows show the author, a relative time, a caption excerpt, a compact count and the like state")
    func rows() async throws {
        var post = Samples.post(180, likes: 1234, liked: true, product: "sku_1", kind: .video)
        post.caption = "The glaze came out better than expected."
        let feature = makeFeature(repository)
        repository.resolvePage(0, with: .success(FeedPage(posts: [post, Samples.post(2)], nextCursor: nil)))
        await feature.start()
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: nil)

        #expect(
            model.rows.first
                == FeedRow(
                    id: PostID(rawValue: "post_180"), author: "author180", age: "3h", kind: "Video",
                    caption: "The glaze came out…", likeCount: "1.2K", isLiked: true, hasProduct: true))
        #expect(model.rows.last?.kind == nil)
        #expect(model.rows.last?.age == "2m")
        #expect(model.subtitle == "Updated just now")
    }

    @Test("never loaded is loading, then a failure with retry; loaded and empty is its own state")
    func contentStates() async throws {
        let feature = makeFeature(repository)
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: nil)
        #expect(model.content == .loading)

        let start = Task { await feature.start() }
        try await repository.waitForPageRequests(count: 1)
        #expect(model.content == .loading)
        #expect(model.subtitle == nil)
        repository.resolvePage(0, with: .failure(APIError.transport(.cannotConnectToHost)))
        await start.value
        #expect(
            model.content
                == .failed(
                    Notice(
                        .error, message: "Couldn't load the feed. You're offline.", actionHint: "Press r to retry"
                    )))
        #expect(model.notices.isEmpty)
        #expect(model.footer == .none)

        repository.resolvePage(1, with: .success(FeedPage(posts: [], nextCursor: nil)))
        await model.retry().value
        #expect(model.content == .empty)
        #expect(model.footer == .none)
    }

    @Test("send is the one entry point: what applies, what is ignored, and the task of what waits")
    func sendIntents() async throws {
        let feature = makeFeature(repository)
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: nil)
        #expect(!model.send(.openSelected).isHandled, "nothing is selected before the first page")
        #expect(!model.send(.toggleLikeOfSelected).isHandled)
        #expect(!model.send(.showNewPosts).isHandled, "no new posts were announced")
        #expect(!model.send(.move(.down, visibleCount: 5)).isHandled, "an empty list has nothing to move in")
        let retry = model.send(.retry)
        #expect(retry.isHandled)
        try await repository.waitForPageRequests(count: 1)
        repository.resolvePage(0, with: .success(FeedPage(posts: [Samples.post(1), Samples.post(2)], nextCursor: nil)))
        await retry.task?.value
        #expect(model.rows.count == 2)
        #expect(model.send(.move(.down, visibleCount: 5)).isHandled)
        #expect(model.selectedPostID == PostID(rawValue: "post_2"))
        model.send(.move(.down, visibleCount: 5))
        #expect(model.selectedPostID == PostID(rawValue: "post_2"), "the last post stays selected")
    }

    @Test("notices: a failed refresh over loaded posts, a failed like, a like waiting for sign-in, the store")
    func notices() async throws {
        let feature = makeFeature(repository)
        repository.resolvePage(
            0,
            with: .success(
                FeedPage(
                    posts: Samples.posts(1...3), nextCursor: "c1", storeFailure: FeedStoreError(reason: "disk full"))))
        await feature.start()
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: nil)
        repository.resolvePage(
            1, with: .failure(APIError.http(status: 500, body: .init(code: "internal"), retryAfter: nil)))
        await feature.refresh()
        repository.setLikeFailure(FeedStoreError(reason: "disk full"))
        await feature.toggleLike(PostID(rawValue: "post_1"))
        repository.send(.signInRequired(PostID(rawValue: "post_2")))
        try await waitUntil { feature.isWaitingForSignIn }

        #expect(
            model.notices.map(\.message) == [
                "Couldn't refresh the feed. The store is having trouble right now.",
                "Couldn't save your like. Saved posts are unavailable on this device.",
                "Sign in to save your likes.",
                "Saved posts are unavailable on this device. The feed works while online.",
            ])

        #expect(
            model.notices.first
                == Notice(
                    .error, message: "Couldn't refresh the feed. The store is having trouble right now.",
                    actionHint: "Press r to retry"))
        repository.setLikeFailure(nil)
        await feature.toggleLike(PostID(rawValue: "post_1"))
        #expect(model.notices.count == 3)
    }

    @Test("the footer shows loading more, a failed page with retry, and the end")
    func footer() async throws {
        let feature = makeFeature(repository)
        repository.resolvePage(0, with: .success(Samples.page(1...3, next: "c1")))
        await feature.start()
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: nil)
        #expect(model.footer == .none)

        let page = Task { await feature.loadNextPage() }
        try await repository.waitForPageRequests(count: 2)
        #expect(model.footer == .loadingMore)
        repository.resolvePage(1, with: .failure(APIError.timeout))
        await page.value
        #expect(
            model.footer
                == .loadMoreFailed(
                    Notice(
                        .error, message: "Couldn't load more posts. The server took too long to answer.",
                        actionHint: "Press r to retry")))

        repository.resolvePage(2, with: .success(Samples.page(4...4, next: nil)))
        await model.retry().value
        #expect(repository.pageRequests.map(\.cursor) == [nil, "c1", "c1"])
        #expect(model.footer == .end)
    }

    @Test("moving the selection near the end loads the next page; enter, l and p act on the selected post")
    func selection() async throws {
        let feature = makeFeature(repository, pageSize: 8)
        repository.resolvePage(
            0,
            with: .success(
                FeedPage(
                    posts: Samples.posts(1...7) + [Samples.post(8, product: "sku_8")], nextCursor: "c1")))
        await feature.start()
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: nil)
        var opened: [String] = []
        feature.onOpenPost = { opened.append($0.rawValue) }
        feature.onOpenProduct = { opened.append($0.rawValue) }

        #expect(model.moveSelection(.down, visibleCount: 4))
        #expect(model.moveSelection(.down, visibleCount: 4))
        #expect(model.selectedPostID == PostID(rawValue: "post_3"))
        #expect(repository.pageRequests.count == 1)
        #expect(model.moveSelection(.down, visibleCount: 4))
        try await repository.waitForPageRequests(count: 2)
        #expect(model.footer == .loadingMore)
        repository.resolvePage(1, with: .success(Samples.page(9...9, next: nil)))

        model.select(index: 7, visibleCount: 4)
        model.openSelected()
        model.openSelectedProduct()
        await model.toggleLikeOfSelected()?.value
        #expect(opened == ["post_8", "sku_8"])
        #expect(feature.post(withID: PostID(rawValue: "post_8"))?.isLiked == true)
        #expect(model.rows[7].likeCount == "11")
        #expect(FeedListView(viewModel: model, theme: .ascii, keyMap: .defaults).handle(.character("x")) == .ignored)
    }

    @Test("while the first page loads again, the subtitle says so")
    func refreshingSubtitle() async throws {
        let feature = makeFeature(repository)
        repository.resolvePage(0, with: .success(Samples.page(1...3, next: "c1")))
        await feature.start()
        let model = FeedListViewModel(feature: feature, formatter: formatter, pictures: nil)
        let refresh = Task { await feature.refresh() }
        try await repository.waitForPageRequests(count: 2)
        #expect(model.subtitle == "Refreshing…")
        repository.resolvePage(1, with: .success(Samples.page(1...3, next: "c1")))
        await refresh.value
        #expect(model.subtitle == "Updated just now")
    }
}

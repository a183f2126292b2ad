import DesignSystem
import Foundation
import Models
import TerminalUI
import TestSupport
import Testing

@testable import Feed

/// Live events applied to the feed: new posts wait behind a notice, like counts change in place unless a like made
/// here is pending.
@MainActor
@Suite("FeedFeature and FeedListViewModel: live updates")
struct FeedLiveUpdateTests {
    let repository = ControlledFeedRepository()

    @Test("a live like count changes the post in place; the order and the other posts stay")
    func likeCountInPlace() async throws {
        let feature = try await loadedFeature(repository)
        feature.applyLiveLikeCount(13, of: PostID(rawValue: "post_2"))
        #expect(feature.posts.map(\.id.rawValue) == ["post_1", "post_2", "post_3"])
        #expect(feature.posts.map(\.likeCount) == [10, 13, 10])
        #expect(feature.post(withID: PostID(rawValue: "post_2"))?.isLiked == false)
        feature.applyLiveLikeCount(7, of: PostID(rawValue: "post_99"))
        #expect(feature.posts.map(\.likeCount) == [10, 13, 10])
    }

    @Test("while a like made here waits for the server, live counts for that post are ignored; its answer settles it")
    func pendingLikeWins() async throws {
        let feature = try await loadedFeature(repository)
        let id = PostID(rawValue: "post_1")
        await feature.toggleLike(id)
        #expect(feature.post(withID: id)?.likeCount == 11)
        feature.applyLiveLikeCount(10, of: id)
        #expect(feature.post(withID: id)?.likeCount == 11)
        #expect(feature.post(withID: id)?.isLiked == true)

        repository.send(.likeSaved(LikeStatus(postID: id, isLiked: true, likeCount: 12)))
        try await waitUntil { feature.post(withID: id)?.likeCount == 12 }
        feature.applyLiveLikeCount(15, of: id)
        #expect(feature.post(withID: id)?.likeCount == 15)
    }

    @Test("new posts wait behind 'N new posts' and n inserts them above, keeping the selected post where it was")
    func newPostsNotice() async throws {
        let feature = try await loadedFeature(repository)
        let model = FeedListViewModel(feature: feature, formatter: makeFormatter(), pictures: nil)
        _ = model.moveSelection(.down, visibleCount: 3)
        #expect(model.selectedPostID?.rawValue == "post_2")
        let firstVisible = model.listState.firstVisibleIndex

        feature.announceNewPost(Samples.post(0))
        feature.announceNewPost(Samples.post(-1))
        feature.announceNewPost(Samples.post(0))
        feature.announceNewPost(Samples.post(2))
        #expect(feature.posts.map(\.id.rawValue) == ["post_1", "post_2", "post_3"])
        #expect(feature.newPosts.map(\.id.rawValue) == ["post_-1", "post_0"])
        #expect(model.notices.map(\.message) == ["2 new posts"])
        #expect(model.notices.first?.actionHint == "Press n to show")

        #expect(model.showNewPosts())
        #expect(feature.posts.map(\.id.rawValue) == ["post_-1", "post_0", "post_1", "post_2", "post_3"])
        #expect(model.selectedPostID?.rawValue == "post_2")
        #expect(model.listState.firstVisibleIndex == firstVisible + 2)
        #expect(model.notices.isEmpty)
        #expect(!model.showNewPosts())
    }

    @Test("the n key inserts new posts and is left to the App when there are none")
    func newPostsKey() async throws {
        let feature = try await loadedFeature(repository)
        let view = FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: makeFormatter(), pictures: nil), theme: .ascii,
            keyMap: .defaults)
        #expect(view.handle(KeyEvent(.character("n"))) == .ignored)
        feature.announceNewPost(Samples.post(0))
        let screen = view.render(size: TerminalSize(columns: 80, rows: 20)).map(\.plainText).joined(separator: "\n")
        #expect(screen.contains("1 new post"))
        #expect(view.handle(KeyEvent(.character("n"))) == .handled)
        #expect(feature.posts.first?.id.rawValue == "post_0")
    }

    @Test("a refresh brings the new posts itself, and the notice goes")
    func refreshClearsNewPosts() async throws {
        let feature = try await loadedFeature(repository)
        feature.announceNewPost(Samples.post(0))
        let refresh = Task { await feature.refresh() }
        try await waitUntil { repository.pageRequests.count == 2 }
        repository.resolvePage(1, with: .success(Samples.page(0...3, next: "c1")))
        await refresh.value
        #expect(feature.newPosts.isEmpty)
        #expect(feature.posts.first?.id.rawValue == "post_0")
    }
}

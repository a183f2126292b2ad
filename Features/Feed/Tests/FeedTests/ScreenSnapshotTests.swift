import DesignSystem
import FeatureKit
import Foundation
import Models
import SnapshotTestSupport
import TerminalUI
import TestSupport
import Testing

@testable import Feed

/// Every Feed screen in its states at the four layouts of every screen (80x24, 120x40, 40x12 without colour,
/// 120x40 with 256 colours), as text and style grids in `Snapshots/` (`<Screen>.<state>.<layout>.snap`). Ages and
/// dates are measured from `referenceNow` (2026-01-01T12:00:00Z, UTC), so nothing depends on today. Re-record with
/// `RECORD_SNAPSHOTS=1` (see DesignSystem/README.md, "Snapshot tests").
@MainActor
@Suite("Feed screen snapshots", .timeLimit(.minutes(2)))
struct ScreenSnapshotTests {
    private static let offline = FeedError(kind: .offline, detail: "not connected to the internet")

    /// The feed list: the first load on its way, no posts, offline with nothing cached, the cached posts while
    /// offline, a loaded page with more to come, and a long page of long captions.
    enum ListState: String, CaseIterable, Sendable {
        case loading, empty, offline
        case cachedOffline = "cached_offline"
        case loaded, long
    }

    @Test("the feed list", arguments: ListState.allCases, SnapshotLayout.everyScreen)
    func list(state: ListState, layout: SnapshotLayout) async throws {
        let repository = ControlledFeedRepository()
        let feature = makeFeature(repository, pageSize: 30)
        switch state {
        case .loading:
            break
        case .empty:
            repository.resolvePage(0, with: .success(FeedPage(posts: [], nextCursor: nil)))
        case .offline:
            repository.resolvePage(0, with: .failure(Self.offline))
        case .cachedOffline:
            repository.setCachedFeed(
                .success(
                    CachedFeed(
                        posts: Samples.posts(1...4), nextCursor: "c1", hasMore: true,
                        refreshedAt: referenceNow.addingTimeInterval(-3_600))))
            repository.resolvePage(0, with: .failure(Self.offline))
        case .loaded:
            var first = Samples.post(180, likes: 1_234, liked: true, product: "sku_1")
            first.caption = "The glaze came out better than expected."
            let posts = [first, Samples.post(2), Samples.post(3_000, kind: .photo)]
            repository.resolvePage(0, with: .success(FeedPage(posts: posts, nextCursor: "c1")))
        case .long:
            let posts = (1...30).map { number in
                var post = Samples.post(number * 97, likes: number * 1_111, liked: number.isMultiple(of: 4))
                post.caption = String(
                    repeating: "Throwing a set of stoneware bowls on the wheel, glazed in ash and iron. ",
                    count: 3)
                return post
            }
            repository.resolvePage(0, with: .success(FeedPage(posts: posts, nextCursor: "c2")))
        }
        if state != .loading { await feature.start() }
        let view = FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: makeFormatter(), pictures: nil),
            theme: .unicode, keyMap: .defaults)
        expectSnapshot(of: view.render(size: layout.size), named: "Feed.\(state.rawValue)", layout: layout)
    }

    /// A post's detail: loading with no copy known (a deep link), loaded, the feed's copy while offline, offline
    /// with no copy, and a long caption.
    enum DetailState: String, CaseIterable, Sendable {
        case loading, loaded
        case cachedOffline = "cached_offline"
        case offline, long
    }

    @Test("a post's detail", arguments: DetailState.allCases, SnapshotLayout.everyScreen)
    func detail(state: DetailState, layout: SnapshotLayout) async throws {
        let repository = ControlledFeedRepository()
        let feature = makeFeature(repository)
        var post = Samples.post(95, likes: 12_345, liked: true, product: "sku_9")
        post.caption = "A stoneware bowl, glazed in ash and iron."
        switch state {
        case .loading: break
        case .loaded: repository.setPost(.success(post))
        case .cachedOffline: repository.setPost(.failure(Self.offline), cached: [post])
        case .offline: repository.setPost(.failure(Self.offline))
        case .long:
            post.caption = String(
                repeating: "Throwing a set of stoneware bowls on the wheel, glazed in ash and iron. ", count: 12)
            repository.setPost(.success(post))
        }
        let viewModel = PostDetailViewModel(postID: post.id, feature: feature, formatter: makeFormatter())
        if state != .loading { await viewModel.load() }
        let view = PostDetailView(viewModel: viewModel, theme: .unicode, keyMap: .defaults)
        expectSnapshot(of: view.render(size: layout.size), named: "Post.\(state.rawValue)", layout: layout)
    }

    /// Issue 29's contract: every destination of the entry has snapshots, each under the screen name given here.
    @Test("every destination of the entry has a snapshot in each of its states at the four layouts")
    func everyDestinationHasSnapshots() {
        let screens = [FeedEntry.feedPattern: "Feed", FeedEntry.postPattern: "Post"]
        expectSnapshotCoverage(feature: FeedEntry.name, destinations: FeedDestination.patterns, screens: screens)
    }
}

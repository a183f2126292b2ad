import FeaturePreview
import Feed
import Foundation
import Logging
import Models
import TerminalUI

/// Every Feed screen in its states over preview data: the feed (loading, empty, offline with and without a cached
/// copy, loaded, long) and a post (loading, loaded, the cached copy offline, offline, long). No server: posts come
/// from a preview repository; likes are kept in memory.
public enum FeedPreviews {
    /// The catalog `FeedPreview` shows.
    public static let catalog = PreviewCatalog(feature: "Feed", screens: [feed, post])

    static let offline = FeedError(kind: .offline, detail: "not connected to the internet (preview)")

    static let feed = PreviewScreen(
        "Feed", routes: [FeedEntry.feedPattern],
        states: [
            PreviewState("loaded") { listView(server: .posts(PreviewPosts.posts(45, now: $0.now)), $0) },
            PreviewState("empty") { listView(server: .posts([]), $0) },
            PreviewState("long") { listView(server: .posts(PreviewPosts.longPosts(30, now: $0.now)), $0) },
            PreviewState("loading") { listView(server: .pending, $0) },
            PreviewState("offline") { listView(server: .failure(offline), $0) },
            PreviewState("cached offline") { environment in
                let cached = CachedFeed(
                    posts: PreviewPosts.posts(4, now: environment.now), nextCursor: "4", hasMore: true,
                    refreshedAt: environment.now.addingTimeInterval(-3_600))
                return listView(cached: cached, server: .failure(offline), environment)
            },
        ])

    static let post = PreviewScreen(
        "Post", routes: [FeedEntry.postPattern],
        states: [
            PreviewState("loaded") { detailView(server: .posts(PreviewPosts.posts(3, now: $0.now)), $0) },
            PreviewState("long") { detailView(server: .posts(PreviewPosts.longPosts(3, now: $0.now)), $0) },
            PreviewState("loading") { detailView(server: .pending, $0) },
            PreviewState("offline") { detailView(server: .failure(offline), $0) },
            PreviewState("cached offline") { environment in
                let cached = CachedFeed(
                    posts: PreviewPosts.posts(3, now: environment.now), nextCursor: nil, hasMore: false,
                    refreshedAt: environment.now.addingTimeInterval(-3_600))
                return detailView(cached: cached, server: .failure(offline), environment)
            },
            PreviewState("not found") { detailView(server: .posts([]), $0) },
        ])

    @MainActor
    static func feature(cached: CachedFeed?, server: PreviewFeedRepository.Answer, _ environment: PreviewEnvironment)
        -> FeedFeature
    {
        let now = environment.now
        let feature = FeedFeature(
            repository: PreviewFeedRepository(cached: cached, server: server),
            logger: Logger(label: "feed-preview", handler: CapturingLogHandler(logLevel: .critical)), now: { now },
            pageSize: 20, prefetchDistance: 5, likesEnabled: true)
        feature.isSignedIn = true
        feature.onOpenPost = { environment.report("open post \($0)") }
        feature.onOpenProduct = { environment.report("show product \($0)") }
        return feature
    }

    @MainActor
    static func formatter(_ environment: PreviewEnvironment) -> FeedFormatter {
        let now = environment.now
        return FeedFormatter(
            now: { now }, locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .current,
            excerptLength: 72)
    }

    @MainActor
    static func listView(
        cached: CachedFeed? = nil, server: PreviewFeedRepository.Answer, _ environment: PreviewEnvironment
    ) -> any TerminalView {
        let feature = feature(cached: cached, server: server, environment)
        Task { await feature.start() }
        return FeedListView(
            viewModel: FeedListViewModel(feature: feature, formatter: formatter(environment), pictures: nil),
            theme: environment.theme, keyMap: .defaults)
    }

    @MainActor
    static func detailView(
        cached: CachedFeed? = nil, server: PreviewFeedRepository.Answer, _ environment: PreviewEnvironment
    ) -> any TerminalView {
        let feature = feature(cached: cached, server: server, environment)
        let viewModel = PostDetailViewModel(postID: "post_1", feature: feature, formatter: formatter(environment))
        viewModel.send(.load)
        return PostDetailView(viewModel: viewModel, theme: environment.theme, keyMap: .defaults)
    }
}

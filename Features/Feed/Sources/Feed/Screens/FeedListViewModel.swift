import DesignSystem
import FeatureKit
import FeaturePictures
import Foundation
import Models
import Observation
import TerminalUI

/// One post as a row of the feed list: every value a string or a flag, ready to show.
public struct FeedRow: Sendable, Hashable, Identifiable {
    /// The post.
    public var id: PostID
    /// The author's name.
    public var author: String
    /// How long ago the post was published: `"3h"`.
    public var age: String
    /// The kind, for posts that are not photos (`"Video"`, `"Carousel"`, `"Post"`); nil for a photo.
    public var kind: String?
    /// The caption on one line, cut with `"…"`; empty when the post has none.
    public var caption: String
    /// The like count in a few characters: `"1.2K"`.
    public var likeCount: String
    /// Whether the user likes the post.
    public var isLiked: Bool
    /// Whether the post features a product that can be opened.
    public var hasProduct: Bool

    /// Creates a row.
    public init(
        id: PostID, author: String, age: String, kind: String?, caption: String, likeCount: String, isLiked: Bool,
        hasProduct: Bool
    ) {
        self.id = id
        self.author = author
        self.age = age
        self.kind = kind
        self.caption = caption
        self.likeCount = likeCount
        self.isLiked = isLiked
        self.hasProduct = hasProduct
    }

    /// The row of `post`, formatted by `formatter`: what the list shows, and what `storefront feed` prints.
    public init(_ post: Post, formatter: FeedFormatter) {
        self.init(
            id: post.id, author: post.authorName, age: formatter.relativeTime(since: post.createdAt),
            kind: post.kind == .photo ? nil : post.kind.label, caption: formatter.excerpt(post.caption),
            likeCount: formatter.compactCount(post.likeCount), isLiked: post.isLiked,
            hasProduct: post.productID != nil)
    }
}

/// What the body of the feed list shows.
public enum FeedListContent: Sendable, Hashable {
    /// Nothing was ever shown and the first page is loading.
    case loading
    /// Nothing was ever shown and loading failed: a full-screen message with a retry (never an empty list).
    case failed(Notice)
    /// The feed loaded and has no posts.
    case empty
    /// The posts.
    case posts([FeedRow])
}

/// What the end of the feed list shows.
public enum FeedListFooter: Sendable, Hashable {
    /// Nothing.
    case none
    /// The next page is loading.
    case loadingMore
    /// The next page failed; the message says how to retry.
    case loadMoreFailed(Notice)
    /// Every post has been shown.
    case end
}

/// The feed list screen: the Feature's state as rows, notices and a footer, the list's selection, and the actions
/// of its keys.
///
/// Moving the selection tells the Feature which post came into view (`FeedFeature.postAppeared(_:)`), which loads
/// the next page near the end. As the view lays the list out, the pictures of the posts on screen and of the next
/// screenful are loaded ahead (`prefetchPictures(visibleCount:)`), so a post opened from the list draws at once.
@MainActor
@Observable
public final class FeedListViewModel {
    /// The Feature shown.
    public let feature: FeedFeature
    /// The formatter of times, counts and captions.
    public let formatter: FeedFormatter
    /// The selection and scroll position of the list.
    public private(set) var listState = ListState()
    @ObservationIgnored private let prefetcher: PicturePrefetcher?

    /// Creates the view model of `feature`'s list.
    ///
    /// - Parameter pictures: Loads ahead the pictures of the posts about to appear; nil loads none.
    public init(feature: FeedFeature, formatter: FeedFormatter, pictures: ScreenPictures?) {
        self.feature = feature
        self.formatter = formatter
        prefetcher = pictures.map(PicturePrefetcher.init(pictures:))
    }

    /// The screen's title.
    public var title: String { "Feed" }

    /// Below the title: `"Refreshing…"` while the first page loads again, else when the posts were fetched
    /// (`"Updated 3h ago"`, `"Updated just now"`, `"Updated on Mar 4"`), else nil.
    public var subtitle: String? {
        if feature.isRefreshing && feature.hasLoaded { return "Refreshing…" }
        return feature.lastRefreshedAt.map { "Updated \(formatter.timeAgo(since: $0))" }
    }

    /// The posts as rows, in feed order.
    public var rows: [FeedRow] {
        feature.posts.map { FeedRow($0, formatter: formatter) }
    }

    /// What the body shows (see `FeedListContent`).
    public var content: FeedListContent {
        if !feature.hasLoaded {
            if let failure = feature.error, !feature.isRefreshing {
                return .failed(
                    Notice(
                        .error, message: "Couldn't load the feed. \(failure.error.userMessage)",
                        actionHint: "Press r to retry"))
            }
            return .loading
        }
        return feature.posts.isEmpty ? .empty : .posts(rows)
    }

    /// Messages above the list, most important first: offline with saved posts, a failed refresh, new posts the
    /// live stream announced, a failed like, a like waiting for sign-in, an unusable local store.
    public var notices: [Notice] {
        guard feature.hasLoaded else { return [] }
        var notices: [Notice] = []
        if feature.isShowingCachedPostsOffline {
            let saved = feature.lastRefreshedAt.map { " saved \(formatter.timeAgo(since: $0))" } ?? ""
            notices.append(
                Notice(.warning, message: "You're offline. Showing posts\(saved).", actionHint: "Press r to retry"))
        } else if let failure = feature.error, failure.operation == .refresh {
            notices.append(
                Notice(
                    .error, message: "Couldn't refresh the feed. \(failure.error.userMessage)",
                    actionHint: "Press r to retry"))
        }
        if !feature.newPosts.isEmpty {
            let count = feature.newPosts.count
            notices.append(
                Notice(.info, message: count == 1 ? "1 new post" : "\(count) new posts", actionHint: "Press n to show"))
        }
        if let likeError = feature.likeError {
            notices.append(Notice(.error, message: "Couldn't save your like. \(likeError.userMessage)"))
        }
        if feature.isWaitingForSignIn {
            notices.append(Notice(.info, message: "Sign in to save your likes."))
        }
        if let storeError = feature.storeError {
            notices.append(
                Notice(.warning, message: "\(storeError.userMessage) The feed works while online."))
        }
        return notices
    }

    /// What the end of the list shows.
    public var footer: FeedListFooter {
        guard feature.hasLoaded, !feature.posts.isEmpty else { return .none }
        if feature.isLoadingPage { return .loadingMore }
        if let failure = feature.error, failure.operation == .nextPage {
            return .loadMoreFailed(
                Notice(
                    .error, message: "Couldn't load more posts. \(failure.error.userMessage)",
                    actionHint: "Press r to retry"))
        }
        return feature.reachedEnd ? .end : .none
    }

    /// The id of the selected post, or nil when the list is empty.
    public var selectedPostID: PostID? {
        let posts = feature.posts
        guard !posts.isEmpty else { return nil }
        return posts[min(max(listState.selectedIndex, 0), posts.count - 1)].id
    }

    // MARK: - Intents

    /// What the feed screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Move the selection in a list that shows `visibleCount` posts at a time.
        case move(ListState.Move, visibleCount: Int)
        /// Select the post at `index`.
        case select(index: Int, visibleCount: Int)
        /// Insert the announced new posts above the ones shown.
        case showNewPosts
        /// Open the selected post.
        case openSelected
        /// Open the product of the selected post.
        case openSelectedProduct
        /// Like or unlike the selected post.
        case toggleLikeOfSelected
        /// Retry what failed.
        case retry
        /// Load ahead the pictures of the posts on screen (`visibleCount` 0: none are on screen).
        case prefetchPictures(visibleCount: Int)
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    ///
    /// - Returns: Whether it applied (a move with nowhere to go, a like with nothing selected do not), and the task.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .move(let move, let visibleCount):
            return moveSelection(move, visibleCount: visibleCount) ? .handled : .ignored
        case .select(let index, let visibleCount):
            select(index: index, visibleCount: visibleCount)
        case .showNewPosts:
            return showNewPosts() ? .handled : .ignored
        case .openSelected:
            guard selectedPostID != nil else { return .ignored }
            openSelected()
        case .openSelectedProduct:
            guard selectedPostID != nil else { return .ignored }
            openSelectedProduct()
        case .toggleLikeOfSelected:
            return toggleLikeOfSelected().map(IntentOutcome.started) ?? .ignored
        case .retry:
            return .started(retry())
        case .prefetchPictures(let visibleCount):
            prefetchPictures(visibleCount: visibleCount)
        }
        return .handled
    }

    // MARK: - Actions

    /// Moves the selection in a list that shows `visibleCount` posts at a time; the newly selected post counts as
    /// appeared.
    ///
    /// - Returns: Whether there was a post to move to.
    @discardableResult
    func moveSelection(_ move: ListState.Move, visibleCount: Int) -> Bool {
        let moved = listState.apply(move, itemCount: feature.posts.count, visibleCount: visibleCount)
        if moved, let id = selectedPostID {
            feature.postAppeared(id)
        }
        return moved
    }

    /// Selects the post at `index` (clamped to the list) and reports it as appeared.
    func select(index: Int, visibleCount: Int) {
        listState.selectedIndex = index
        listState.scrollToSelection(itemCount: feature.posts.count, visibleCount: visibleCount)
        if let id = selectedPostID {
            feature.postAppeared(id)
        }
    }

    /// Inserts the announced new posts above the ones shown, keeping the selected post selected and where it was
    /// on screen (the new ones are above it, reached by scrolling up).
    ///
    /// - Returns: Whether there were new posts.
    @discardableResult
    func showNewPosts() -> Bool {
        let wasEmpty = feature.posts.isEmpty
        let inserted = feature.showNewPosts()
        guard inserted > 0 else { return false }
        if !wasEmpty {
            listState.selectedIndex += inserted
            listState.firstVisibleIndex += inserted
        }
        return true
    }

    /// Opens the selected post (`FeedFeature.onOpenPost`).
    func openSelected() {
        guard let id = selectedPostID else { return }
        feature.openPost(id)
    }

    /// Opens the product of the selected post (`FeedFeature.onOpenProduct`), when it has one.
    func openSelectedProduct() {
        guard let id = selectedPostID else { return }
        feature.openProduct(of: id)
    }

    /// Whether the screen offers the like action (the `feed_likes` flag).
    public var canLike: Bool { feature.likesEnabled }

    /// Likes or unlikes the selected post.
    ///
    /// - Returns: The task recording the like, or nil when nothing is selected or likes are off.
    @discardableResult
    func toggleLikeOfSelected() -> Task<Void, Never>? {
        guard canLike, let id = selectedPostID else { return nil }
        if feature.askedForSignIn(toLike: id) { return Task {} }
        let feature = feature
        return Task { await feature.toggleLike(id) }
    }

    /// Retries what failed: the next page after a failed page, a refresh otherwise.
    ///
    /// - Returns: The task doing it.
    @discardableResult
    func retry() -> Task<Void, Never> {
        let feature = feature
        if feature.error?.operation == .nextPage {
            return Task { await feature.loadNextPage() }
        }
        return Task { await feature.refresh() }
    }

    // MARK: - Pictures

    /// Loads ahead the pictures of the posts on screen and of the next screenful, from `listState.firstVisibleIndex`
    /// with `visibleCount` posts on screen; pictures of posts scrolled further away (or no longer in the list) stop
    /// loading. The view calls it as it lays the posts out, and with `visibleCount` 0 when it shows no posts (then
    /// nothing is wanted).
    func prefetchPictures(visibleCount: Int) {
        guard let prefetcher else { return }
        guard visibleCount > 0 else {
            prefetcher.prefetch([])
            return
        }
        prefetcher.prefetch(
            feature.posts, firstVisible: listState.firstVisibleIndex, visibleCount: visibleCount, url: \.imageURL)
    }

    /// The pictures being loaded ahead now.
    public var prefetchedPictures: Set<URL> { prefetcher?.wanted ?? [] }
}

import Foundation
import Models

/// One page of the feed as the repository returns it: the valid posts in the server's order and the cursor of the
/// next page.
public struct FeedPage: Sendable, Hashable {
    /// The posts that became valid `Post` values, in the server's order, each id once.
    public var posts: [Post]
    /// The opaque cursor that asks for the next page; nil on the last page.
    public var nextCursor: String?
    /// How many of the server's items were dropped as broken (each one was logged).
    public var droppedCount: Int
    /// Why the page could not be written to the local cache, when it could not (the page is still good to show).
    public var storeFailure: FeedStoreError?

    /// Creates a page; an empty `nextCursor` counts as none.
    public init(posts: [Post], nextCursor: String?, droppedCount: Int = 0, storeFailure: FeedStoreError? = nil) {
        self.posts = posts
        self.nextCursor = nextCursor?.isEmpty == true ? nil : nextCursor
        self.droppedCount = droppedCount
        self.storeFailure = storeFailure
    }

    /// Whether another page can be requested.
    public var hasMore: Bool { nextCursor != nil }
}

/// What the local cache holds: the newest posts of the feed and where to continue after them.
public struct CachedFeed: Sendable, Hashable {
    /// The cached posts, newest first, with the local like state (pending likes included).
    public var posts: [Post]
    /// The cursor of the page that follows the cached posts; nil with `hasMore` means "ask for the first page again"
    /// (the cache was cut inside the first page), nil without it means the cache reaches the end of the feed.
    public var nextCursor: String?
    /// Whether the feed goes on after the cached posts.
    public var hasMore: Bool
    /// When the first cached page was fetched.
    public var refreshedAt: Date

    /// Creates a cache snapshot.
    public init(posts: [Post], nextCursor: String?, hasMore: Bool, refreshedAt: Date) {
        self.posts = posts
        self.nextCursor = nextCursor
        self.hasMore = hasMore
        self.refreshedAt = refreshedAt
    }
}

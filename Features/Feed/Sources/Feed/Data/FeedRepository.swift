import Models

/// Where the Feature gets posts from and sends likes to: the server and Feed's local cache behind one small
/// protocol, so Feature tests substitute a controlled implementation.
///
/// `LiveFeedRepository` is the implementation the App builds.
public protocol FeedRepository: Sendable {
    /// The posts of the local cache with where to continue after them, or nil when nothing was cached yet.
    ///
    /// - Throws: `FeedStoreError` when the store cannot be used.
    func cachedFeed() async throws -> CachedFeed?

    /// Fetches one page from the server (`GET /v1/feed`), keeps its valid posts (dropping and logging broken ones)
    /// and stores them in the cache: a first page (`cursor == nil`) starts the cache over, a later page extends it.
    ///
    /// A page whose storing fails is still returned, with `FeedPage.storeFailure` set.
    /// - Parameters:
    ///   - cursor: The `next_cursor` of the previous page, or nil for the first page.
    ///   - limit: Posts per page (the contract allows 1...50).
    /// - Throws: `APIError` when the request fails; `CancellationError` when the calling task is cancelled.
    func fetchPage(cursor: String?, limit: Int) async throws -> FeedPage

    /// The cached post with `id`, or nil when it is not cached.
    ///
    /// - Throws: `FeedStoreError` when the store cannot be used.
    func cachedPost(id: PostID) async throws -> Post?

    /// Fetches one post from the server (`GET /v1/posts/{id}`) and refreshes its cached copy.
    ///
    /// - Throws: `APIError` (`notFound` for a post that does not exist), `FeedError` with kind `unexpected` when the
    ///   server's post is broken, `CancellationError` when the calling task is cancelled.
    func fetchPost(id: PostID) async throws -> Post

    /// Records a like (`liked == true`) or unlike of `postID` in the local store and queues it in the outbox, in one
    /// transaction; the outbox pushes it later, once.
    ///
    /// - Throws: `FeedStoreError` when the store cannot be used (nothing was recorded).
    func setLike(_ liked: Bool, postID: PostID) async throws

    /// A new stream of what happens to queued likes from now on (saved, rejected, waiting for sign-in). Each call
    /// returns its own stream; it ends when the consumer stops iterating.
    func syncEvents() -> AsyncStream<FeedSyncEvent>
}

import Feed
import Models
import TestSupport
import Testing

/// A `FeedRepository` that answers only the calls a test gives a handler for; any other call records an `Issue`
/// naming it and throws TestSupport's `UnexpectedCall` (`syncEvents()` without a handler records the issue and
/// returns a stream that has ended). With no handler it proves that nothing is read, fetched or liked.
struct StrictFeedRepository: FeedRepository {
    var cachedFeed: (@Sendable () async throws -> CachedFeed?)?
    var fetchPage: (@Sendable (String?, Int) async throws -> FeedPage)?
    var cachedPost: (@Sendable (PostID) async throws -> Post?)?
    var fetchPost: (@Sendable (PostID) async throws -> Post)?
    var setLike: (@Sendable (Bool, PostID) async throws -> Void)?
    /// The answer of `syncEvents()`.
    var events: (@Sendable () -> AsyncStream<FeedSyncEvent>)?

    func cachedFeed() async throws -> CachedFeed? {
        guard let cachedFeed else { throw recordUnexpectedCall("FeedRepository.cachedFeed()") }
        return try await cachedFeed()
    }

    func fetchPage(cursor: String?, limit: Int) async throws -> FeedPage {
        guard let fetchPage else { throw recordUnexpectedCall("FeedRepository.fetchPage(cursor:limit:)") }
        return try await fetchPage(cursor, limit)
    }

    func cachedPost(id: PostID) async throws -> Post? {
        guard let cachedPost else { throw recordUnexpectedCall("FeedRepository.cachedPost(id: \(id))") }
        return try await cachedPost(id)
    }

    func fetchPost(id: PostID) async throws -> Post {
        guard let fetchPost else { throw recordUnexpectedCall("FeedRepository.fetchPost(id: \(id))") }
        return try await fetchPost(id)
    }

    func setLike(_ liked: Bool, postID: PostID) async throws {
        guard let setLike else { throw recordUnexpectedCall("FeedRepository.setLike(\(liked), postID: \(postID))") }
        try await setLike(liked, postID)
    }

    func syncEvents() -> AsyncStream<FeedSyncEvent> {
        guard let events else {
            _ = recordUnexpectedCall("FeedRepository.syncEvents()")
            return AsyncStream { $0.finish() }
        }
        return events()
    }
}

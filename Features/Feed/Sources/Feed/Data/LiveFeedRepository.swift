import Foundation
import Logging
import Models
import Networking
import Persistence
import Primitives

/// The feed from the server (`APIClient`) and Feed's local cache (the account database), with likes queued in the
/// outbox.
///
/// Everything is injected: the App passes its API client, the account's `Database` (with `FeedStorage.migrations`
/// registered) and its `Outbox`, and registers the push handler (`registerPushHandlers(on:)`). Building the
/// repository opens nothing and sends nothing. When the store cannot be opened, the operations that need it throw
/// `FeedStoreError` (or report it in `FeedPage.storeFailure`) and the network side goes on working; the store is
/// never deleted or replaced.
public final class LiveFeedRepository: FeedRepository {
    /// The outbox kind of a like or unlike: one kind for both, so that a post's likes and unlikes reach the server
    /// in the order the user made them.
    public static let likeMutationKind = "feed.like"

    let client: APIClient
    let database: Database
    let outbox: Outbox
    let logger: Logger
    let now: @Sendable () -> Date
    let makeMutationID: @Sendable () -> String
    let cacheLimit: Int
    let events = Broadcast<FeedSyncEvent>(buffering: .unbounded)
    /// Posts kept without their picture, each logged once (pages, single posts and the entry's live events).
    let missingPictures: MissingPictureLog

    /// Creates the repository from its dependencies.
    ///
    /// - Parameters:
    ///   - client: Sends the feed's requests (`GET /v1/feed`, `GET /v1/posts/{id}`, `PUT`/`DELETE …/like`).
    ///   - database: The account database, with `FeedStorage.migrations` registered; opened by its first use.
    ///   - outbox: The account database's outbox, where likes wait to be pushed.
    ///   - logger: Receives dropped posts (with their id and reason), posts kept without their picture (once each),
    ///     store failures and push outcomes.
    ///   - now: The wall-clock time recorded with a cached first page: `{ Date() }` in the App.
    ///   - makeMutationID: A new unique id per like, used as the outbox entry's id and the `Idempotency-Key`:
    ///     `{ UUID().uuidString }` in the App.
    ///   - cacheLimit: How many posts the cache keeps (the newest); at least the page size, so the cache holds a
    ///     whole first page. Values below 0 count as 0.
    public init(
        client: APIClient, database: Database, outbox: Outbox, logger: Logger, now: @escaping @Sendable () -> Date,
        makeMutationID: @escaping @Sendable () -> String, cacheLimit: Int
    ) {
        self.client = client
        self.database = database
        self.outbox = outbox
        self.logger = logger
        self.now = now
        self.makeMutationID = makeMutationID
        self.cacheLimit = max(cacheLimit, 0)
        self.missingPictures = MissingPictureLog(logger: logger)
    }

    /// The cached feed, or nil before the first page was cached.
    ///
    /// - Throws: `FeedStoreError` when the store cannot be opened or read.
    public func cachedFeed() async throws -> CachedFeed? {
        try await storeOperation("read the cached feed") { db in
            try await db.read { reader in try FeedStorage.cachedFeed(in: reader) }
        }
    }

    /// Fetches a page, maps it (dropping and logging broken posts) and stores it in the cache in one transaction.
    ///
    /// - Throws: `APIError` when the request fails; `CancellationError` when the calling task is cancelled. A store
    ///   failure does not throw: the page comes back with `storeFailure` set.
    public func fetchPage(cursor: String?, limit: Int) async throws -> FeedPage {
        let dto = try await client.send(.feed(cursor: cursor, limit: limit))
        let (posts, droppedCount) = PostMapping.posts(of: dto, logger: logger, pictures: missingPictures)
        let nextCursor = dto.nextCursor?.isEmpty == true ? nil : dto.nextCursor
        let refreshedAt = now()
        do {
            let stored = try await storeOperation("cache a feed page") { [cacheLimit] db in
                try await db.transaction { transaction in
                    try FeedStorage.store(
                        posts, requestCursor: cursor, nextCursor: nextCursor, cacheLimit: cacheLimit,
                        refreshedAt: refreshedAt, in: transaction)
                }
            }
            return FeedPage(posts: stored, nextCursor: nextCursor, droppedCount: droppedCount)
        } catch let error as FeedStoreError {
            return FeedPage(posts: posts, nextCursor: nextCursor, droppedCount: droppedCount, storeFailure: error)
        }
    }

    /// The cached post with `id`, or nil when it is not cached.
    ///
    /// - Throws: `FeedStoreError` when the store cannot be opened or read.
    public func cachedPost(id: PostID) async throws -> Post? {
        try await storeOperation("read a cached post") { db in
            try await db.read { reader in try FeedStorage.cachedPost(id, in: reader) }
        }
    }

    /// Fetches one post and refreshes its cached copy; a store failure is logged and the fetched post returned.
    ///
    /// - Throws: `APIError` when the request fails, `FeedError` (`unexpected`) when the post is broken,
    ///   `CancellationError` when the calling task is cancelled.
    public func fetchPost(id: PostID) async throws -> Post {
        let dto = try await client.send(.post(id))
        let post: Post
        do throws(PostMapping.Rejection) {
            post = try PostMapping.post(from: dto, pictures: missingPictures)
        } catch {
            PostMapping.log(error, logger: logger)
            throw FeedError(kind: .unexpected, detail: "the server's post \(id) is broken: \(error.reason)")
        }
        do {
            return try await storeOperation("cache a post") { db in
                try await db.transaction { transaction in try FeedStorage.store(post, in: transaction) }
            }
        } catch {
            return post
        }
    }

    /// Records the like locally and queues it in the outbox, in one transaction.
    ///
    /// - Throws: `FeedStoreError` when the store cannot be used (nothing was recorded).
    public func setLike(_ liked: Bool, postID: PostID) async throws {
        let mutationID = makeMutationID()
        try await storeOperation("record a like") { [outbox] db in
            let mutation = try OutboxMutation(
                id: mutationID, kind: Self.likeMutationKind,
                encoding: LikeMutation(postID: postID.rawValue, liked: liked))
            try await db.transaction { transaction in
                try FeedStorage.recordLike(liked, postID: postID, mutationID: mutationID, in: transaction)
                try outbox.enqueue(mutation, in: transaction)
            }
        }
    }

    /// A new stream of what happens to queued likes from now on.
    public func syncEvents() -> AsyncStream<FeedSyncEvent> {
        events.subscribe()
    }

    // MARK: - Internal

    /// Runs a store operation, logging a failure and rethrowing it as `FeedStoreError` (cancellation passes as it is).
    func storeOperation<Value: Sendable>(
        _ what: String, _ body: (Database) async throws -> Value
    ) async throws -> Value {
        do {
            return try await body(database)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.error(
                "feed store operation failed", metadata: ["operation": .string(what), "error": .string("\(error)")])
            throw FeedStoreError(error)
        }
    }
}

/// The payload of a `feed.like` outbox entry.
struct LikeMutation: Codable, Sendable, Equatable {
    /// The post's id as the server spells it.
    let postID: String
    /// True for `PUT …/like`, false for `DELETE …/like`.
    let liked: Bool
}

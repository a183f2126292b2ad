import Feed
import Foundation
import Models

/// A `FeedRepository` whose page loads wait until the test resolves them, so Feature tests decide when and how
/// each request ends (and can cancel one while it waits). Other calls answer at once from scripted values.
final class ControlledFeedRepository: FeedRepository, Sendable {
    /// A page request as the Feature made it.
    struct PageRequest: Equatable, Sendable {
        let cursor: String?
        let limit: Int
    }

    private struct State {
        var pageContinuations: [Int: CheckedContinuation<FeedPage, any Error>] = [:]
        var earlyResults: [Int: Result<FeedPage, any Error>] = [:]
        var cancelledPages: Set<Int> = []
        var cachedFeed: Result<CachedFeed?, any Error> = .success(nil)
        var cachedPosts: [PostID: Post] = [:]
        var fetchPostResult: Result<Post, any Error>?
        var setLikeError: (any Error)?
        var likes: [(liked: Bool, postID: PostID)] = []
        var events: AsyncStream<FeedSyncEvent>.Continuation?
        var eventStreamsEnded = 0
    }

    private let state = Guarded(State())
    private let requests = CountedLog<PageRequest>()

    // MARK: - Scripting

    /// What `cachedFeed()` returns.
    func setCachedFeed(_ result: Result<CachedFeed?, any Error>) {
        state.withLock { $0.cachedFeed = result }
    }

    /// What `fetchPost(id:)` returns, and the copies `cachedPost(id:)` finds.
    func setPost(_ result: Result<Post, any Error>, cached: [Post] = []) {
        state.withLock { state in
            state.fetchPostResult = result
            state.cachedPosts = Dictionary(uniqueKeysWithValues: cached.map { ($0.id, $0) })
        }
    }

    /// The error `setLike` throws from now on (nil: it succeeds).
    func setLikeFailure(_ error: (any Error)?) {
        state.withLock { $0.setLikeError = error }
    }

    /// Sends `event` to the Feature's subscription.
    func send(_ event: FeedSyncEvent) {
        _ = state.withLock { $0.events }?.yield(event)
    }

    /// Every page request so far, oldest first.
    var pageRequests: [PageRequest] {
        requests.elements
    }

    /// The page requests whose waiting task was cancelled, by index.
    var cancelledPageRequests: Set<Int> {
        state.withLock { $0.cancelledPages }
    }

    /// How many `syncEvents()` streams ended (their consumer stopped).
    var eventStreamsEnded: Int {
        state.withLock { $0.eventStreamsEnded }
    }

    /// Every `setLike` call so far, oldest first.
    var likes: [(liked: Bool, postID: PostID)] {
        state.withLock { $0.likes }
    }

    /// Ends page request `index` (0 for the first) with `result`; a request not made yet takes it when it comes.
    func resolvePage(_ index: Int, with result: Result<FeedPage, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<FeedPage, any Error>? in
            if let continuation = state.pageContinuations.removeValue(forKey: index) { return continuation }
            state.earlyResults[index] = result
            return nil
        }
        continuation?.resume(with: result)
    }

    /// Returns once at least `count` page requests were made; fails after `timeout` of real time (a safety net).
    func waitForPageRequests(count: Int, timeout: Duration = .seconds(30)) async throws {
        try await requests.waitForCount(count, timeout: timeout)
    }

    // MARK: - FeedRepository

    func cachedFeed() async throws -> CachedFeed? {
        try state.withLock { $0.cachedFeed }.get()
    }

    func fetchPage(cursor: String?, limit: Int) async throws -> FeedPage {
        let index = requests.append(PageRequest(cursor: cursor, limit: limit))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<FeedPage, any Error>) in
                let immediate: Result<FeedPage, any Error>? = state.withLock { state in
                    if Task.isCancelled {
                        state.cancelledPages.insert(index)
                        return .failure(CancellationError())
                    }
                    if let result = state.earlyResults.removeValue(forKey: index) { return result }
                    state.pageContinuations[index] = continuation
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                let continuation = state.pageContinuations.removeValue(forKey: index)
                if continuation != nil { state.cancelledPages.insert(index) }
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    func cachedPost(id: PostID) async throws -> Post? {
        state.withLock { $0.cachedPosts[id] }
    }

    func fetchPost(id: PostID) async throws -> Post {
        guard let result = state.withLock({ $0.fetchPostResult }) else {
            throw FeedError(kind: .notFound, detail: "no scripted post")
        }
        return try result.get()
    }

    func setLike(_ liked: Bool, postID: PostID) async throws {
        let error = state.withLock { state in
            state.likes.append((liked, postID))
            return state.setLikeError
        }
        if let error { throw error }
    }

    func syncEvents() -> AsyncStream<FeedSyncEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedSyncEvent.self)
        continuation.onTermination = { [state] _ in state.withLock { $0.eventStreamsEnded += 1 } }
        state.withLock { $0.events = continuation }
        return stream
    }
}

/// A value guarded by an `NSLock` (clean under ThreadSanitizer). `@unchecked Sendable` is sound because `value` is
/// only touched inside `withLock`, which holds the lock for the whole access.
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

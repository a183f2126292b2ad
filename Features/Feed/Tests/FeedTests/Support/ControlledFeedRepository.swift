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

    private struct CountWaiter {
        let id: Int
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var pageRequests: [PageRequest] = []
        var pageContinuations: [Int: CheckedContinuation<FeedPage, any Error>] = [:]
        var earlyResults: [Int: Result<FeedPage, any Error>] = [:]
        var cancelledPages: Set<Int> = []
        var waiters: [CountWaiter] = []
        var nextWaiterID = 0
        var cachedFeed: Result<CachedFeed?, any Error> = .success(nil)
        var cachedPosts: [PostID: Post] = [:]
        var fetchPostResult: Result<Post, any Error>?
        var setLikeError: (any Error)?
        var likes: [(liked: Bool, postID: PostID)] = []
        var events: AsyncStream<FeedSyncEvent>.Continuation?
        var eventStreamsEnded = 0
    }

    private let state = Guarded(State())

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
        state.withLock { $0.pageRequests }
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
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let id = self.state.withLock { state in
                    state.nextWaiterID += 1
                    return state.nextWaiterID
                }
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        let isDone = self.state.withLock { state in
                            guard state.pageRequests.count < count else { return true }
                            state.waiters.append(CountWaiter(id: id, count: count, continuation: continuation))
                            return false
                        }
                        if isDone { continuation.resume() }
                    }
                } onCancel: {
                    let waiter = self.state.withLock { state in
                        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
                    }
                    waiter?.continuation.resume(throwing: CancellationError())
                }
            }
            group.addTask {
                try await ContinuousClock().sleep(for: timeout)
                throw WaitTimeout(expected: count, received: self.pageRequests.count)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Thrown when page requests did not arrive in time.
    struct WaitTimeout: Error, CustomStringConvertible {
        let expected: Int
        let received: Int
        var description: String { "waited for \(expected) page request(s), received \(received)" }
    }

    // MARK: - FeedRepository

    func cachedFeed() async throws -> CachedFeed? {
        try state.withLock { $0.cachedFeed }.get()
    }

    func fetchPage(cursor: String?, limit: Int) async throws -> FeedPage {
        let (index, satisfied) = state.withLock { state in
            state.pageRequests.append(PageRequest(cursor: cursor, limit: limit))
            let satisfied = state.waiters.filter { $0.count <= state.pageRequests.count }
            state.waiters.removeAll { $0.count <= state.pageRequests.count }
            return (state.pageRequests.count - 1, satisfied)
        }
        for waiter in satisfied {
            waiter.continuation.resume()
        }
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

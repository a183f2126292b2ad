import Foundation
import Logging
import Models
import Observation

/// The feed capability and its state: the posts shown, loading flags, the last failure, where the posts came from,
/// and the policies that keep them honest.
///
/// - `start()` shows the cached posts at once, then refreshes from the first page.
/// - `refresh()` replaces the posts with the first page; a refresh already running is joined, and a page still
///   loading is cancelled (its posts would belong to the list being replaced). A failed refresh keeps the posts.
/// - `loadNextPage()` appends the next page, without repeating a post already shown (by id). It ignores a call
///   while a page or a refresh is loading, before anything loaded, and after the end. A failed page keeps the
///   cursor, so trying again asks for the same page.
/// - `postAppeared(_:)` loads the next page when the post is within `prefetchDistance` of the end (not after a
///   failed page: that waits for an explicit `loadNextPage()`).
/// - Cancellation (of the calling task, or through `cancelLoading()`) is never shown as an error.
/// - "Never loaded" (`hasLoaded == false`) and "loaded, empty" (`hasLoaded && posts.isEmpty`) are different states.
///
/// Likes are optimistic: `toggleLike(_:)` changes the post at once and records the like through the repository,
/// which queues it in the outbox; the server's answer arrives later as a `FeedSyncEvent`.
@MainActor
@Observable
public final class FeedFeature {
    // MARK: - State

    /// The posts shown, newest first, each id once.
    public internal(set) var posts: [Post] = []
    /// Posts the live stream announced that are not shown yet, newest first (`showNewPosts()` inserts them).
    public internal(set) var newPosts: [Post] = []
    /// Whether the next page is loading.
    public internal(set) var isLoadingPage = false
    /// Whether the first page is loading again.
    public internal(set) var isRefreshing = false
    /// Whether posts were ever shown (from the cache or the server); false means "never loaded", which is not an
    /// empty feed.
    public internal(set) var hasLoaded = false
    /// Whether the last page has been loaded.
    public internal(set) var reachedEnd = false
    /// The last failure of a refresh or a page; cleared when that operation next succeeds.
    public internal(set) var error: FeedFailure?
    /// The last failure of a like: it could not be recorded (the post went back), or the server refused it for good
    /// (the post went back, the mutation is a dead letter); cleared when a like is next recorded.
    public internal(set) var likeError: FeedError?
    /// Feed's local store cannot be used (the feed still works from the network); nil when it can.
    public internal(set) var storeError: FeedError?
    /// Whether the last request failed because the server could not be reached (offline or timed out).
    public internal(set) var isOffline = false
    /// Whether the posts shown came from the local cache and no refresh has succeeded since.
    public internal(set) var isShowingCachedPosts = false
    /// When the first page shown was fetched (the cache's time for cached posts); nil before.
    public internal(set) var lastRefreshedAt: Date?
    /// Whether a like waits for the user to sign in (set by `FeedSyncEvent.signInRequired`, cleared when a like is
    /// saved).
    public internal(set) var isWaitingForSignIn = false

    /// Whether what is shown came from the cache while offline: the "offline" state of the screen.
    public var isShowingCachedPostsOffline: Bool { isShowingCachedPosts && isOffline }

    // MARK: - Events for the App

    /// The user opened a post (`openPost(_:)`).
    public var onOpenPost: ((PostID) -> Void)?
    /// The user opened the product a post features (`openProduct(of:)`).
    public var onOpenProduct: ((ProductID) -> Void)?
    /// A like of the post cannot be pushed without a signed-in user: park the action, ask for sign-in, then call
    /// `Outbox.resumeAfterSignIn()` (the like stays queued meanwhile).
    public var onSignInRequired: ((PostID) -> Void)?

    // MARK: - Configuration

    /// Posts per page requested from the server (1...50 by the contract).
    public let pageSize: Int
    /// How close to the end a post that appears must be to load the next page.
    public let prefetchDistance: Int
    /// Whether a user is signed in: signed out, `toggleLike(_:)` queues nothing and calls `onSignInRequired` (the
    /// entry asks the App for sign-in and likes after it). True unless the owner says otherwise.
    @ObservationIgnored public var isSignedIn = true
    /// Whether the user can like posts (the `feed_likes` flag of `GET /v1/config`); when false, `toggleLike(_:)`
    /// does nothing and the screens offer no like action.
    public let likesEnabled: Bool

    @ObservationIgnored let repository: any FeedRepository
    @ObservationIgnored let logger: Logger
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored var nextCursor: String?
    @ObservationIgnored var refreshTask: Task<Void, Never>?
    @ObservationIgnored var pageTask: (id: Int, task: Task<Void, Never>)?
    @ObservationIgnored var pageTaskCount = 0
    @ObservationIgnored var eventsTask: Task<Void, Never>?
    @ObservationIgnored var isStarted = false
    @ObservationIgnored var likeChain: Task<Void, Never>?
    @ObservationIgnored var likesBeingRecorded: [PostID: Bool] = [:]
    /// How many likes of each post were recorded here and not answered by the server yet (queued in the outbox).
    @ObservationIgnored var likesAwaitingServer: [PostID: Int] = [:]
    /// Posts opened by id that are not (or no longer) in `posts`, kept for their detail screens.
    var openedPosts: [PostID: Post] = [:]

    /// Creates the Feature; nothing loads until `start()`.
    ///
    /// - Parameters:
    ///   - repository: The server and the local cache (`LiveFeedRepository` in the App).
    ///   - logger: Receives failures (never shown twice as errors) and cancelled loads.
    ///   - now: The wall-clock time, recorded as `lastRefreshedAt` after a refresh: `{ Date() }` in the App.
    ///   - pageSize: Posts per page, clamped to the contract's 1...50.
    ///   - prefetchDistance: How close to the end a post that appears must be to load the next page; 5 in the App.
    ///   - likesEnabled: The `feed_likes` flag.
    public init(
        repository: any FeedRepository, logger: Logger, now: @escaping @Sendable () -> Date, pageSize: Int,
        prefetchDistance: Int, likesEnabled: Bool
    ) {
        self.repository = repository
        self.logger = logger
        self.now = now
        self.pageSize = min(max(pageSize, 1), 50)
        self.prefetchDistance = max(prefetchDistance, 0)
        self.likesEnabled = likesEnabled
    }

    /// Cancels what is still loading and the following of queued likes.
    isolated deinit {
        refreshTask?.cancel()
        pageTask?.task.cancel()
        eventsTask?.cancel()
    }

    // MARK: - Loading

    /// Shows the cached posts (when there are any and nothing newer is shown), then refreshes from the first page;
    /// also starts following the outcome of queued likes. Calling it again does nothing.
    public func start() async {
        guard !isStarted else { return }
        isStarted = true
        followSyncEvents()
        await showCachedPosts()
        await refresh()
    }

    /// Cancels what is loading and stops following queued likes; `start()` may be called again afterwards.
    public func stop() {
        cancelLoading()
        eventsTask?.cancel()
        eventsTask = nil
        isStarted = false
    }

    /// Loads the first page again and shows it in place of the posts; returns when it is done (joining a refresh
    /// that is already running). A failure keeps the posts and sets `error`.
    ///
    /// Cancelling the calling task cancels the refresh.
    public func refresh() async {
        if let refreshTask {
            await join(refreshTask)
            return
        }
        pageTask?.task.cancel()
        let task = Task { await performRefresh() }
        refreshTask = task
        await join(task)
    }

    /// Loads the page after the posts shown and appends its new posts; returns when it is done. Ignored (returns at
    /// once) while a page or a refresh is loading, before anything loaded, and after the end.
    ///
    /// Cancelling the calling task cancels the page.
    public func loadNextPage() async {
        guard let task = startNextPage() else { return }
        await join(task)
    }

    /// Tells the Feature a post came into view: when it is within `prefetchDistance` of the end, the next page
    /// starts loading (unless the last page failed: then only `loadNextPage()` tries again).
    ///
    /// - Returns: The page load it started, or nil when it started none.
    @discardableResult
    public func postAppeared(_ id: PostID) -> Task<Void, Never>? {
        guard let index = posts.firstIndex(where: { $0.id == id }), index >= posts.count - prefetchDistance,
            error?.operation != .nextPage
        else { return nil }
        return startNextPage()
    }

    /// Cancels a refresh and a page that are loading; the posts and the cursor stay as they are.
    public func cancelLoading() {
        refreshTask?.cancel()
        pageTask?.task.cancel()
    }

    // MARK: - Events

    /// Reports that the user opened `id` (`onOpenPost`).
    public func openPost(_ id: PostID) {
        onOpenPost?(id)
    }

    /// Reports that the user opened the product of post `id` (`onOpenProduct`); does nothing when the post features
    /// no product or is unknown.
    public func openProduct(of id: PostID) {
        guard let productID = post(withID: id)?.productID else { return }
        onOpenProduct?(productID)
    }

    /// The post with `id` among the posts shown or those opened by id, or nil.
    public func post(withID id: PostID) -> Post? {
        posts.first { $0.id == id } ?? openedPosts[id]
    }

    // MARK: - Private

    /// Awaits `task`; cancelling the caller cancels the task.
    private func join(_ task: Task<Void, Never>) async {
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func showCachedPosts() async {
        do {
            guard let cached = try await repository.cachedFeed(), !hasLoaded else { return }
            posts = Self.uniqued(cached.posts)
            nextCursor = cached.nextCursor
            reachedEnd = !cached.hasMore
            hasLoaded = true
            isShowingCachedPosts = true
            lastRefreshedAt = cached.refreshedAt
        } catch {
            guard let failure = FeedError(error) else { return }
            storeError = failure
            logger.error("feed cache unavailable", metadata: ["error": .string(failure.description)])
        }
    }

    private func performRefresh() async {
        isRefreshing = true
        defer {
            isRefreshing = false
            refreshTask = nil
        }
        do {
            let page = try await repository.fetchPage(cursor: nil, limit: pageSize)
            try Task.checkCancellation()
            posts = Self.uniqued(page.posts)
            newPosts = []
            nextCursor = page.nextCursor
            reachedEnd = !page.hasMore
            hasLoaded = true
            isShowingCachedPosts = false
            isOffline = false
            lastRefreshedAt = now()
            error = nil
            noteStore(page)
        } catch {
            record(error, during: .refresh)
        }
    }

    /// Starts loading the next page when the policy allows it.
    private func startNextPage() -> Task<Void, Never>? {
        guard hasLoaded, !reachedEnd, pageTask == nil, refreshTask == nil else { return nil }
        pageTaskCount += 1
        let id = pageTaskCount
        let cursor = nextCursor
        isLoadingPage = true
        let task = Task { await performNextPage(cursor: cursor, id: id) }
        pageTask = (id, task)
        return task
    }

    private func performNextPage(cursor: String?, id: Int) async {
        defer {
            if pageTask?.id == id {
                pageTask = nil
                isLoadingPage = false
            }
        }
        do {
            let page = try await repository.fetchPage(cursor: cursor, limit: pageSize)
            try Task.checkCancellation()
            var known = Set(posts.map(\.id))
            posts += page.posts.filter { known.insert($0.id).inserted }
            nextCursor = page.nextCursor
            reachedEnd = !page.hasMore
            isOffline = false
            if error?.operation == .nextPage {
                error = nil
            }
            noteStore(page)
        } catch {
            record(error, during: .nextPage)
        }
    }

    /// Keeps the store's state from a page: its failure, or that it works again.
    private func noteStore(_ page: FeedPage) {
        if let failure = page.storeFailure {
            storeError = FeedError(failure)
        } else {
            storeError = nil
        }
    }

    /// Shows a failure of `operation`; a cancellation is only logged.
    private func record(_ error: any Error, during operation: FeedOperation) {
        guard let failure = FeedError(error) else {
            logger.debug("feed \(operation.rawValue) cancelled")
            return
        }
        self.error = FeedFailure(operation: operation, error: failure)
        isOffline = failure.kind == .offline || failure.kind == .timedOut
        logger.warning(
            "feed \(operation.rawValue) failed", metadata: ["error": .string(failure.description)])
    }

    /// `posts` without repeated ids, keeping the first of each.
    private static func uniqued(_ posts: [Post]) -> [Post] {
        var seen: Set<PostID> = []
        return posts.filter { seen.insert($0.id).inserted }
    }
}

import FeatureKit
import Logging
import Models
import Observation

/// Product search as the user types: the owner of the query, the results and their paging, recent searches, and
/// the hand-off of products to the rest of the app. The App builds one per account and routes its events.
///
/// Each change of the query (`updateQuery(_:)`) cancels the search of the previous query, waits `debounce` on the
/// injected clock, then asks the repository for the first page. Results are published only by a search whose task
/// was not cancelled and whose query is still the current one, so a slow answer for an earlier prefix (or one from
/// an API that ignores cancellation) never overwrites newer results. A blank query clears the results and sends
/// nothing.
///
/// State follows the app's rules: a failed search keeps the last good results and sets `error`; cancellation is
/// never an error; "never searched" (`hasSearched == false`) and "searched, nothing found" (`hasSearched` with empty
/// `results`) are different states. `results` always belong to `resultsQuery`, which lags `query` while a search
/// is pending.
@MainActor
@Observable
public final class SearchFeature {
    /// A failed operation and why it failed.
    public struct Failure: Hashable, Sendable {
        /// What failed.
        public enum Operation: Hashable, Sendable {
            /// The first page of a query.
            case search
            /// A further page (`loadMore()`); the offset is kept, so a retry asks for the same page.
            case loadMore
        }

        /// What failed.
        public let operation: Operation
        /// Why.
        public let error: SearchError
    }

    // MARK: - State

    /// The text as the user typed it.
    public private(set) var query = ""
    /// The results of `resultsQuery` in relevance order, de-duplicated by product id across pages.
    public private(set) var results: [ProductSummary] = []
    /// The normalized query `results` belong to, or nil when no search has completed since the query was last
    /// blank.
    public private(set) var resultsQuery: String?
    /// How many products match `resultsQuery` in all (the server's `total`, or the saved matches offline).
    public private(set) var total = 0
    /// Whether `total` is a lower bound (the server stopped counting at its cap).
    public private(set) var totalIsEstimate = false
    /// Where `results` came from; nil when there are none to show.
    public private(set) var resultsSource: DataSource?
    /// Whether a search for the current query is waiting for its debounce or its answer.
    public private(set) var isSearching = false
    /// Whether a further page is loading.
    public private(set) var isLoadingMore = false
    /// The last failure, cleared when a new search starts or the failed operation succeeds.
    public private(set) var error: Failure?
    /// Why the saved products (the offline fallback) cannot be used, when the last server answer could not be
    /// saved; nil when all is well. Search keeps working from the network.
    public private(set) var savedProductsProblem: String?
    /// The full disk behind `savedProductsProblem`, when that is the cause (it names the file).
    public private(set) var savedProductsDiskFull: DiskFull?
    /// The recent searches, newest first (after `loadRecentSearches()`).
    public internal(set) var recentSearches: [String] = []
    /// Why the recent searches could not be read or written, or nil.
    public internal(set) var recentSearchesProblem: String?

    /// Whether a search has completed for `resultsQuery`: false means "never searched", true with empty `results`
    /// means "searched, nothing found".
    public var hasSearched: Bool { resultsQuery != nil }
    /// Whether the results came from the saved products because the server could not be reached.
    public var isOffline: Bool { resultsSource == .saved }
    /// Whether `loadMore()` has a further page to ask for.
    public var hasMoreResults: Bool { nextOffset != nil }

    // MARK: - Events

    /// Called when the user opens a product (a search result); the App routes to its detail.
    @ObservationIgnored public var onOpenProduct: (@MainActor (ProductSummary) -> Void)?
    /// Called when the user adds a product to the cart; the App hands it to the cart.
    @ObservationIgnored public var onAddToCart: (@MainActor (ProductSummary) -> Void)?

    // MARK: - Initialization

    /// Creates the feature; it sends nothing and reads nothing until used.
    ///
    /// - Parameters:
    ///   - repository: Where results and products come from (`LiveSearchRepository` in the App).
    ///   - recentSearches: The recent-searches list over the account's preferences.
    ///   - clock: Times the debounce (`ContinuousClock()` in the App, a manual clock in tests).
    ///   - logger: Receives discarded and failed searches (never the search text).
    ///   - debounce: How long the query must stay unchanged before it is searched; 300 ms unless set, `.zero` to
    ///     search on every change.
    ///   - pageSize: Results per page, clamped to the API contract's 1...50; 20 unless set.
    ///   - prefetchDistance: `resultAppeared(at:)` loads the next page when a result this close to the end
    ///     appears; 5 unless set.
    public init<C: Clock<Duration>>(
        repository: any SearchRepository,
        recentSearches: RecentSearches,
        clock: C,
        logger: Logger,
        debounce: Duration = .milliseconds(300),
        pageSize: Int = 20,
        prefetchDistance: Int = 5
    ) {
        self.repository = repository
        self.recentSearchesList = recentSearches
        self.sleep = { duration in try await clock.sleep(for: duration) }
        self.logger = logger
        self.debounce = debounce
        self.pageSize = min(max(pageSize, 1), 50)
        self.prefetchDistance = max(prefetchDistance, 0)
    }

    // MARK: - Searching

    /// Sets the query as the user typed it and searches it after the debounce, cancelling the previous search.
    ///
    /// Nothing is sent for a blank query (results are cleared), nor when the normalized query is already being
    /// searched or already shown.
    /// - Returns: The task of the search this change started (or of the one already running for the same query):
    ///   it ends once the search has published its results or been discarded. Nil when nothing is searched.
    @discardableResult
    public func updateQuery(_ text: String) -> Task<Void, Never>? {
        query = text
        let normalized = SearchText.normalized(text)
        if let active = activeSearch, active.query == normalized {
            return active.task
        }
        cancelActiveWork()
        guard !normalized.isEmpty else {
            clearResults()
            return nil
        }
        if normalized == resultsQuery, error == nil {
            return nil
        }
        return startSearch(normalized, debounce: debounce)
    }

    /// Submits the current query (Enter): records it in the recent searches and searches it now, without waiting
    /// for the debounce, unless its request is already on its way or its results are already shown.
    ///
    /// - Returns: The task of the search for the query, or nil when nothing is searched.
    @discardableResult
    public func submit() -> Task<Void, Never>? {
        let normalized = SearchText.normalized(query)
        guard !normalized.isEmpty else { return nil }
        recordRecentSearch(normalized)
        if let active = activeSearch, active.query == normalized, active.requestSent {
            return active.task
        }
        if activeSearch == nil, normalized == resultsQuery, error == nil {
            return nil
        }
        cancelActiveWork()
        return startSearch(normalized, debounce: .zero)
    }

    /// Sets the query and searches it at once (for the command front end): records it as a recent search and
    /// returns when the results (or the error) are published.
    public func search(_ text: String) async {
        query = text
        guard !SearchText.normalized(text).isEmpty else {
            cancelActiveWork()
            clearResults()
            return
        }
        await submit()?.value
    }

    /// Tries the failed operation again: the same page after a failed `loadMore()`, otherwise the current query
    /// now (which also brings offline results back online when the server answers).
    ///
    /// - Returns: The task of the operation, or nil when there is nothing to retry.
    @discardableResult
    public func retry() -> Task<Void, Never>? {
        if error?.operation == .loadMore {
            return loadMore()
        }
        let normalized = SearchText.normalized(query)
        guard !normalized.isEmpty else { return nil }
        cancelActiveWork()
        return startSearch(normalized, debounce: .zero)
    }

    // MARK: - Paging

    /// Loads the next page of `results` and appends the products not already shown (the server's result set may
    /// shift between pages).
    ///
    /// Ignored while a search or another page is loading, when there is no further page, and while the shown
    /// results belong to an older query. A failed page keeps the offset, so a retry asks for the same page. Offline
    /// results page through the saved products.
    /// - Returns: The task of the page, or nil when the call was ignored.
    @discardableResult
    public func loadMore() -> Task<Void, Never>? {
        guard activeSearch == nil, pageTask == nil, let offset = nextOffset, let resultsQuery,
            let source = resultsSource, resultsQuery == SearchText.normalized(query)
        else { return nil }
        isLoadingMore = true
        let request = SearchRequest(
            query: resultsQuery, offset: offset, limit: pageSize,
            strategy: source == .saved ? .savedOnly : .serverOnly)
        let generation = self.generation
        let task = Task { [weak self] in
            guard let self else { return }
            await self.performLoadMore(request, generation: generation)
        }
        pageTask = task
        return task
    }

    /// Tells the feature that the result at `index` is on screen; within `prefetchDistance` of the end it loads
    /// the next page (as `loadMore()`).
    ///
    /// - Returns: The task of the page, or nil when nothing was loaded.
    @discardableResult
    public func resultAppeared(at index: Int) -> Task<Void, Never>? {
        guard index >= results.count - prefetchDistance else { return nil }
        return loadMore()
    }

    // MARK: - Internal

    /// Called after each publication of results with the query they belong to: for tests that watch every
    /// publication.
    @ObservationIgnored var publicationObserver: ((String) -> Void)?

    /// The offset of the next page, or nil at the end.
    private(set) var nextOffset: Int?

    // MARK: - Private

    private struct ActiveSearch {
        let query: String
        let task: Task<Void, Never>
        var requestSent = false
    }

    @ObservationIgnored let repository: any SearchRepository
    @ObservationIgnored let recentSearchesList: RecentSearches
    @ObservationIgnored private let sleep: @Sendable (Duration) async throws -> Void
    @ObservationIgnored let logger: Logger
    @ObservationIgnored private let debounce: Duration
    @ObservationIgnored private let pageSize: Int
    @ObservationIgnored private let prefetchDistance: Int
    @ObservationIgnored private var activeSearch: ActiveSearch?
    @ObservationIgnored private var pageTask: Task<Void, Never>?
    @ObservationIgnored private var generation = 0

    /// Cancels the running search and page, and makes every answer still on its way stale.
    private func cancelActiveWork() {
        activeSearch?.task.cancel()
        activeSearch = nil
        pageTask?.cancel()
        pageTask = nil
        generation &+= 1
        isSearching = false
        isLoadingMore = false
    }

    private func clearResults() {
        results = []
        resultsQuery = nil
        total = 0
        totalIsEstimate = false
        nextOffset = nil
        resultsSource = nil
        error = nil
    }

    private func startSearch(_ query: String, debounce: Duration) -> Task<Void, Never> {
        let generation = self.generation
        isSearching = true
        error = nil
        let sleep = self.sleep
        let task = Task { [weak self] in
            if debounce > .zero {
                do {
                    try await sleep(debounce)
                } catch {
                    return
                }
            }
            guard let self else { return }
            await self.performSearch(query, generation: generation)
        }
        activeSearch = ActiveSearch(query: query, task: task)
        return task
    }

    /// Whether a search started in `generation` for `query` may still publish: nothing newer started and the
    /// query is still the current one.
    private func isCurrent(_ generation: Int, _ query: String) -> Bool {
        generation == self.generation && query == SearchText.normalized(self.query)
    }

    private func performSearch(_ query: String, generation: Int) async {
        guard !Task.isCancelled, isCurrent(generation, query) else { return }
        activeSearch?.requestSent = true
        let request = SearchRequest(query: query, offset: 0, limit: pageSize, strategy: .serverWithSavedFallback)
        let outcome = await Self.result { [repository] in try await repository.search(request) }
        // NB: both checks matter: a repository may ignore cancellation and answer anyway.
        guard !Task.isCancelled, isCurrent(generation, query) else {
            logger.debug("search answer discarded: the query changed")
            return
        }
        activeSearch = nil
        isSearching = false
        switch outcome {
        case .success(let page):
            results = Self.uniqued(page.results.items)
            resultsQuery = query
            total = page.results.total
            totalIsEstimate = page.totalIsEstimate
            nextOffset = page.results.nextOffset
            resultsSource = page.source
            if page.source == .server {
                savedProductsProblem = page.savedProductsProblem
                savedProductsDiskFull = page.savedProductsDiskFull
            }
            publicationObserver?(query)
        case .failure(let failure):
            guard let failure = Self.searchError(from: failure) else { return }
            logger.warning("search failed", metadata: ["error": "\(failure)"])
            error = Failure(operation: .search, error: failure)
        }
    }

    private func performLoadMore(_ request: SearchRequest, generation: Int) async {
        let outcome = await Self.result { [repository] in try await repository.search(request) }
        guard !Task.isCancelled, isCurrent(generation, request.query) else { return }
        pageTask = nil
        isLoadingMore = false
        switch outcome {
        case .success(let page):
            var seen = Set(results.map(\.id))
            results += page.results.items.filter { seen.insert($0.id).inserted }
            total = page.results.total
            totalIsEstimate = page.totalIsEstimate
            nextOffset = page.results.nextOffset
            if error?.operation == .loadMore { error = nil }
            publicationObserver?(request.query)
        case .failure(let failure):
            guard let failure = Self.searchError(from: failure) else { return }
            logger.warning("next page failed", metadata: ["error": "\(failure)", "offset": "\(request.offset)"])
            error = Failure(operation: .loadMore, error: failure)
        }
    }

    private static func result(
        _ operation: @Sendable () async throws -> SearchPage
    ) async -> Result<SearchPage, any Error> {
        do {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }

    private static func uniqued(_ products: [ProductSummary]) -> [ProductSummary] {
        var seen = Set<ProductID>()
        return products.filter { seen.insert($0.id).inserted }
    }
}

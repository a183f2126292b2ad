import FeatureKit
import Models
import Networking

/// Where a page of results or a product came from.
public enum DataSource: Hashable, Sendable {
    /// The server answered.
    case server
    /// The server could not be reached, so the products come from Search's own saved table (products seen in
    /// earlier results); screens mark them as offline.
    case saved
}

/// What `SearchRepository.search(_:)` is asked for: a page of one query, and where it may come from.
public struct SearchRequest: Hashable, Sendable {
    /// Where the page may come from.
    public enum Strategy: Hashable, Sendable {
        /// The server, falling back to the saved products when the server cannot be reached (offline, timeout,
        /// server error, rate limited). For the first page of a query.
        case serverWithSavedFallback
        /// The server only: a failure is an error. For the next page of results that came from the server, whose
        /// offsets mean nothing in the saved table.
        case serverOnly
        /// The saved products only. For the next page of results that came from the saved table.
        case savedOnly
    }

    /// The search text, already normalized (trimmed, inner whitespace collapsed; never empty).
    public var query: String
    /// The position of the first wanted result, from 0.
    public var offset: Int
    /// The most results wanted, 1...50 (the API contract's range).
    public var limit: Int
    /// Where the page may come from.
    public var strategy: Strategy

    /// Creates a request.
    public init(query: String, offset: Int, limit: Int, strategy: Strategy) {
        self.query = query
        self.offset = offset
        self.limit = limit
        self.strategy = strategy
    }
}

/// One page of search results, with where it came from.
public struct SearchPage: Hashable, Sendable {
    /// The products in relevance order, with the page's offset, the total and the count the server sent (dropped
    /// products included, so `results.nextOffset` never repeats or skips a result).
    public var results: OffsetPage<ProductSummary>
    /// Whether the page came from the server or from the saved products.
    public var source: DataSource
    /// Why the saved products could not be updated or read while the server answered, or nil when all is well:
    /// the account's store cannot be opened (corrupt, newer schema, unreadable). Search still answers from the
    /// network; only the offline fallback is lost.
    public var savedProductsProblem: String?
    /// The full disk behind `savedProductsProblem`, when that is the cause (it names the file).
    public var savedProductsDiskFull: DiskFull?
    /// Why the server could not answer, for a page that came from the saved products instead; nil for the server's
    /// pages.
    public var networkError: APIError?
    /// Whether `results.total` is a lower bound: the server stops counting at its cap (`total_is_estimate` in the
    /// API contract) and the screen says "1,000+ results".
    public var totalIsEstimate = false

    /// Creates a page.
    public init(
        results: OffsetPage<ProductSummary>, source: DataSource, savedProductsProblem: String? = nil,
        networkError: APIError? = nil
    ) {
        self.results = results
        self.source = source
        self.networkError = networkError
        self.savedProductsProblem = savedProductsProblem
    }
}

/// A product as its detail page shows it: the summary every feature shares, and the description.
public struct ProductDetail: Hashable, Sendable {
    /// Id, title, price, availability, image and rating.
    public var summary: ProductSummary
    /// The product's description, or nil when the server has none (or the saved copy was never shown in detail).
    public var description: String?
    /// Whether it came from the server or, offline, from the saved products.
    public var source: DataSource

    /// Creates a detail value.
    public init(summary: ProductSummary, description: String?, source: DataSource) {
        self.summary = summary
        self.description = description
        self.source = source
    }
}

import FeatureKit
import Logging
import Models
import Networking
import Persistence

/// The live `SearchRepository`: the server through `APIClient`, and Search's own table of saved products in the
/// account database as the offline fallback. DTOs never leave this type: they are mapped to domain values here,
/// once.
///
/// - Every product the server returns is saved (upserted by id, one statement per page) with an FTS5 index, and
///   only the newest `maximumSavedProducts` are kept.
/// - When the server cannot be reached or cannot answer now (offline, timeout, rate limited, 5xx), a first page
///   comes from the saved products and is marked `.saved`; a rejected request (4xx) is an error, and so is an
///   interrupted answer (`SearchError.api(.interrupted)`: a dropped connection, a cut body, TLS), said as such.
/// - A store that cannot be opened (corrupt, newer schema) fails only what needs it: search keeps answering from
///   the network and says so in `SearchPage.savedProductsProblem`; the fallback then fails with
///   `SearchError.savedProductsUnavailable`. The store is never deleted or replaced.
/// - A product that cannot be shown (blank title, negative price, undecodable) is dropped and logged with its id;
///   the rest of the page is kept.
public struct LiveSearchRepository: SearchRepository {
    private let client: APIClient
    private let database: Database
    private let logger: Logger
    private let maximumSavedProducts: Int

    /// Creates the repository from its dependencies.
    ///
    /// - Parameters:
    ///   - client: Sends the API calls.
    ///   - database: The account database, with `SearchStorage.migrations` registered; it opens lazily, on the
    ///     first save or offline read.
    ///   - logger: Receives dropped products and store failures (never the search text).
    ///   - maximumSavedProducts: How many products the offline table keeps, newest first (1 000 unless set).
    public init(client: APIClient, database: Database, logger: Logger, maximumSavedProducts: Int = 1_000) {
        self.client = client
        self.database = database
        self.logger = logger
        self.maximumSavedProducts = maximumSavedProducts
    }

    /// One page of results for `request` (see the type's documentation for the fallback rules).
    ///
    /// - Throws: `SearchError.api` when the server fails and the strategy allows no fallback (or the failure is a
    ///   rejected request); `SearchError.savedProductsUnavailable` when the saved products cannot be read;
    ///   `CancellationError` when the calling task is cancelled.
    public func search(_ request: SearchRequest) async throws -> SearchPage {
        let limit = min(max(request.limit, 1), 50)
        let offset = max(request.offset, 0)
        if request.strategy == .savedOnly {
            return try await savedPage(request.query, offset: offset, limit: limit, networkError: nil)
        }
        let answer: SearchPageDTO
        do {
            answer = try await client.send(.search(query: request.query, offset: offset, limit: limit))
        } catch let error as APIError {
            guard request.strategy == .serverWithSavedFallback, SearchError.allowsSavedFallback(error) else {
                throw SearchError.api(error)
            }
            logger.info("search answered from saved products", metadata: ["error": "\(error)"])
            return try await savedPage(request.query, offset: offset, limit: limit, networkError: error)
        }
        let products = mapped(answer.products)
        let results = OffsetPage(
            items: products, offset: answer.offset, total: answer.total,
            returnedCount: answer.products.elements.count + answer.products.dropped.count)
        let problem = await save(products.map { SavedProducts.Entry(summary: $0, description: nil) }, detail: false)
        var page = SearchPage(results: results, source: .server, savedProductsProblem: problem.map { "\($0)" })
        page.savedProductsDiskFull = problem.flatMap { DiskFull(in: $0) }
        page.totalIsEstimate = answer.totalIsEstimate ?? false
        return page
    }

    /// The product with `id` from the server (saved for offline use), or its saved copy when the server cannot be
    /// reached.
    ///
    /// - Throws: `SearchError.api` (a 404 has category `.notFound`; a product the app cannot show is `.decoding`);
    ///   `SearchError.productNotSaved` or `.savedProductsUnavailable` offline; `CancellationError`.
    public func product(id: ProductID) async throws -> ProductDetail {
        let answer: ProductDTO
        do {
            answer = try await client.send(.product(id: id))
        } catch let error as APIError {
            guard SearchError.allowsSavedFallback(error) else { throw SearchError.api(error) }
            return try await savedProduct(id: id, networkError: error)
        }
        switch answer.summary() {
        case .success(let summary):
            _ = await save([SavedProducts.Entry(summary: summary, description: answer.description)], detail: true)
            return ProductDetail(summary: summary, description: answer.description, source: .server)
        case .failure(let problem):
            logger.warning("product cannot be shown", metadata: ["product_id": "\(id)", "reason": "\(problem.reason)"])
            throw SearchError.api(
                .decoding(DecodingFailure(type: "Product", codingPath: "", reason: problem.description)))
        }
    }

    // MARK: - Private

    /// The products that map to domain values; the rest are logged with their id (or position) and dropped.
    private func mapped(_ products: LossyArray<ProductDTO>) -> [ProductSummary] {
        for dropped in products.dropped {
            logger.warning(
                "search result dropped: it does not decode",
                metadata: ["index": "\(dropped.index)", "reason": "\(dropped.failure)"])
        }
        return products.elements.compactMap { dto in
            switch dto.summary() {
            case .success(let summary):
                return summary
            case .failure(let problem):
                logger.warning(
                    "search result dropped", metadata: ["product_id": "\(problem.id)", "reason": "\(problem.reason)"])
                return nil
            }
        }
    }

    /// Saves `entries`; returns nil when saved, or why the store could not take them (logged, never thrown: the
    /// network answer stands on its own).
    private func save(_ entries: [SavedProducts.Entry], detail: Bool) async -> (any Error)? {
        guard !entries.isEmpty else { return nil }
        let limit = maximumSavedProducts
        do {
            try await database.transaction { tx in
                try SavedProducts.save(entries, replacesDescription: detail, limit: limit, in: tx)
            }
            return nil
        } catch {
            logger.error("cannot save products for offline search", metadata: ["error": "\(error)"])
            return error
        }
    }

    private func savedPage(
        _ query: String, offset: Int, limit: Int, networkError: APIError?
    ) async throws -> SearchPage {
        let found: (rows: [SavedProductRow], total: Int)
        do {
            found = try await database.read { db in
                try SavedProducts.search(query, offset: offset, limit: limit, in: db)
            }
        } catch {
            logger.error("cannot read saved products", metadata: ["error": "\(error)"])
            throw SearchError.savedProducts(error, network: networkError)
        }
        let products = found.rows.compactMap(\.summary)
        let results = OffsetPage(items: products, offset: offset, total: found.total, returnedCount: found.rows.count)
        return SearchPage(results: results, source: .saved, networkError: networkError)
    }

    private func savedProduct(id: ProductID, networkError: APIError) async throws -> ProductDetail {
        let row: SavedProductRow?
        do {
            row = try await database.read { db in try SavedProducts.product(id: id, in: db) }
        } catch {
            logger.error("cannot read saved products", metadata: ["error": "\(error)"])
            throw SearchError.savedProducts(error, network: networkError)
        }
        guard let row, let summary = row.summary else { throw SearchError.productNotSaved(network: networkError) }
        return ProductDetail(summary: summary, description: row.description, source: .saved)
    }
}

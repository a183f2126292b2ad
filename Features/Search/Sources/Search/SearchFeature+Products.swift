import Models
import Networking

extension SearchFeature {
    // MARK: - Products and events

    /// Opens a product: records the current query as a recent search when `product` is one of its results, then
    /// calls `onOpenProduct`.
    public func openProduct(_ product: ProductSummary) {
        if let resultsQuery, results.contains(where: { $0.id == product.id }) {
            recordRecentSearch(resultsQuery)
        }
        onOpenProduct?(product)
    }

    /// Hands `product` to the cart through `onAddToCart`.
    public func addToCart(_ product: ProductSummary) {
        onAddToCart?(product)
    }

    /// The product with `id` and its description, from the server or, offline, its saved copy.
    ///
    /// - Throws: `SearchError` (a 404 is `.api` with category `.notFound`); `CancellationError` when the calling
    ///   task is cancelled.
    public func product(id: ProductID) async throws -> ProductDetail {
        do {
            return try await repository.product(id: id)
        } catch {
            guard let failure = Self.searchError(from: error) else { throw CancellationError() }
            logger.warning("product failed", metadata: ["product_id": "\(id)", "error": "\(failure)"])
            throw failure
        }
    }

    // MARK: - Recent searches

    /// Reads the recent searches into `recentSearches` (a small file, read on the caller's actor); a failure is
    /// kept in `recentSearchesProblem`.
    public func loadRecentSearches() {
        do {
            recentSearches = try recentSearchesList.load()
            recentSearchesProblem = nil
        } catch {
            reportRecentSearchesProblem(error)
        }
    }

    /// Forgets every recent search.
    public func clearRecentSearches() {
        do {
            try recentSearchesList.clear()
            recentSearches = []
            recentSearchesProblem = nil
        } catch {
            reportRecentSearchesProblem(error)
        }
    }

    /// Records `query` as the newest recent search.
    func recordRecentSearch(_ query: String) {
        do {
            recentSearches = try recentSearchesList.record(query)
            recentSearchesProblem = nil
        } catch {
            reportRecentSearchesProblem(error)
        }
    }

    // MARK: - Private

    private func reportRecentSearchesProblem(_ error: any Error) {
        logger.error("recent searches unavailable", metadata: ["error": "\(error)"])
        recentSearchesProblem = "\(error)"
    }

    /// Maps what a repository threw to the error screens show; nil for cancellation (never shown).
    static func searchError(from error: any Error) -> SearchError? {
        switch error {
        case is CancellationError:
            return nil
        case let error as SearchError:
            if case .api(let api) = error, api.category == .cancelled { return nil }
            return error
        case let error as APIError:
            return error.category == .cancelled ? nil : .api(error)
        default:
            return .unexpected(reason: "\(error)")
        }
    }
}

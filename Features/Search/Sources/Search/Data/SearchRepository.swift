import Models

/// Where `SearchFeature` gets its results and products: the server, with Search's own saved products as the offline
/// fallback. The live implementation is `LiveSearchRepository`; tests substitute their own.
///
/// Implementations map the server's DTOs to domain values (they never leave the data layer), are safe to call from
/// any task, and end in `CancellationError` when the calling task is cancelled (an implementation that returns
/// anyway is tolerated: the feature never publishes a cancelled search).
public protocol SearchRepository: Sendable {
    /// One page of results for `request`.
    ///
    /// - Throws: `SearchError` when neither the server nor (where the strategy allows) the saved products can
    ///   answer; `CancellationError` when the calling task is cancelled.
    func search(_ request: SearchRequest) async throws -> SearchPage

    /// The product with `id` and its description (`GET /v1/products/{id}`), or its saved copy when the server
    /// cannot be reached.
    ///
    /// - Throws: `SearchError` (a 404 is `.api` with category `.notFound`); `CancellationError` when the calling
    ///   task is cancelled.
    func product(id: ProductID) async throws -> ProductDetail
}

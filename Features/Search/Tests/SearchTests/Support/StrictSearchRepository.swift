import Models
import Search
import TestSupport
import Testing

/// A `SearchRepository` that answers only the calls a test gives a handler for; any other call records an `Issue`
/// naming it and throws TestSupport's `UnexpectedCall`. With no handler it proves that nothing is searched or
/// looked up.
struct StrictSearchRepository: SearchRepository {
    var search: (@Sendable (SearchRequest) async throws -> SearchPage)?
    var product: (@Sendable (ProductID) async throws -> ProductDetail)?

    func search(_ request: SearchRequest) async throws -> SearchPage {
        guard let search else { throw recordUnexpectedCall("SearchRepository.search(\(request))") }
        return try await search(request)
    }

    func product(id: ProductID) async throws -> ProductDetail {
        guard let product else { throw recordUnexpectedCall("SearchRepository.product(id: \(id))") }
        return try await product(id)
    }
}

import Models
import Networking

extension Endpoint where Response == SearchPageDTO {
    /// `GET /v1/search?q=&offset=&limit=` (no authentication): one page of the products matching `query`.
    ///
    /// `query` is sent as it is (the client percent-encodes it); the server searches it literally. `limit` must be
    /// 1...50 (the API contract); callers clamp it.
    static func search(query: String, offset: Int, limit: Int) -> Endpoint {
        Endpoint(
            .get,
            "/v1/search",
            query: ["q": query, "offset": String(offset), "limit": String(limit)],
            authentication: .none
        )
    }
}

extension Endpoint where Response == ProductDTO {
    /// `GET /v1/products/{id}` (no authentication): the product with its `description`; 404 `not_found` when there
    /// is no such product.
    static func product(id: ProductID) -> Endpoint {
        Endpoint(.get, "/v1/products/\(id.rawValue)", authentication: .none)
    }
}

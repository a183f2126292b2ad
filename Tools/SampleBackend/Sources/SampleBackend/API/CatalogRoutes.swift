/// `GET /v1/search`, `GET /v1/products/{id}`, `GET /v1/config`.
extension StorefrontAPI {
    /// `GET /v1/search?q=&offset=&limit=1..50` (no auth): `{"products": [Product], "total": N, "offset": N}`.
    ///
    /// Full-text search over title and description with prefix matching, best match first; the text is searched
    /// literally (see `ServerStore.search`). A missing or blank `q` matches nothing.
    func search(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let request = routed.request
        let limit = try RequestSupport.integerParameter("limit", in: request, default: 20, range: 1...50)
        let offset = try RequestSupport.integerParameter("offset", in: request, default: 0, range: 0...1_000_000)
        let text = request.queryValue("q") ?? ""
        guard RequestSupport.fits(text, scalars: 0...200, maximumBytes: 800) else {
            throw APIError.invalidParameter("q", "q must be at most 200 Unicode scalars and 800 bytes of UTF-8.")
        }
        let (rows, total) = try await store.search(text, offset: offset, limit: limit)
        let products = rows.map { ProductPayload($0, currency: settings.currency, includeDescription: false) }
        return RequestSupport.json(SearchPagePayload(products: products, total: total, offset: offset))
    }

    /// `GET /v1/products/{id}` (no auth): `Product` with `description`, or 404 `not_found`.
    func product(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let id = routed.parameter("id")
        guard let row = try await store.product(id: id) else {
            throw APIError.notFound("There is no product \(id).")
        }
        return RequestSupport.json(ProductPayload(row, currency: settings.currency, includeDescription: true))
    }

    /// `GET /v1/config` (no auth): `{"flags": {...}, "shipping_options": [{"id", "title", "price", "days"}]}`.
    func config(_ routed: RoutedRequest) async throws -> HTTPResponse {
        try RequestSupport.json(ConfigPayload(flags: settings.flags, shippingOptions: settings.shippingOptions))
    }
}

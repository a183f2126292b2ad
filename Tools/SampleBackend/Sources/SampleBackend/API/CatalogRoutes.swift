/// `GET /v1/search`, `GET /v1/products/{id}`, `GET /v1/config`.
extension StorefrontAPI {
    /// `GET /v1/search?q=&offset=&limit=1..50` (no auth): `{"products": [Product], "total": N, "offset": N}`;
    /// `public, max-age=60` with a strong `ETag` (`HTTPCaching`), like products and config.
    ///
    /// Full-text search over title and description with prefix matching, most popular match first; the text is
    /// searched literally (see `ServerStore.search`). A missing or blank `q` matches nothing. `total` is exact up to
    /// `ServerStore.searchCountCap` (1000); past it `total_is_estimate` is true and `total` a lower bound.
    func search(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let request = routed.request
        let limit = try RequestSupport.integerParameter("limit", in: request, default: 20, range: 1...50)
        let offset = try RequestSupport.integerParameter("offset", in: request, default: 0, range: 0...1_000_000)
        let text = request.queryValue("q") ?? ""
        guard RequestSupport.fits(text, scalars: 0...200, maximumBytes: 800) else {
            throw APIError.invalidParameter("q", "q must be at most 200 Unicode scalars and 800 bytes of UTF-8.")
        }
        return try await catalogAnswer(request, maxAgeSeconds: 60) {
            let result = try await store.search(text, offset: offset, limit: limit)
            let products = result.rows.map {
                ProductPayload(
                    $0, currency: settings.currency, includeDescription: false, origin: ImageLinks.origin(of: request))
            }
            return RequestSupport.json(
                SearchPagePayload(
                    products: products, total: result.total, totalIsEstimate: result.isEstimate, offset: offset))
        }
    }

    /// `GET /v1/products/{id}` (no auth): `Product` with `description`, or 404 `not_found`.
    func product(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let id = routed.parameter("id")
        return try await catalogAnswer(routed.request, maxAgeSeconds: 60) {
            guard let row = try await store.product(id: id) else {
                throw APIError.notFound("There is no product \(id).")
            }
            return RequestSupport.json(
                ProductPayload(
                    row, currency: settings.currency, includeDescription: true,
                    origin: ImageLinks.origin(of: routed.request)))
        }
    }

    /// `GET /v1/config` (no auth): `{"flags": {...}, "shipping_options": [{"id", "title", "price", "days"}]}`.
    func config(_ routed: RoutedRequest) async throws -> HTTPResponse {
        try await catalogAnswer(routed.request, maxAgeSeconds: 300) {
            try RequestSupport.json(ConfigPayload(flags: settings.flags, shippingOptions: settings.shippingOptions))
        }
    }

    /// A catalog answer (the same for every client): from `catalogCache` while the catalog is unchanged, else made
    /// by `make` and kept; `public, max-age=N` with a strong `ETag`, and 304 for a matching `If-None-Match`.
    ///
    /// The catalog's change counter is read before the answer is made, so a change committed meanwhile (here or in
    /// another process over the same database) can only make a kept answer newer than its counter, never older.
    private func catalogAnswer(
        _ request: HTTPRequest, maxAgeSeconds: Int, make: () async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let policy = HTTPCaching.Policy.publicAnswer(maxAgeSeconds: maxAgeSeconds)
        // The origin is part of the key: answers link pictures from the host the client used.
        let key =
            (ImageLinks.origin(of: request) ?? "") + "\u{0}" + request.path + "\u{0}"
            + request.query.map { "\($0.name)\u{1}\($0.value)" }.joined(separator: "\u{0}")
        let version = try await store.catalogVersion()
        if let (response, tag) = catalogCache.answer(key, version: version) {
            return HTTPCaching.finish(response, for: request, policy: policy, entityTag: tag)
        }
        let response = try await make()
        guard response.status == 200 else { return response }
        let tag = HTTPCaching.entityTag(for: response.body, policy: policy)
        catalogCache.keep(response, entityTag: tag, under: key, version: version)
        return HTTPCaching.finish(response, for: request, policy: policy, entityTag: tag)
    }
}

/// `GET /v1/search`, `GET /v1/products/{id}`, `GET /v1/config`: answered at once on the server's thread
/// (`Router.addImmediate`), from `catalogCache` or with blocking reads.
extension StorefrontAPI {
    /// `GET /v1/search?q=&offset=&limit=1..50` (no auth): `{"products": [Product], "total": N, "offset": N}`;
    /// `public, max-age=60` with a strong `ETag` (`HTTPCaching`), like products and config.
    ///
    /// Full-text search over title and description with prefix matching, most popular match first; the text is
    /// searched literally (see `ServerStore.search`). A missing or blank `q` matches nothing. `total` is exact up to
    /// `ServerStore.searchCountCap` (1000); past it `total_is_estimate` is true and `total` a lower bound.
    func search(_ routed: RoutedRequest) throws -> HTTPResponse {
        let request = routed.request
        let limit = try RequestSupport.integerParameter("limit", in: request, default: 20, range: 1...50)
        let offset = try RequestSupport.integerParameter("offset", in: request, default: 0, range: 0...1_000_000)
        let text = request.queryValue("q") ?? ""
        guard RequestSupport.fits(text, scalars: 0...200, maximumBytes: 800) else {
            throw APIError.invalidParameter("q", "q must be at most 200 Unicode scalars and 800 bytes of UTF-8.")
        }
        return try catalogAnswer(request, maxAgeSeconds: 60) {
            let result = try store.search(text, offset: offset, limit: limit)
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
    func product(_ routed: RoutedRequest) throws -> HTTPResponse {
        let id = routed.parameter("id")
        return try catalogAnswer(routed.request, maxAgeSeconds: 60) {
            guard let row = try store.product(id: id) else {
                throw APIError.notFound("There is no product \(id).")
            }
            return RequestSupport.json(
                ProductPayload(
                    row, currency: settings.currency, includeDescription: true,
                    origin: ImageLinks.origin(of: routed.request)))
        }
    }

    /// `GET /v1/config` (no auth): `{"flags": {...}, "shipping_options": [{"id", "title", "price", "days"}]}`.
    func config(_ routed: RoutedRequest) throws -> HTTPResponse {
        try catalogAnswer(routed.request, maxAgeSeconds: 300) {
            try RequestSupport.json(ConfigPayload(flags: settings.flags, shippingOptions: settings.shippingOptions))
        }
    }

    /// A catalog answer (the same for every client): from `catalogCache` while the catalog is unchanged, else made
    /// by `make` and kept; `public, max-age=N` with a strong `ETag`, and 304 for a matching `If-None-Match`.
    private func catalogAnswer(
        _ request: HTTPRequest, maxAgeSeconds: Int, make: () throws -> HTTPResponse
    ) throws -> HTTPResponse {
        try catalogCache.answer(
            to: request, key: Self.answerKey(request), version: try store.changeVersion(of: .catalog),
            policy: .publicAnswer(maxAgeSeconds: maxAgeSeconds), make: make)
    }

    /// The path and query of `request`, unambiguously joined: what an answer cache keys an answer by.
    /// The origin is part of the key: answers link pictures from the host the client used (`ImageLinks`).
    static func answerKey(_ request: HTTPRequest) -> String {
        (ImageLinks.origin(of: request) ?? "") + "\u{0}" + request.path + "\u{0}"
            + request.query.map { "\($0.name)\u{1}\($0.value)" }.joined(separator: "\u{0}")
    }
}

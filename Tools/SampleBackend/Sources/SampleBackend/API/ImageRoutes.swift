import Foundation

/// `GET /v1/images/{kind}/{id}.{ext}`: the catalog's pictures (`PictureCatalog`).
extension StorefrontAPI {
    /// How long a client may use a picture without revalidating, in seconds: a picture never changes for its URL.
    static let pictureMaxAge = 86_400

    /// `GET /v1/images/{kind}/{id}.{ext}` (no auth): `kind` is `products` or `posts`, `ext` `jpg` or `png`. The
    /// bytes with `Content-Type`, a strong `ETag` and `Cache-Control: public, max-age=86400`; 304 for a matching
    /// `If-None-Match`; 404 `not_found` for a picture the catalog does not have or has lost on purpose, or of a
    /// product or post the data does not have.
    func picture(_ routed: RoutedRequest) async throws -> HTTPResponse {
        let kind = routed.parameter("kind")
        let id = routed.parameter("id")
        let fileExtension = routed.parameter("ext")
        guard let picture = pictures.catalog.picture(kind: kind, id: id, fileExtension: fileExtension),
            !picture.isMissing, try await store.hasRow(kind: picture.kind, id: picture.id)
        else {
            throw APIError.notFound("There is no picture \(kind)/\(id).\(fileExtension).")
        }
        let encoded = try pictures.encoded(picture)
        let response = HTTPResponse(
            status: 200, headers: ["Content-Type": picture.format.mediaType], body: encoded.data)
        return HTTPCaching.finish(
            response, for: routed.request, policy: .publicAnswer(maxAgeSeconds: Self.pictureMaxAge),
            entityTag: encoded.entityTag)
    }
}

/// How `image_url` values link the server's own pictures: the seed stores an absolute-path reference
/// (`/v1/images/products/sku_12.jpg`), and answers carry it as an absolute URL on the origin the client used (its
/// `Host`), so the links stay right whatever port the server listens on this time. Other stored values (external
/// or deliberately broken URLs) pass unchanged.
enum ImageLinks {
    /// `http://` plus the request's `Host` (RFC 9110 §7.2) when that is a plausible host and port (letters, digits,
    /// `.`, `-`, `:`, `[`, `]`, at most 255 bytes); nil otherwise.
    static func origin(of request: HTTPRequest) -> String? {
        guard let host = request.headers["Host"], !host.isEmpty, host.utf8.count <= 255,
            host.unicodeScalars.allSatisfy({
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                    || ".-:[]".unicodeScalars.contains($0)
            })
        else { return nil }
        return "http://" + host
    }

    /// The `image_url` to send for `stored`: prefixed with `origin` when it is one of the server's own paths.
    static func wireValue(_ stored: String, origin: String?) -> String {
        guard let origin, stored.hasPrefix("/v1/images/") else { return stored }
        return origin + stored
    }
}

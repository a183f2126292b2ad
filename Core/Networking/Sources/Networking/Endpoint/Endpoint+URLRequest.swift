import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The header fields `APIClient` sets itself, which an endpoint may not set.
enum ClientHeader {
    /// The bearer token (RFC 9110 §11.6.2, RFC 6750 §2.1).
    static let authorization = "Authorization"
    /// The idempotency key of a request that may be repeated.
    static let idempotencyKey = "Idempotency-Key"
    /// The id generated for each attempt, for correlating client and server logs.
    static let requestID = "X-Request-ID"
    /// The media types the client understands (RFC 9110 §12.5.1).
    static let accept = "Accept"
    /// The media type of the body (RFC 9110 §8.3).
    static let contentType = "Content-Type"

    /// The lowercased names an endpoint may not set.
    static let reserved: Set<String> = [
        authorization.lowercased(), idempotencyKey.lowercased(), requestID.lowercased(),
    ]
}

extension Endpoint {
    /// Builds the request for this endpoint below `baseURL`, without the per-attempt headers the client adds
    /// (`X-Request-ID`, `Authorization`).
    ///
    /// The URL is the base URL (an absolute `http` or `https` URL with a host; a path such as `/api` is kept, a
    /// trailing `/` dropped) followed by `path` and the encoded query. The request carries `Accept:
    /// application/json`, the endpoint's headers, the `Idempotency-Key` when there is one, and the body encoded by
    /// `encoder` with `Content-Type: application/json`.
    ///
    /// - Throws: `APIError.invalidRequest` when the base URL is not an absolute http(s) URL with a host or has a
    ///   query or fragment, when `path` has a `problem`, when a header name is not an RFC 9110 token, a value holds
    ///   a line break, or a name is one the client owns, when the idempotency key is empty or holds a line break, and
    ///   when the body cannot be encoded.
    public func urlRequest(baseURL: URL, encoder: JSONEncoder) throws(APIError) -> URLRequest {
        let url = try makeURL(baseURL: baseURL)
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.setValue("application/json", forHTTPHeaderField: ClientHeader.accept)
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            try HeaderValidation.check(name: name, value: value)
            guard !ClientHeader.reserved.contains(name.lowercased()) else {
                throw .invalidRequest(
                    reason: "the header \(name) is set by the client; declare `authentication` or `idempotencyKey`"
                )
            }
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let idempotencyKey {
            guard !idempotencyKey.isEmpty else {
                throw .invalidRequest(reason: "the idempotency key is empty")
            }
            try HeaderValidation.check(name: ClientHeader.idempotencyKey, value: idempotencyKey)
            request.setValue(idempotencyKey, forHTTPHeaderField: ClientHeader.idempotencyKey)
        }
        if let body {
            do {
                request.httpBody = try encoder.encode(body)
            } catch {
                throw .invalidRequest(reason: "the body of \(method) \(path) cannot be encoded: \(error)")
            }
            request.setValue("application/json", forHTTPHeaderField: ClientHeader.contentType)
        }
        return request
    }

    private func makeURL(baseURL: URL) throws(APIError) -> URL {
        guard
            let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw .invalidRequest(reason: "the base URL \(baseURL) is not an absolute http(s) URL with a host")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidRequest(reason: "the base URL \(baseURL) must not have a query or a fragment")
        }
        if let problem = path.problem {
            throw .invalidRequest(reason: problem)
        }
        var text = baseURL.absoluteString
        while text.hasSuffix("/") {
            text.removeLast()
        }
        text += path.encoded
        if !query.isEmpty {
            text += "?" + Self.encodedQuery(query)
        }
        guard let url = URL(string: text) else {
            throw .invalidRequest(reason: "\(text) is not a valid URL")
        }
        return url
    }

    /// `name=value` pairs joined by `&`, each part percent-encoded; an item without a value is its name alone.
    static func encodedQuery(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = PercentEncoding.encode(item.name)
            guard let value = item.value else { return name }
            return name + "=" + PercentEncoding.encode(value)
        }
        .joined(separator: "&")
    }
}

/// Checks of header fields against RFC 9110 §5.1 (names are tokens) and §5.5 (values hold no CR, LF or NUL).
enum HeaderValidation {
    /// - Throws: `APIError.invalidRequest` naming the field when the name or the value is malformed.
    static func check(name: String, value: String) throws(APIError) {
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenCharacter) else {
            throw .invalidRequest(reason: "\"\(name)\" is not a valid header name")
        }
        guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
            throw .invalidRequest(reason: "the value of the header \(name) contains a line break")
        }
    }

    /// `tchar` of RFC 9110 §5.6.2.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a transport's transfers behave, fixed per transport instance.
struct CurlTransferOptions: Sendable {
    /// The longest a transfer may go without receiving a byte (connecting included) before it fails with
    /// `URLError(.timedOut)`; a paused transfer (its reader is behind) does not count as idle.
    var idleTimeout: Duration
    /// The most body bytes one answer may have; nil for no cap (the event stream).
    var maximumBodyBytes: Int?
    /// Headers sent with every request unless the request sets the same name.
    var additionalHeaders: [String: String]
    /// A PEM file of the certificate authorities to trust for `https` instead of the system's; nil for the system's.
    var certificateAuthorities: String?
    /// Whether to ask for (and decode) compressed bodies (`Accept-Encoding` with what libcurl supports).
    var acceptsCompression: Bool
}

/// A `URLRequest` turned into what the driver hands libcurl, checked before anything is sent.
struct CurlRequest: Sendable {
    let url: URL
    let method: String
    /// `Name: value` lines, the transport's additional headers merged under the request's own.
    let headerLines: [String]
    let body: Data?
    /// One connection of its own, closed afterwards (`CURLOPT_FRESH_CONNECT` and `CURLOPT_FORBID_REUSE`).
    let freshConnection: Bool
    let options: CurlTransferOptions

    /// - Throws: `URLError(.badURL)` without a URL, `URLError(.unsupportedURL)` for a scheme other than http and
    ///   https; a body stream (`httpBodyStream`) is refused as `URLError(.requestBodyStreamExhausted)`, since no
    ///   caller sends one.
    init(_ request: URLRequest, options: CurlTransferOptions) throws {
        guard let url = request.url else { throw URLError(.badURL) }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw URLError(.unsupportedURL, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        guard request.httpBodyStream == nil else {
            throw URLError(.requestBodyStreamExhausted, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        self.url = url
        method = (request.httpMethod ?? "GET").uppercased()
        body = request.httpBody
        freshConnection = Self.needsFreshConnection(method: method, hasBody: request.httpBody != nil)
        self.options = options
        var fields: [(name: String, value: String)] = []
        let own = request.allHTTPHeaderFields ?? [:]
        let ownNames = Set(own.keys.map { $0.lowercased() })
        for (name, value) in options.additionalHeaders.sorted(by: { $0.key < $1.key })
        where !ownNames.contains(name.lowercased()) {
            fields.append((name, value))
        }
        for (name, value) in own.sorted(by: { $0.key < $1.key }) {
            fields.append((name, value))
        }
        let names = Set(fields.map { $0.name.lowercased() })
        var lines = fields.map { "\($0.name): \($0.value)" }
        // libcurl would add `Expect: 100-continue` to large bodies and wait for the interim answer; an empty
        // value removes a header libcurl adds on its own.
        lines.append("Expect:")
        if body != nil, !names.contains("content-type") {
            lines.append("Content-Type:")
        }
        headerLines = lines
    }

    /// Whether a request must not travel over a reused connection: it has a body, or its method is not idempotent
    /// (RFC 9110 §9.2.2).
    ///
    /// When a reused keep-alive connection closes before any answer (the server committed an order, then the
    /// connection dropped), libcurl silently sends the request again on a new connection; a body it cannot rewind
    /// is not sent again, so the server waits for the `Content-Length` bytes until the caller's attempt deadline
    /// (10 s) ends the wait. libcurl re-sends only on reused connections, so on a fresh one the drop surfaces at once
    /// (`URLError(.networkConnectionLost)`, "empty reply") and `APIClient` retries with the same idempotency key.
    /// Requests without a body (`GET`, `PUT`/`DELETE` of a like) keep reusing connections: re-sending their head is
    /// the whole request.
    static func needsFreshConnection(method: String, hasBody: Bool) -> Bool {
        hasBody || !["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].contains(method.uppercased())
    }
}

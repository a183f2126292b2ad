import Foundation
import Networking
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request as `ScriptedTransport` received it, for assertions: method, URL, headers and body.
public struct RecordedRequest: Sendable, Hashable {
    /// The method, such as `"POST"`.
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// The header fields as the client set them.
    public var headers: [String: String]
    /// The body, or nil when there is none.
    public var body: Data?

    /// Records `request`.
    public init(_ request: URLRequest) {
        method = request.httpMethod ?? "GET"
        url = request.url ?? URL(fileURLWithPath: "/")
        headers = request.allHTTPHeaderFields ?? [:]
        body = request.httpBody
    }

    /// The percent-encoded path, such as `"/v1/posts/a%2Fb/like"`.
    public var path: String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
    }

    /// The percent-encoded query without `?`, or nil when the URL has none.
    public var percentEncodedQuery: String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
    }

    /// The decoded query parameters in order.
    public var queryItems: [URLQueryItem] {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    }

    /// `"GET /v1/feed"`: the method and path, for messages and quick comparisons.
    public var summary: String { "\(method) \(path)" }

    /// The value of the header `name`, matched without regard to case (RFC 9110 §5.1).
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// The body as JSON with keys as sent, or nil when there is no body or it is not JSON.
    public var jsonBody: JSONValue? {
        body.flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }
    }
}

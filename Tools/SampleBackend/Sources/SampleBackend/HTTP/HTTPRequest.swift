import Foundation

/// One HTTP request as the server received it, body complete.
public struct HTTPRequest: Sendable {
    /// One `name=value` pair of the query string, percent-decoded (`+` is a space, as HTML forms send it).
    public struct QueryItem: Sendable, Hashable {
        /// The decoded name.
        public var name: String
        /// The decoded value; empty for a name without `=`.
        public var value: String

        /// Creates a query item.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The method as sent (`"GET"`, `"POST"` …); methods are case-sensitive (RFC 9110 §9.1).
    public var method: String
    /// The path as sent, still percent-encoded and without the query (`"/v1/products/a%2Fb"`), so an encoded `/`
    /// inside a segment stays distinguishable from a separator.
    public var path: String
    /// The query items in the order sent.
    public var query: [QueryItem]
    /// The request headers; lookups ignore case (RFC 9110 §5.1).
    public var headers: HTTPHeaders
    /// The body bytes; empty when none was sent.
    public var body: Data

    /// Creates a request.
    public init(method: String, path: String, query: [QueryItem] = [], headers: HTTPHeaders = [:], body: Data = Data())
    {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The path split at `/` (empty segments dropped), each segment percent-decoded; a segment with a malformed
    /// escape is kept as sent.
    public var pathSegments: [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(PercentDecoding.decodePathSegment)
    }

    /// The value of the first query item called `name`, or nil when there is none.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

import Foundation

/// One call of the API: what to send and the type its successful response decodes to.
///
/// A feature declares its endpoints next to its DTOs, as static factories on a constrained extension:
///
/// ```swift
/// extension Endpoint where Response == FeedPageDTO {
///     static func feed(cursor: String?, limit: Int) -> Endpoint {
///         Endpoint(.get, "/v1/feed", query: ["cursor": cursor, "limit": String(limit)], authentication: .optional)
///     }
/// }
/// ```
///
/// `APIClient.send(_:)` builds the request (see `urlRequest(baseURL:encoder:)`), attaches what the client owns
/// (`X-Request-ID`, `Authorization`, `Idempotency-Key`, `Accept`), and decodes a 2xx body as `Response` with the
/// shared decoder (`APIJSON.makeDecoder()`); use `EmptyResponse` for a call answered with 204 or an ignored body.
public struct Endpoint<Response: Decodable & Sendable>: Sendable {
    /// The request method; it decides, with `idempotencyKey`, whether a failed attempt may be repeated.
    public var method: HTTPMethod

    /// The path below the base URL; interpolated ids are encoded as one segment each.
    public var path: EndpointPath

    /// Query parameters in order; an item with a nil value is written as its name alone. Names and values are
    /// percent-encoded (`+`, `&`, `=` and spaces included), so user text can be passed as it is.
    public var query: [URLQueryItem]

    /// Extra request headers. The headers the client owns (`Authorization`, `Idempotency-Key`, `X-Request-ID`) are
    /// rejected here; declare `authentication` and `idempotencyKey` instead.
    public var headers: [String: String]

    /// The JSON body, encoded with the shared encoder (`APIJSON.makeEncoder()`) when the request is built; nil sends
    /// no body.
    public var body: (any Encodable & Sendable)?

    /// Whether the call sends the user's bearer token.
    public var authentication: Authentication

    /// The value of the `Idempotency-Key` header: the same key on every attempt, and what allows a POST to be
    /// repeated after a failure (see the contract: replaying a key returns the first result).
    public var idempotencyKey: String?

    /// Retry rules for this call only; nil uses the client's policy.
    public var retryPolicy: RetryPolicy?

    /// Deadlines for this call only; nil uses the client's deadlines.
    public var timeouts: RequestTimeouts?

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - method: The request method.
    ///   - path: The path below the base URL, such as `"/v1/posts/\(id)"`.
    ///   - query: Query parameters in order.
    ///   - headers: Extra headers; not the ones the client owns.
    ///   - body: A value to send as JSON, or nil.
    ///   - authentication: Whether to send the bearer token: always declared, never assumed.
    ///   - idempotencyKey: The `Idempotency-Key` to send on every attempt, or nil.
    public init(
        _ method: HTTPMethod,
        _ path: EndpointPath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        authentication: Authentication,
        idempotencyKey: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.authentication = authentication
        self.idempotencyKey = idempotencyKey
    }

    /// Creates an endpoint whose query is given as a dictionary-like list; entries with a nil value are left out,
    /// and the order is kept.
    ///
    /// `Endpoint(.get, "/v1/feed", query: ["cursor": cursor, "limit": "20"], authentication: .optional)`.
    public init(
        _ method: HTTPMethod,
        _ path: EndpointPath,
        query: KeyValuePairs<String, String?>,
        headers: [String: String] = [:],
        body: (any Encodable & Sendable)? = nil,
        authentication: Authentication,
        idempotencyKey: String? = nil
    ) {
        let items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        self.init(
            method,
            path,
            query: items,
            headers: headers,
            body: body,
            authentication: authentication,
            idempotencyKey: idempotencyKey
        )
    }

    /// Whether `APIClient` may repeat the call after a retryable failure: the method is idempotent (RFC 9110
    /// §9.2.2), or the call carries an idempotency key.
    public var isSafeToRepeat: Bool {
        method.isIdempotent || idempotencyKey != nil
    }
}

/// Whether an endpoint sends the user's bearer token (`Authorization: Bearer <token>`, RFC 6750 §2.1), taken from the
/// client's `AccessTokenProvider`.
public enum Authentication: Sendable, Hashable {
    /// Never sends a token (search, product pages, sign-in).
    case none
    /// Sends the token when there is one and calls anonymously otherwise (the feed: `liked_by_me` needs it).
    case optional
    /// Needs a token: without one the client throws `APIError.unauthorized` and sends nothing.
    case required
    /// Sends this bearer token instead of the provider's: a session other than the current one, such as one an
    /// earlier version of the app stored, presented to prove which server issued it. A 401 for it is
    /// `APIError.unauthorized` and leaves the provider's token alone. The token never appears in a description.
    case bearer(String)
}

extension Authentication: CustomStringConvertible {
    /// `none`, `optional`, `required` or `bearer(<secret>)`.
    public var description: String {
        switch self {
        case .none: return "none"
        case .optional: return "optional"
        case .required: return "required"
        case .bearer: return "bearer(<secret>)"
        }
    }
}

/// The response type of a call whose body is empty (204 No Content) or not needed: the client never decodes the body.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// Creates the empty value.
    public init() {}

    /// Accepts any JSON value without reading it.
    public init(from decoder: any Decoder) throws {}
}

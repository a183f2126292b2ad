/// The request methods the API uses, with their RFC 9110 semantics.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Reads a resource (RFC 9110 §9.3.1). Safe and idempotent.
    case get = "GET"
    /// Reads a resource's headers only (RFC 9110 §9.3.2). Safe and idempotent.
    case head = "HEAD"
    /// Creates or processes something (RFC 9110 §9.3.3). Neither safe nor idempotent.
    case post = "POST"
    /// Replaces a resource (RFC 9110 §9.3.4). Idempotent.
    case put = "PUT"
    /// Changes part of a resource (RFC 5789). Not idempotent.
    case patch = "PATCH"
    /// Removes a resource (RFC 9110 §9.3.5). Idempotent.
    case delete = "DELETE"

    /// Whether sending the request twice has the same effect on the server as sending it once (RFC 9110 §9.2.2):
    /// true for GET, HEAD, PUT and DELETE; false for POST and PATCH.
    ///
    /// `APIClient` repeats a failed request automatically only when this is true or the endpoint carries an
    /// idempotency key.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete: return true
        case .post, .patch: return false
        }
    }

    /// The method token as it goes on the wire (`"GET"`).
    public var description: String { rawValue }
}

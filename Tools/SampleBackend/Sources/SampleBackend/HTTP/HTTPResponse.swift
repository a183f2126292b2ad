import Foundation

/// What a handler answers: a status, headers and a body, or an instruction to close the connection without
/// answering (see `droppingConnection()`).
public struct HTTPResponse: Sendable {
    /// The status code (RFC 9110 §15).
    public var status: Int
    /// The response headers; `Content-Length` is added by the server.
    public var headers: HTTPHeaders
    /// The body bytes (not sent for `HEAD`).
    public var body: Data
    /// Whether the server closes the connection instead of sending this response.
    public let dropsConnection: Bool
    /// A body written while it is sent (an event stream); when set, `body` is ignored and the response is sent with
    /// `Transfer-Encoding: chunked` until the streamed body finishes.
    public var streamedBody: StreamedBody?
    /// Set by a handler whose answer is the same for every `GET` with this target and `Host` and no
    /// `Authorization` until the database changes (`ReusableAnswer`); the server then keeps it (`AnswerReuse`).
    /// Never sent.
    public var reusable: ReusableAnswer?

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
        self.dropsConnection = false
    }

    /// A response whose body is written over time through `body` (see `StreamedBody`).
    public static func streaming(status: Int = 200, headers: HTTPHeaders, body: StreamedBody) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.streamedBody = body
        return response
    }

    /// A response that is never sent: the server closes the connection, so the client sees the connection end
    /// without an answer (the failure a client meets when a network drops after the server did the work).
    public static func droppingConnection() -> HTTPResponse {
        HTTPResponse(status: 0, dropsConnection: true)
    }

    private init(status: Int, dropsConnection: Bool) {
        self.status = status
        self.headers = [:]
        self.body = Data()
        self.dropsConnection = dropsConnection
    }
}

/// Handles one request. Runs in a task of its own; it may suspend for as long as it needs (libmicrohttpd's thread is
/// not blocked meanwhile) and should return soon after its task is cancelled, which the server does when a stop's
/// grace period ends.
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse

/// Answers a complete request at once, on the libmicrohttpd thread that read it, or returns nil to hand it to the
/// server's `HTTPHandler` (which runs in a task while the connection is suspended).
///
/// For answers that need only the CPU and short blocking reads (a cached catalog answer, a page from a local
/// database): the thread serves its other connections only after this returns, so it must never wait for a
/// timer, another request, the network, or a lock held across awaits. Anything that waits, streams or answers
/// later returns nil here.
public typealias ImmediateHTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse?

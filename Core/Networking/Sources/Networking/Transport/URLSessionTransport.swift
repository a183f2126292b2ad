import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live transport: a `URLSession` with its own ephemeral configuration (FoundationNetworking on Linux).
///
/// The session is not shared with anything else and keeps nothing between requests: no cookie storage (cookies are
/// neither sent nor stored), no URL cache (every request goes to the server), no credential storage. The transport
/// itself keeps the entity tags of `GET` answers (`EntityTagCache`): it sends `If-None-Match` and turns a
/// `304 Not Modified` back into the kept 200 answer, so callers always receive a full answer. Its own timeout
/// is only a backstop for a connection that stalls with no deadline above it: `APIClient` enforces the real deadlines
/// with its clock, because on Linux URLSession truncates timeouts to whole seconds, fires those under a second at
/// once and ignores the resource timeout.
///
/// Cancelling the calling task cancels the request; URLSession then throws `URLError(.cancelled)`, which
/// `APIClient` turns into `CancellationError`.
///
/// A request with a body, or with a method that is not idempotent (`POST`, `PATCH`), goes over a connection of its
/// own (a session made for it, with `Connection: close`), never over a kept-alive one. Reason, observed with
/// FoundationNetworking's libcurl on Linux: when a reused keep-alive connection closes before any answer (the server
/// committed an order, then the connection dropped), libcurl silently sends the request again on a new connection,
/// but only its head: the body is not rewound, so the server waits for the `Content-Length` bytes until the caller's
/// attempt deadline (10 s) ends the wait. libcurl re-sends only on reused connections, so on a fresh one the drop
/// surfaces at once as `URLError(.networkConnectionLost)`, and `APIClient` retries with the same idempotency key.
/// Requests without a body (`GET`, `PUT`/`DELETE` of a like) keep reusing connections: re-sending their head is the
/// whole request.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let sessionConfiguration: URLSessionConfiguration
    private let entityTags: EntityTagCache?

    /// Creates the transport and its session.
    ///
    /// - Parameters:
    ///   - idleTimeoutSeconds: How long the session waits without receiving data before failing with
    ///     `URLError(.timedOut)`, in whole seconds (at least 1); keep it above the client's attempt deadline.
    ///   - additionalHeaders: Headers sent with every request, such as `User-Agent`.
    ///   - entityTags: Where the entity tags of answers are kept for revalidation; nil sends every request
    ///     unconditionally.
    public init(
        idleTimeoutSeconds: Int = 60, additionalHeaders: [String: String] = [:],
        entityTags: EntityTagCache? = EntityTagCache()
    ) {
        self.entityTags = entityTags
        let configuration = URLSessionConfiguration.storefrontEphemeral(
            idleTimeoutSeconds: idleTimeoutSeconds, additionalHeaders: additionalHeaders)
        sessionConfiguration = configuration
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The configuration the session was created with (a copy).
    var configuration: URLSessionConfiguration {
        session.configuration
    }

    /// Sends `request` through the session, conditionally when an entity tag is kept for it.
    ///
    /// - Throws: the session's `URLError`; `URLError(.cancelled)` when the task is cancelled;
    ///   `URLError(.badServerResponse)` when the answer is not an HTTP response.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var sent = entityTags?.conditional(request) ?? request
        let data: Data
        let response: URLResponse
        if Self.needsOwnConnection(sent) {
            sent.setValue("close", forHTTPHeaderField: "Connection")
            let ownSession = URLSession(configuration: sessionConfiguration)
            defer { ownSession.finishTasksAndInvalidate() }
            (data, response) = try await ownSession.data(for: sent)
        } else {
            (data, response) = try await session.data(for: sent)
        }
        guard let httpResponse = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return entityTags?.resolve(sent, data: data, response: httpResponse) ?? (data, httpResponse)
    }

    /// Whether `request` must not travel over a reused connection: it has a body, or its method is not idempotent
    /// (RFC 9110 §9.2.2), so libcurl's silent re-send of a head without its body would stall it (see the type).
    static func needsOwnConnection(_ request: URLRequest) -> Bool {
        if request.httpBody != nil || request.httpBodyStream != nil { return true }
        let method = (request.httpMethod ?? "GET").uppercased()
        return !["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].contains(method)
    }
}

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
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
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
        session = URLSession(
            configuration: .storefrontEphemeral(
                idleTimeoutSeconds: idleTimeoutSeconds, additionalHeaders: additionalHeaders))
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
        let sent = entityTags?.conditional(request) ?? request
        let (data, response) = try await session.data(for: sent)
        guard let httpResponse = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return entityTags?.resolve(sent, data: data, response: httpResponse) ?? (data, httpResponse)
    }
}

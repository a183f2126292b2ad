import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The head of a streamed answer and its body as it arrives: what `HTTPStreamingTransport` returns.
public struct HTTPStreamingResponse: Sendable {
    /// The status line and headers, available as soon as the server sent them.
    public let head: HTTPURLResponse
    /// The body in chunks as they arrive (their boundaries carry no meaning); it finishes when the server ends the
    /// answer and throws when the connection fails. Ending the iteration early (leaving the loop, or cancelling the
    /// iterating task) closes the connection.
    public let body: AsyncThrowingStream<Data, any Error>

    /// A response with this head and body.
    public init(head: HTTPURLResponse, body: AsyncThrowingStream<Data, any Error>) {
        self.head = head
        self.body = body
    }
}

/// Sends one HTTP request and hands back its answer while it is still arriving: the seam under long-lived answers
/// such as the `text/event-stream` of `GET /v1/events`, next to `HTTPTransport` for whole answers.
///
/// The live implementation is `CurlStreamingTransport`; tests use `ScriptedStreamingTransport` from
/// `NetworkingTestSupport`. An answer with any status is returned, not thrown.
public protocol HTTPStreamingTransport: Sendable {
    /// Sends `request` and returns once the response head has arrived.
    ///
    /// - Throws: `URLError` when no head arrives (its code says why); `URLError(.cancelled)` or `CancellationError`
    ///   when the calling task is cancelled, which closes the connection.
    func stream(_ request: URLRequest) async throws -> HTTPStreamingResponse
}

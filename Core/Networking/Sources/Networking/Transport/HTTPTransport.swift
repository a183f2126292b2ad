import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the whole answer: the seam between `APIClient` and the network.
///
/// The live implementation is `CurlTransport`; tests use `ScriptedTransport` from `NetworkingTestSupport`.
/// An answer with any status (4xx and 5xx included) is returned, not thrown.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the body and the response head.
    ///
    /// - Throws: `URLError` when no answer arrives (its code says why); `URLError(.cancelled)` or
    ///   `CancellationError` when the calling task is cancelled, which should stop the request promptly;
    ///   `ResponseBodyTooLarge` when the body is over the transport's cap.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Waits until the server behind this transport can take requests, before any deadline of a call starts:
    /// `APIClient` awaits it once per call, then starts the call's overall and attempt deadlines. A transport whose
    /// server is started on demand (the App's embedded backend, which seeds its database on a first run) waits here,
    /// with a bound of its own, so the preparation never counts against a request's deadline. The default returns at
    /// once.
    ///
    /// - Throws: an `APIError` the call then ends with (a server that never became ready); `CancellationError` when
    ///   the calling task is cancelled.
    func waitUntilReady() async throws
}

extension HTTPTransport {
    /// Returns at once: the server is taken as ready (`CurlTransport`, the scripted transports of the tests).
    public func waitUntilReady() async throws {}
}

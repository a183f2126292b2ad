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
}

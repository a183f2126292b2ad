import Foundation
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live transport for whole answers: libcurl, driven by the process's `CurlDriver`.
///
/// Nothing is kept between requests but kept-alive connections (libcurl's cookie engine is off, there is no URL
/// cache and no credential store) and, when given one, the entity tags of `GET` answers (`EntityTagCache`): it sends
/// `If-None-Match` and turns a `304 Not Modified` back into the kept 200 answer, so callers always receive a full
/// answer. Redirects are not followed (the API never redirects; a 3xx reaches the caller as it is).
///
/// A request with a body, or with a method that is not idempotent (`POST`, `PATCH`), goes over a connection of its
/// own that is closed afterwards (`CURLOPT_FRESH_CONNECT`, `CURLOPT_FORBID_REUSE`; see
/// `CurlRequest.needsFreshConnection` for why). Each answer's body is capped (`maximumBodyBytes`); a larger one
/// fails with `ResponseBodyTooLarge`. The idle timeout is only a backstop for a connection that stalls with no
/// deadline above it: `APIClient` enforces the real deadlines with its clock and cancels the attempt, which ends
/// the transfer at once.
///
/// Cancelling the calling task resumes it at once with `CancellationError`; the driver's thread removes the transfer
/// when it reads the message.
public final class CurlTransport: HTTPTransport {
    private let driver: CurlDriver
    private let options: CurlTransferOptions
    private let entityTags: EntityTagCache?

    /// Creates a transport on `driver`.
    ///
    /// - Parameters:
    ///   - driver: The process's libcurl driver.
    ///   - idleTimeout: How long a request may go without receiving a byte (connecting included) before it fails
    ///     with `URLError(.timedOut)`; keep it above the client's attempt deadline.
    ///   - maximumBodyBytes: The most bytes one answer's body may have (decoded, when compressed); a larger answer
    ///     fails with `ResponseBodyTooLarge`.
    ///   - additionalHeaders: Headers sent with every request, such as `User-Agent`.
    ///   - entityTags: Where the entity tags of answers are kept for revalidation; nil sends every request
    ///     unconditionally (pictures, whose disk cache keeps its own validators).
    ///   - certificateAuthorities: The path of a PEM file of the certificate authorities to trust for `https`; nil
    ///     for the system's.
    public init(
        driver: CurlDriver, idleTimeout: Duration, maximumBodyBytes: Int, additionalHeaders: [String: String],
        entityTags: EntityTagCache?, certificateAuthorities: String? = nil
    ) {
        self.driver = driver
        self.entityTags = entityTags
        options = CurlTransferOptions(
            idleTimeout: idleTimeout, maximumBodyBytes: max(maximumBodyBytes, 0), additionalHeaders: additionalHeaders,
            certificateAuthorities: certificateAuthorities, acceptsCompression: true)
    }

    /// Sends `request`, conditionally when an entity tag is kept for it, and returns the whole answer.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled; `URLError` when no answer arrives (see
    ///   `CurlFailure` for the codes: refused, timed out, connection lost, host not found, TLS failures);
    ///   `ResponseBodyTooLarge` past the cap.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let sent = entityTags?.conditional(request) ?? request
        let sink = CollectingSink()
        let transfer = CurlTransfer(
            id: driver.makeTransferID(), request: try CurlRequest(sent, options: options), sink: sink)
        let driver = self.driver
        let (data, response) = try await sink.waiter.wait {
            driver.start(transfer)
        } onCancel: {
            driver.cancel(transfer.id)
        }
        return entityTags?.resolve(sent, data: data, response: response) ?? (data, response)
    }
}

/// Collects one transfer's head and body and resumes its caller once: with the answer, the failure, or (at once,
/// on cancel) `CancellationError`.
///
/// Sendable without `@unchecked`: all state lives in a `Locked`.
final class CollectingSink: CurlTransferSink {
    private struct State {
        var head: HTTPURLResponse?
        var body = Data()
    }

    /// The caller of `send(_:)`.
    let waiter = CurlWaiter<(Data, HTTPURLResponse)>()
    private let state = Locked(State())

    func receive(head: HTTPURLResponse) {
        state.withLock { $0.head = head }
    }

    func receive(body: UnsafeRawBufferPointer) -> CurlBodyDisposition {
        state.withLock { $0.body.append(contentsOf: body) }
        return .accepted
    }

    func finish(with error: (any Error)?) {
        let (head, body) = state.withLock { ($0.head, $0.body) }
        if let error {
            waiter.resume(with: .failure(error))
        } else if let head {
            waiter.resume(with: .success((body, head)))
        } else {
            waiter.resume(with: .failure(URLError(.badServerResponse)))
        }
    }
}

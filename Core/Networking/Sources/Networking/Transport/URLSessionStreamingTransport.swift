import Foundation
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live streaming transport: a `URLSession` of its own whose data tasks deliver the body through the session's
/// data delegate, chunk by chunk as libcurl receives it (on Linux `URLSession.bytes(for:)` does not exist, and
/// `data(for:)` returns only once the answer is complete).
///
/// Like `URLSessionTransport`, the session is ephemeral and keeps nothing: no cookies, no URL cache, no credentials.
/// Its idle timeout is only a backstop: a client watching a stream keeps its own heartbeat timeout (on Linux
/// URLSession truncates timeouts to whole seconds). Each stream buffers at most `maximumBufferedChunks` chunks that
/// the reader has not taken yet; a reader that falls further behind gets `StreamBufferOverflow` and the connection is
/// closed, so a stalled consumer cannot make memory grow without bound.
public final class URLSessionStreamingTransport: HTTPStreamingTransport {
    /// Thrown from the body of a stream whose reader fell more than `limit` chunks behind the network.
    public struct StreamBufferOverflow: Error, CustomStringConvertible {
        /// The bound, in chunks.
        public let limit: Int

        /// "the stream's reader fell more than 1024 chunks behind".
        public var description: String { "the stream's reader fell more than \(limit) chunks behind" }
    }

    private let session: URLSession
    private let router = StreamingTaskRouter()
    private let maximumBufferedChunks: Int

    /// Creates the transport and its session.
    ///
    /// - Parameters:
    ///   - idleTimeoutSeconds: How long the session waits without receiving a byte before failing with
    ///     `URLError(.timedOut)`, in whole seconds (at least 1); keep it above the server's heartbeat period.
    ///   - maximumBufferedChunks: The most received chunks kept for a reader that has not taken them (at least 1).
    ///   - additionalHeaders: Headers sent with every request, such as `User-Agent`.
    public init(
        idleTimeoutSeconds: Int = 60, maximumBufferedChunks: Int = 1024, additionalHeaders: [String: String] = [:]
    ) {
        self.maximumBufferedChunks = max(maximumBufferedChunks, 1)
        session = URLSession(
            configuration: .storefrontEphemeral(
                idleTimeoutSeconds: idleTimeoutSeconds, additionalHeaders: additionalHeaders),
            delegate: router, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Starts `request` as a data task and returns when its response head arrives.
    ///
    /// - Throws: the session's `URLError`; `URLError(.cancelled)` when the calling task is cancelled (the task is
    ///   cancelled and the connection closed); `URLError(.badServerResponse)` when the answer is not HTTP.
    public func stream(_ request: URLRequest) async throws -> HTTPStreamingResponse {
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream(
            bufferingPolicy: .bufferingOldest(maximumBufferedChunks))
        let task = session.dataTask(with: request)
        bodyContinuation.onTermination = { _ in task.cancel() }
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (headContinuation: CheckedContinuation<URLResponse, any Error>) in
                router.register(
                    StreamingDataDelegate(head: headContinuation, body: bodyContinuation, limit: maximumBufferedChunks),
                    for: task)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        guard let head = response as? HTTPURLResponse else {
            task.cancel()
            throw URLError(.badServerResponse)
        }
        return HTTPStreamingResponse(head: head, body: body)
    }
}

/// The session's delegate: hands each task's callbacks to the `StreamingDataDelegate` registered for it (on Linux a
/// delegate set on the task itself is not called for a session created without one, so the session's delegate
/// routes by task identifier).
///
/// Sendable without `@unchecked`: the table lives in a `Locked`.
private final class StreamingTaskRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let handlers = Locked<[Int: StreamingDataDelegate]>([:])

    func register(_ handler: StreamingDataDelegate, for task: URLSessionTask) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    private func handler(for task: URLSessionTask) -> StreamingDataDelegate? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let handler = handler(for: dataTask) else {
            completionHandler(.cancel)
            return
        }
        handler.urlSession(session, dataTask: dataTask, didReceive: response, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        handler(for: dataTask)?.urlSession(session, dataTask: dataTask, didReceive: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let handler = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        handler?.urlSession(session, task: task, didCompleteWithError: error)
    }
}

/// Hands one data task's response head to the waiting `stream(_:)` call and its body chunks to the stream.
///
/// Sendable without `@unchecked`: corelibs' `URLSessionDelegate` refines `Sendable`; the continuations are Sendable,
/// and the one mutable field (whether the head was handed over) lives in a `Locked`.
private final class StreamingDataDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let head: Locked<CheckedContinuation<URLResponse, any Error>?>
    private let body: AsyncThrowingStream<Data, any Error>.Continuation
    private let limit: Int

    init(
        head: CheckedContinuation<URLResponse, any Error>, body: AsyncThrowingStream<Data, any Error>.Continuation,
        limit: Int
    ) {
        self.head = Locked(head)
        self.body = body
        self.limit = limit
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        head.withLock { pending in
            let continuation = pending
            pending = nil
            return continuation
        }?.resume(returning: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if case .dropped = body.yield(data) {
            body.finish(throwing: URLSessionStreamingTransport.StreamBufferOverflow(limit: limit))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let pendingHead = head.withLock { pending in
            let continuation = pending
            pending = nil
            return continuation
        }
        if let pendingHead {
            pendingHead.resume(throwing: error ?? URLError(.badServerResponse))
        }
        if let error {
            body.finish(throwing: error)
        } else {
            body.finish()
        }
    }
}

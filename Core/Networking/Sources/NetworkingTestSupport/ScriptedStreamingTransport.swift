import Foundation
import Networking
import Primitives
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPStreamingTransport` for tests: answers each request with the next queued answer, and hands every opened
/// stream to the test as a `ScriptedStream` whose body the test writes chunk by chunk.
///
/// ```swift
/// let transport = ScriptedStreamingTransport()
/// transport.enqueue(.open())
/// // ... start the client ...
/// let stream = try await transport.stream(at: 0)
/// stream.send("id: a-1\nevent: post.likes\ndata: {\"post_id\":\"p1\",\"like_count\":3}\n\n")
/// stream.finish()                      // the server ended the answer
/// try await stream.waitUntilClosed()   // or: the client closed the connection
/// ```
///
/// A request that finds no queued answer records a test issue naming it and fails with
/// `ScriptedTransport.UnexpectedRequest`. A task cancelled before sending throws `URLError(.cancelled)`, as
/// URLSession did on Linux.
public final class ScriptedStreamingTransport: HTTPStreamingTransport, Sendable {
    /// How a scripted request is answered.
    public enum Answer: Sendable {
        /// A response head with `status` and `headers` (an event stream by default) and a body the test writes.
        case open(status: Int = 200, headers: [String: String] = ["Content-Type": "text/event-stream"])
        /// No answer: the request fails with `URLError(code)`.
        case failure(URLError.Code)
    }

    private struct Waiter: Sendable {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var queue: [Answer] = []
        var requests: [RecordedRequest] = []
        var streams: [ScriptedStream] = []
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// A transport with nothing queued.
    public init() {}

    /// Queues `answers` in order, for any request.
    public func enqueue(_ answers: Answer...) {
        state.withLock { $0.queue.append(contentsOf: answers) }
    }

    /// Every request received so far, oldest first.
    public var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    /// The streams opened so far, oldest first.
    public var streams: [ScriptedStream] {
        state.withLock { $0.streams }
    }

    /// The stream opened by the `index`-th request that got `.open` (0-based), once it has been opened.
    ///
    /// `timeout` is a real-time safety net so that a test whose client never connects fails instead of hanging.
    ///
    /// - Throws: `WaitTimeout` when `timeout` passes first; `CancellationError` when the waiting task is cancelled.
    public func stream(at index: Int, timeout: Duration = .seconds(30)) async throws -> ScriptedStream {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let id = self.state.withLock { state in
                    state.nextID += 1
                    return state.nextID
                }
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        let ready = self.state.withLock { state -> Bool in
                            if Task.isCancelled || state.streams.count > index { return true }
                            state.waiters.append(Waiter(id: id, count: index + 1, continuation: continuation))
                            return false
                        }
                        if ready { continuation.resume() }
                    }
                } onCancel: {
                    self.state.withLock { state -> CheckedContinuation<Void, any Error>? in
                        guard let at = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                        return state.waiters.remove(at: at).continuation
                    }?.resume(throwing: CancellationError())
                }
            }
            group.addTask {
                try await ContinuousClock().sleep(for: timeout)
                throw WaitTimeout(expected: index + 1, opened: self.streams.count)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
        try Task.checkCancellation()
        return state.withLock { $0.streams[index] }
    }

    /// Thrown by `stream(at:timeout:)` when the stream was not opened in time.
    public struct WaitTimeout: Error, CustomStringConvertible {
        /// The number of streams waited for.
        public let expected: Int
        /// The number opened when the time ran out.
        public let opened: Int

        /// Explains the shortfall.
        public var description: String {
            "ScriptedStreamingTransport: waited for \(expected) stream(s), \(opened) opened"
        }
    }

    /// Records `request` and answers it with the next queued answer.
    ///
    /// - Throws: `URLError(.cancelled)` when the task is cancelled before sending; `URLError(code)` for a scripted
    ///   failure; `ScriptedTransport.UnexpectedRequest` when nothing is queued.
    public func stream(_ request: URLRequest) async throws -> HTTPStreamingResponse {
        guard !Task.isCancelled else { throw URLError(.cancelled) }
        let recorded = RecordedRequest(request)
        let answer = state.withLock { state -> Answer? in
            state.requests.append(recorded)
            return state.queue.isEmpty ? nil : state.queue.removeFirst()
        }
        switch answer {
        case nil:
            let error = ScriptedTransport.UnexpectedRequest(request: recorded)
            Issue.record("\(error)")
            throw error
        case .failure(let code):
            throw URLError(code)
        case .open(let status, let headers):
            guard
                let url = request.url,
                let head = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { throw URLError(.badServerResponse) }
            let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            let stream = ScriptedStream(request: recorded, continuation: continuation)
            let satisfied = state.withLock { state in
                state.streams.append(stream)
                let due = state.waiters.filter { $0.count <= state.streams.count }
                state.waiters.removeAll { $0.count <= state.streams.count }
                return due.map(\.continuation)
            }
            for continuation in satisfied {
                continuation.resume()
            }
            return HTTPStreamingResponse(head: head, body: body)
        }
    }
}

/// One open scripted stream: the test writes its body and sees whether the client closed it.
public final class ScriptedStream: Sendable {
    /// The request that opened the stream.
    public let request: RecordedRequest

    private struct State: Sendable {
        var closedByClient = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }

    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let state = Locked(State())

    init(request: RecordedRequest, continuation: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.request = request
        self.continuation = continuation
        continuation.onTermination = { [state] termination in
            guard case .cancelled = termination else { return }
            let waiters = state.withLock { state in
                state.closedByClient = true
                let waiters = state.waiters.values
                state.waiters = [:]
                return waiters
            }
            for waiter in waiters {
                waiter.resume()
            }
        }
    }

    /// Sends `text` as one chunk of the body, in UTF-8.
    public func send(_ text: String) {
        continuation.yield(Data(text.utf8))
    }

    /// Sends `bytes` as one chunk of the body.
    public func send(bytes: [UInt8]) {
        continuation.yield(Data(bytes))
    }

    /// Ends the body, as a server closing the answer does.
    public func finish() {
        continuation.finish()
    }

    /// Fails the body with `URLError(code)`, as a dropped connection does.
    public func fail(_ code: URLError.Code) {
        continuation.finish(throwing: URLError(code))
    }

    /// Whether the client stopped reading and closed the connection.
    public var isClosedByClient: Bool {
        state.withLock { $0.closedByClient }
    }

    /// Returns once the client has closed the connection (at once when it has).
    ///
    /// `timeout` is a real-time safety net so that a test whose client never closes fails instead of hanging.
    ///
    /// - Throws: `StillOpen` when `timeout` passes first.
    public func waitUntilClosed(timeout: Duration = .seconds(30)) async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                let id = self.state.withLock { state in
                    state.nextID += 1
                    return state.nextID
                }
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let closed = self.state.withLock { state -> Bool in
                            if state.closedByClient || Task.isCancelled { return true }
                            state.waiters[id] = continuation
                            return false
                        }
                        if closed { continuation.resume() }
                    }
                } onCancel: {
                    self.state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
                }
                return self.isClosedByClient
            }
            group.addTask {
                try? await ContinuousClock().sleep(for: timeout)
                return false
            }
            defer { group.cancelAll() }
            guard try await group.next() == true else { throw StillOpen(request: request) }
        }
    }

    /// Thrown by `waitUntilClosed(timeout:)` when the client kept the connection open.
    public struct StillOpen: Error, CustomStringConvertible {
        /// The request of the stream.
        public let request: RecordedRequest

        /// "the client kept GET /v1/events open".
        public var description: String { "the client kept \(request.summary) open" }
    }
}

import Foundation
import Networking
import Primitives
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPTransport` for tests: answers each request with the next queued `ScriptedResponse` (or the first queued
/// one whose matcher accepts it), records every request, and waits on an injected clock where a response is delayed.
///
/// ```swift
/// let clock = ManualClock()
/// let transport = ScriptedTransport(clock: clock)
/// transport.enqueue(.apiError(status: 503, code: "unavailable", headers: ["Retry-After": "2"]))
/// transport.enqueue(.json(#"{"posts": [], "next_cursor": null}"#))
/// ```
///
/// A request that finds no queued response records a test issue naming it and fails with `UnexpectedRequest`
/// (a non-retryable transport failure). Cancellation behaves as URLSession did on Linux: a cancelled request throws
/// `URLError(.cancelled)`, before it is recorded when the task was cancelled before sending.
public final class ScriptedTransport: HTTPTransport, Sendable {
    /// The base URL of `APIClient.testing(...)`: `https://api.storefront.test`.
    public static let baseURL = URL(string: "https://api.storefront.test") ?? URL(fileURLWithPath: "/")

    /// The error of a request that found no queued response.
    public struct UnexpectedRequest: Error, CustomStringConvertible {
        /// The request, as recorded.
        public let request: RecordedRequest

        /// `"no scripted response for GET /v1/feed"`.
        public var description: String { "no scripted response for \(request.summary)" }
    }

    private struct Entry: Sendable {
        let response: ScriptedResponse
        let matcher: (@Sendable (RecordedRequest) -> Bool)?
    }

    private struct CountWaiter: Sendable {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var queue: [Entry] = []
        var requests: [RecordedRequest] = []
        var waiters: [CountWaiter] = []
        var stalled: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var nextID: UInt64 = 0

        mutating func takeID() -> UInt64 {
            nextID += 1
            return nextID
        }
    }

    private let state = Locked(State())
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a transport with nothing queued whose delays elapse on `clock` (a manual clock in tests).
    public init<C: Clock<Duration>>(clock: C) {
        sleep = { duration in try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil) }
    }

    /// Queues `response`; with a `matcher`, only a request it accepts takes the response.
    public func enqueue(
        _ response: ScriptedResponse,
        matching matcher: (@Sendable (RecordedRequest) -> Bool)? = nil
    ) {
        state.withLock { $0.queue.append(Entry(response: response, matcher: matcher)) }
    }

    /// Queues `responses` in order, for any request.
    public func enqueue(_ responses: [ScriptedResponse]) {
        for response in responses {
            enqueue(response)
        }
    }

    /// Every request received so far, oldest first.
    public var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    /// The number of queued responses no request has taken yet.
    public var pendingResponseCount: Int {
        state.withLock { $0.queue.count }
    }

    /// Returns once at least `count` requests have been received (at once when they have).
    ///
    /// `timeout` is a real-time safety net so that a test whose code never sends fails instead of hanging.
    ///
    /// - Throws: `WaitTimeout` when `timeout` passes first; `CancellationError` when the waiting task is cancelled.
    public func waitForRequests(count: Int, timeout: Duration = .seconds(30)) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let id = self.state.withLock { $0.takeID() }
                try await self.suspend(
                    id: id,
                    register: { state, continuation in
                        guard state.requests.count < count else { return false }
                        state.waiters.append(CountWaiter(id: id, count: count, continuation: continuation))
                        return true
                    },
                    unregister: { state in
                        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                        return state.waiters.remove(at: index).continuation
                    }
                )
            }
            group.addTask {
                try await ContinuousClock().sleep(for: timeout)
                throw WaitTimeout(expected: count, received: self.requests.count)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Thrown by `waitForRequests(count:timeout:)` when the requests did not arrive in time.
    public struct WaitTimeout: Error, CustomStringConvertible {
        /// The number of requests waited for.
        public let expected: Int
        /// The number received when the time ran out.
        public let received: Int

        /// Explains the shortfall.
        public var description: String {
            "ScriptedTransport: waited for \(expected) request(s), received \(received)"
        }
    }

    /// Records `request` and answers it as scripted.
    ///
    /// - Throws: `URLError(.cancelled)` when the task is cancelled before sending, during a delay or a stall;
    ///   `URLError(code)` for a scripted failure; `UnexpectedRequest` when nothing is queued for the request.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard !Task.isCancelled else { throw URLError(.cancelled) }
        let recorded = RecordedRequest(request)
        let (entry, satisfied) = state.withLock { state in
            state.requests.append(recorded)
            let index = state.queue.firstIndex { $0.matcher?(recorded) ?? true }
            let entry = index.map { state.queue.remove(at: $0) }
            let satisfied = state.waiters.filter { $0.count <= state.requests.count }
            state.waiters.removeAll { $0.count <= state.requests.count }
            return (entry, satisfied.map(\.continuation))
        }
        for continuation in satisfied {
            continuation.resume()
        }
        guard let response = entry?.response else {
            let error = UnexpectedRequest(request: recorded)
            Issue.record("\(error)")
            throw error
        }
        if let delay = response.delay {
            do {
                try await sleep(delay)
            } catch {
                throw URLError(.cancelled)
            }
        }
        switch response.outcome {
        case .answer(let status, let headers, let body):
            guard
                let url = request.url,
                let head = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { throw URLError(.badServerResponse) }
            return (body, head)
        case .failure(let code):
            throw URLError(code)
        case .stall:
            try await stallUntilCancelled()
            throw URLError(.cancelled)
        }
    }

    /// Suspends until the task is cancelled, then throws `URLError(.cancelled)`.
    private func stallUntilCancelled() async throws {
        let id = state.withLock { $0.takeID() }
        do {
            try await suspend(
                id: id,
                register: { state, continuation in
                    state.stalled[id] = continuation
                    return true
                },
                unregister: { state in state.stalled.removeValue(forKey: id) }
            )
        } catch {
            throw URLError(.cancelled)
        }
    }

    /// Suspends the task until its continuation is resumed, race-free with cancellation: `register` runs under the
    /// lock and stores the continuation (returning true) or declines (false: resume at once); the cancellation
    /// handler takes it back through `unregister` under the same lock. The task's cancelled flag is set before the
    /// handler runs, and `register` is skipped for a cancelled task, so a continuation is never stored after its
    /// handler ran.
    private func suspend(
        id: UInt64,
        register: @escaping @Sendable (inout State, CheckedContinuation<Void, any Error>) -> Bool,
        unregister: @escaping @Sendable (inout State) -> CheckedContinuation<Void, any Error>?
    ) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let stored: Bool? = state.withLock { state in
                    Task.isCancelled ? nil : register(&state, continuation)
                }
                switch stored {
                case nil: continuation.resume(throwing: CancellationError())
                case false: continuation.resume()
                case true: break
                }
            }
        } onCancel: {
            state.withLock { unregister(&$0) }?.resume(throwing: CancellationError())
        }
    }
}

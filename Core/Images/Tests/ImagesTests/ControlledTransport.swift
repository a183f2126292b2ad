import Foundation
import Networking
import Primitives
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport whose answers the test releases one by one: each request waits until `release(path:)` (or
/// `releaseAll`) answers it with what `respond` returns for it. Requests, cancellations and requests in flight
/// are counted; a cancelled request ends with `URLError(.cancelled)` at once, as URLSession does. With
/// `blockCancellation(on:)` a cancel first waits at a gate on the cancelling thread, as a transport whose cancel is a
/// synchronous call into its own queue does (FoundationNetworking's `URLSessionTask.cancel()`).
final class ControlledTransport: HTTPTransport {
    struct Answer: Sendable {
        var status: Int
        var body: Data
        var headers: [String: String] = [:]
    }

    private struct Pending {
        var id: Int
        var path: String
        var request: URLRequest
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>
    }

    private struct State {
        var pending: [Pending] = []
        var requests: [URLRequest] = []
        var cancelled = 0
        var nextID = 0
        var autoRelease = false
        var cancelGate: ThreadGate?
    }

    private let state = Locked(State())
    private let respond: @Sendable (URLRequest) -> Answer

    init(respond: @escaping @Sendable (URLRequest) -> Answer) {
        self.respond = respond
    }

    var requests: [URLRequest] { state.withLock { $0.requests } }
    var requestCount: Int { state.withLock { $0.requests.count } }
    var pendingCount: Int { state.withLock { $0.pending.count } }
    var cancelledCount: Int { state.withLock { $0.cancelled } }

    /// From now on, a cancel blocks its thread at `gate` until the gate opens, then cancels the request.
    func blockCancellation(on gate: ThreadGate) {
        state.withLock { $0.cancelGate = gate }
    }

    /// From now on, answer every request as soon as it arrives.
    func answerImmediately() {
        let waiting = state.withLock { state in
            state.autoRelease = true
            let waiting = state.pending
            state.pending = []
            return waiting
        }
        for item in waiting { item.continuation.resume(with: answer(item.request)) }
    }

    /// Answers the waiting requests whose URL path ends with `suffix`.
    func release(pathEndingWith suffix: String) {
        let chosen = state.withLock { state in
            let chosen = state.pending.filter { $0.path.hasSuffix(suffix) }
            state.pending.removeAll { $0.path.hasSuffix(suffix) }
            return chosen
        }
        for item in chosen { item.continuation.resume(with: answer(item.request)) }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let id = state.withLock { state in
            state.nextID += 1
            state.requests.append(request)
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let immediate: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if state.autoRelease { return true }
                    state.pending.append(
                        Pending(id: id, path: request.url?.path ?? "", request: request, continuation: continuation))
                    return nil
                }
                switch immediate {
                case true: continuation.resume(with: answer(request))
                case false:
                    state.withLock { $0.cancelled += 1 }
                    continuation.resume(throwing: URLError(.cancelled))
                default: break
                }
            }
        } onCancel: {
            state.withLock { $0.cancelGate }?.pass()
            let item = state.withLock { state -> Pending? in
                guard let index = state.pending.firstIndex(where: { $0.id == id }) else { return nil }
                state.cancelled += 1
                return state.pending.remove(at: index)
            }
            item?.continuation.resume(throwing: URLError(.cancelled))
        }
    }

    private func answer(_ request: URLRequest) -> Result<(Data, HTTPURLResponse), any Error> {
        let answer = respond(request)
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        else { return .failure(URLError(.badURL)) }
        return .success((answer.body, response))
    }
}

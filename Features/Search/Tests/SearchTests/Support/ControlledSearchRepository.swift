import Foundation
import Models
import Networking
import Primitives
import Search

/// A `SearchRepository` the test controls: every search waits until the test resolves it (or answers at once
/// through `responder`), and the repository either honours cancellation (a cancelled call throws at once) or
/// swallows it (the call waits for its answer and returns it anyway, like an API that ignores cancellation).
///
/// `@unchecked Sendable` is sound: `state` is only read or written while holding `lock` (in `locked`), and every
/// continuation is removed from `state` under the lock before it is resumed, so each is resumed exactly once.
final class ControlledSearchRepository: SearchRepository, @unchecked Sendable {
    private struct State {
        var calls: [SearchRequest] = []
        var pending: [Int: CheckedContinuation<SearchPage, any Error>] = [:]
        var callWaiters: [(count: Int, resume: @Sendable () -> Void)] = []
        var products: [ProductID: Result<ProductDetail, SearchError>] = [:]
    }

    private let lock = NSLock()
    private var state = State()
    /// Whether a cancelled call keeps waiting for its answer and returns it (true) or throws at once (false).
    let swallowsCancellation: Bool
    /// When set, answers each search at once instead of waiting for `resolve(_:with:)`.
    let responder: (@Sendable (SearchRequest) -> Result<SearchPage, any Error>)?

    init(
        swallowsCancellation: Bool = false,
        responder: (@Sendable (SearchRequest) -> Result<SearchPage, any Error>)? = nil
    ) {
        self.swallowsCancellation = swallowsCancellation
        self.responder = responder
    }

    /// Every search request received, oldest first.
    var calls: [SearchRequest] { locked { state.calls } }

    /// Makes `product(id:)` answer `result` for `id`.
    func setProduct(_ id: ProductID, _ result: Result<ProductDetail, SearchError>) {
        locked { state.products[id] = result }
    }

    /// Returns once at least `count` searches have arrived.
    ///
    /// - Throws: `WaitTimedOut` when they have not after 30 s of real time (a safety net, never the normal end).
    func waitForCalls(count: Int) async throws {
        try await boundedWait(for: "\(count) search call(s)") { done in
            let ready = self.locked { () -> Bool in
                guard self.state.calls.count < count else { return true }
                self.state.callWaiters.append((count, done))
                return false
            }
            if ready { done() }
        }
    }

    /// Answers call number `index` (from 0); false when it is not waiting (answered, or cancelled and honoured).
    @discardableResult
    func resolve(_ index: Int, with result: Result<SearchPage, any Error>) -> Bool {
        guard let continuation = locked({ state.pending.removeValue(forKey: index) }) else { return false }
        continuation.resume(with: result)
        return true
    }

    /// Whether call number `index` is still waiting for its answer.
    func isPending(_ index: Int) -> Bool {
        locked { state.pending[index] != nil }
    }

    func search(_ request: SearchRequest) async throws -> SearchPage {
        if let responder {
            let ready = locked { () -> [@Sendable () -> Void] in
                state.calls.append(request)
                return takeSatisfiedWaiters()
            }
            for resume in ready { resume() }
            return try responder(request).get()
        }
        let index = Locked(-1)
        guard !swallowsCancellation else { return try await wait(for: request, index: index) }
        return try await withTaskCancellationHandler {
            try await wait(for: request, index: index)
        } onCancel: {
            self.resolve(index.withLock { $0 }, with: .failure(CancellationError()))
        }
    }

    func product(id: ProductID) async throws -> ProductDetail {
        guard let result = locked({ state.products[id] }) else {
            throw SearchError.api(.http(status: 404, body: APIErrorBody(code: "not_found"), retryAfter: nil))
        }
        return try result.get()
    }

    // MARK: - Private

    /// Records the call and waits for its answer; a task already cancelled (with cancellation honoured) throws.
    private func wait(for request: SearchRequest, index: Locked<Int>) async throws -> SearchPage {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SearchPage, any Error>) in
            let (ready, cancelled) = locked { () -> ([@Sendable () -> Void], Bool) in
                state.calls.append(request)
                index.withLock { $0 = state.calls.count - 1 }
                let waiters = takeSatisfiedWaiters()
                guard swallowsCancellation || !Task.isCancelled else { return (waiters, true) }
                state.pending[state.calls.count - 1] = continuation
                return (waiters, false)
            }
            for resume in ready { resume() }
            if cancelled { continuation.resume(throwing: CancellationError()) }
        }
    }

    private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Removes and returns the waiters the current call count satisfies; call while holding the lock.
    private func takeSatisfiedWaiters() -> [@Sendable () -> Void] {
        let count = state.calls.count
        let satisfied = state.callWaiters.filter { $0.count <= count }.map(\.resume)
        state.callWaiters.removeAll { $0.count <= count }
        return satisfied
    }
}

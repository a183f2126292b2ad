import Foundation

/// A list that tests append to from any thread and wait on: `waitForCount(_:timeout:)` returns as soon as the list
/// holds that many elements.
final class CountedLog<Element: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var elements: [Element] = []
        var waiters: [Waiter] = []
        var nextID = 0
    }

    /// Thrown when the elements did not arrive within the real-time safety net.
    struct WaitTimeout: Error, CustomStringConvertible {
        let expected: Int
        let received: Int
        var description: String { "waited for \(expected) element(s), received \(received)" }
    }

    private let state = Guarded(State())

    /// The elements so far, oldest first.
    var elements: [Element] {
        state.withLock { $0.elements }
    }

    /// Appends `element` and wakes the waiters it satisfies; returns the element's index.
    @discardableResult
    func append(_ element: Element) -> Int {
        let (index, satisfied) = state.withLock { state in
            state.elements.append(element)
            let count = state.elements.count
            let satisfied = state.waiters.filter { $0.count <= count }
            state.waiters.removeAll { $0.count <= count }
            return (count - 1, satisfied)
        }
        for waiter in satisfied {
            waiter.continuation.resume()
        }
        return index
    }

    /// Returns the elements once there are at least `count`; `timeout` of real time is a safety net so that a test
    /// whose code never produces them fails instead of hanging.
    ///
    /// - Throws: `WaitTimeout`, or `CancellationError` when the waiting task is cancelled.
    @discardableResult
    func waitForCount(_ count: Int, timeout: Duration = .seconds(30)) async throws -> [Element] {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.suspend(until: count) }
            group.addTask {
                try await ContinuousClock().sleep(for: timeout)
                throw WaitTimeout(expected: count, received: self.elements.count)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
        return elements
    }

    private func suspend(until count: Int) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.elements.count >= count { return .success(()) }
                    state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}

/// Records every element of `stream` into a `CountedLog`, until the stream ends.
func record<Element: Sendable>(_ stream: AsyncStream<Element>) -> CountedLog<Element> {
    let log = CountedLog<Element>()
    Task {
        for await element in stream {
            log.append(element)
        }
    }
    return log
}

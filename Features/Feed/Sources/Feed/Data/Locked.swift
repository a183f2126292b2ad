import Foundation

/// A value guarded by an `NSLock` (clean under ThreadSanitizer on Linux, unlike `Synchronization.Mutex`).
///
/// `@unchecked Sendable` is sound because `value` is private and only read or written inside `withLock`, which holds
/// `lock` for the whole access, so no two threads touch it at once; `Value` is `Sendable`, so what a closure returns
/// out of the lock is safe to share.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Hands each event to every current subscriber's stream.
final class EventHub<Event: Sendable>: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var continuations: [UInt64: AsyncStream<Event>.Continuation] = [:]
    }

    private let state = Locked(State())

    /// A stream of the events sent from now on; it ends when its consumer stops iterating.
    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let id = state.withLock { state in
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `event` to every subscriber.
    func send(_ event: Event) {
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations {
            continuation.yield(event)
        }
    }
}

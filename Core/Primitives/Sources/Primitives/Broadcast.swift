/// Hands every value sent to each current subscriber, each through its own `AsyncStream`: the one way a package
/// publishes a stream of changes to several listeners (Feed's live events, Lists' catalog and session updates).
///
/// - **Who gets what:** a subscriber receives the values sent after it subscribed (and first the `initial` value it
///   asked for), in the order they were sent; values sent before are not replayed.
/// - **Buffering and slow subscribers:** `send(_:)` never waits for a subscriber. Each subscriber has its own
///   buffer of values not yet taken, bounded by `Buffering`: with `.unbounded` a slow subscriber eventually gets
///   every value (and the buffer grows while it lags); with `.newest(n)` it keeps only the newest `n` undelivered
///   values and the older ones are dropped for it alone, so one stalled listener neither blocks the sender nor
///   costs the others anything. Use `.newest(1)` for "latest state" streams, where only the newest value matters.
/// - **Cancellation:** a subscription ends when the task iterating its stream is cancelled; the broadcast then
///   forgets it (`subscriberCount` falls). A stream that is dropped or no longer iterated (`break`) without its
///   task being cancelled stays subscribed, keeping values as `Buffering` says, until `finish()`: iterate a
///   subscription in a task you cancel when you stop listening.
/// - **Finishing:** `finish()` ends every stream (a consumer's `for await` ends after the values already buffered);
///   after it `send(_:)` does nothing and `subscribe` returns a stream holding only `initial` that then ends.
///
/// Thread-safe: every method may be called from any thread or actor.
public final class Broadcast<Element: Sendable>: Sendable {
    /// How many undelivered values each subscriber's stream keeps.
    public enum Buffering: Sendable, Hashable {
        /// Every value, however far the subscriber lags.
        case unbounded
        /// Only the newest `n` values not yet taken (`n` below 1 counts as 1); older ones are dropped.
        case newest(Int)

        var policy: AsyncStream<Element>.Continuation.BufferingPolicy {
            switch self {
            case .unbounded: .unbounded
            case .newest(let count): .bufferingNewest(max(count, 1))
            }
        }
    }

    private struct State {
        var nextID: UInt64 = 0
        var continuations: [UInt64: AsyncStream<Element>.Continuation] = [:]
        var isFinished = false
    }

    private let state = Locked(State())
    private let buffering: Buffering

    /// A broadcast whose subscribers each keep undelivered values as `buffering` says.
    public init(buffering: Buffering) {
        self.buffering = buffering
    }

    /// The number of subscriptions not yet ended.
    public var subscriberCount: Int {
        state.withLock { $0.continuations.count }
    }

    /// A new subscriber's stream: `initial` first when given, then every value sent from now on.
    public func subscribe(initial: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: buffering.policy)
        if let initial { continuation.yield(initial) }
        let id: UInt64? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.nextID += 1
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `value` to every current subscriber without waiting; does nothing after `finish()`.
    public func send(_ value: Element) {
        for continuation in state.withLock({ Array($0.continuations.values) }) {
            continuation.yield(value)
        }
    }

    /// Ends every subscriber's stream; later subscriptions end at once. Calling it again does nothing.
    public func finish() {
        let ended = state.withLock { state in
            state.isFinished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in ended { continuation.finish() }
    }
}

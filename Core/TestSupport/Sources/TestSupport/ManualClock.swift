import Primitives

/// A `Clock` whose time moves only when a test says so, for code that takes `some Clock<Duration>` (debounces,
/// retries with back-off, deadlines): the test drives time with `advance(by:)` and never waits in real time.
///
/// Sleeping code registers a sleeper with a deadline. `advance(by:)` and `advance(to:)` move `now` and resume every
/// sleeper whose deadline has been reached, in deadline order and, for equal deadlines, in the order they started
/// sleeping; a sleeper whose deadline is already reached when it starts returns at once, so a sleep that begins
/// just after an advance never hangs. A sleeping task that is cancelled throws `CancellationError` at once and
/// stops counting as a sleeper. Resuming a sleeper schedules its task; when that task then runs is up to its
/// executor, so a test that needs the effects of a woken task awaits something the task produces (its value, a
/// state change, its next sleep via `waitForSleepers(count:timeout:)`).
///
/// Synchronise with the code under test by awaiting `waitForSleepers(count:timeout:)`, which returns as soon as that
/// many sleepers are registered; `sleeperCount` and `pendingDeadlines` show what is waiting now.
public final class ManualClock: Clock, Sendable {
    /// A point on a `ManualClock`: the time elapsed since the clock was created.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the clock's start (`ManualClock().now.offset` is `.zero`).
        public let offset: Duration

        /// The instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier when negative).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other` (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// The time from `rhs` to `lhs`, like `ContinuousClock.Instant`'s operator.
        public static func - (lhs: Instant, rhs: Instant) -> Duration {
            rhs.duration(to: lhs)
        }

        /// Orders instants by their offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, such as `"1.5 seconds"`.
        public var description: String { "\(offset)" }
    }

    /// Thrown by `waitForSleepers(count:timeout:)` when the sleepers did not register within its real-time bound.
    public struct WaitTimeout: Error, CustomStringConvertible {
        /// The number of sleepers the test waited for.
        public let expected: Int
        /// The number registered when the bound ran out.
        public let registered: Int
        /// The real-time bound that ran out.
        public let timeout: Duration

        /// Explains which count was awaited and how many sleepers there were.
        public var description: String {
            "ManualClock: waited \(timeout) for \(expected) sleeper(s), but \(registered) registered"
        }
    }

    /// A suspended task's continuation, resumed exactly once by whoever removes it from `State` under the lock.
    typealias Continuation = CheckedContinuation<Void, any Error>

    /// A task suspended in `sleep(until:tolerance:)`.
    struct Sleeper: Sendable {
        let id: UInt64
        let deadline: Instant
        let continuation: Continuation
    }

    /// A task suspended in `waitForSleepers(count:timeout:)`.
    struct CountWaiter: Sendable {
        let id: UInt64
        let count: Int
        let continuation: Continuation
    }

    /// Everything that changes, guarded by one lock so that registering, advancing and cancelling are atomic.
    struct State: Sendable {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        /// Registered sleepers, sorted by deadline; equal deadlines stay in the order they registered.
        var sleepers: [Sleeper] = []
        var countWaiters: [CountWaiter] = []

        mutating func takeID() -> UInt64 {
            nextID += 1
            return nextID
        }

        /// Removes and returns the count waiters that the current number of sleepers satisfies.
        mutating func takeSatisfiedCountWaiters() -> [Continuation] {
            let satisfied = countWaiters.filter { $0.count <= sleepers.count }
            countWaiters.removeAll { $0.count <= sleepers.count }
            return satisfied.map(\.continuation)
        }
    }

    let state = Locked(State())

    /// Creates a clock whose `now` is `Instant(offset: .zero)` and that has no sleepers.
    public init() {}

    /// The current instant; it changes only through `advance(by:)` and `advance(to:)`.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// Zero: a manual clock can stop at any instant.
    public var minimumResolution: Duration { .zero }

    /// The number of sleepers registered and not yet woken or cancelled.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// The deadlines of the registered sleepers, in the order they will wake.
    public var pendingDeadlines: [Instant] {
        state.withLock { $0.sleepers.map(\.deadline) }
    }
}

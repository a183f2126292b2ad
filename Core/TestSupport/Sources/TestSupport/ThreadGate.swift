import Foundation
import Primitives

/// A gate that blocks threads (not tasks) until the test opens it: for code under test that must return while
/// some other work is stuck in a synchronous call, such as a transport whose cancel waits for its own queue.
///
/// `pass()` blocks the calling thread while the gate is closed and returns at once once it is open; `waiting` says
/// how many threads are blocked in it now, so a test can wait (`waitUntil`) for the work to reach the gate. Open the
/// gate before the test ends (a `defer`), or the blocked threads stay blocked.
public final class ThreadGate: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the only mutable state, `isOpen` and `blocked`, is private and is read or
    // written only between `condition.lock()` and `condition.unlock()` (`waiting`, `pass`, `open`; `wait()` gives
    // the lock up while blocked and holds it again before `pass` reads `isOpen`), so no two threads touch it at once
    // and every access happens after the previous one's unlock. `condition` itself is thread-safe. A Mutex cannot
    // replace it: a blocked thread must sleep until `open` signals, which needs a condition variable.
    private let condition = NSCondition()
    private var isOpen = false
    private var blocked = 0

    /// A closed gate.
    public init() {}

    /// How many threads are blocked in `pass()` now.
    public var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return blocked
    }

    /// Blocks the calling thread until the gate is open.
    public func pass() {
        condition.lock()
        defer { condition.unlock() }
        blocked += 1
        while !isOpen { condition.wait() }
        blocked -= 1
    }

    /// Opens the gate for good: every blocked thread goes on, and later `pass()` calls return at once.
    public func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Opens the gate after `timeout` unless the returned watchdog is disarmed first: for a test that calls, on its
    /// own thread, something that must not wait for the blocked work (a cancel). Should the call wait after all, the
    /// watchdog frees it, and `disarm()` reports that the test must fail, instead of the test hanging.
    public func openAfter(_ timeout: Duration) -> Watchdog {
        let watchdog = Watchdog()
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        Thread { [self] in
            guard watchdog.disarmed.wait(timeout: .now() + seconds) == .timedOut else { return }
            watchdog.fired.withLock { $0 = true }
            open()
        }.start()
        return watchdog
    }

    /// The timer of `openAfter(_:)`.
    public final class Watchdog: Sendable {
        fileprivate let disarmed = DispatchSemaphore(value: 0)
        fileprivate let fired = Locked(false)

        /// Stops the timer; returns true when it had already opened the gate (the call it guarded waited).
        public func disarm() -> Bool {
            disarmed.signal()
            return fired.withLock { $0 }
        }
    }
}

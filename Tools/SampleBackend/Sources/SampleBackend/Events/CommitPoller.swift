import Foundation
import Persistence

/// Watches the database file for commits by any process, cheaply enough to run every few milliseconds all day: a
/// thread of its own wakes every `period`, reads the file's commit stamp (`CommitWatch`: the wal-index header in
/// shared memory, no system call) and calls `changed` only when the stamp differs from the last one it saw. A tick
/// costs the one system call of its timed wait; a tick with nothing committed costs nothing more.
///
/// It runs only while `isWanted()` says so (the hub has a stream open): otherwise the thread waits, with no timer,
/// until `wake()`. Without a commit watch (a database in memory) every tick counts as a change.
final class CommitPoller: @unchecked Sendable {
    // Sound as `@unchecked Sendable`: every mutable property is private and only read or written while `condition`
    // is locked; `watch`, `period`, `isWanted` and `changed` are immutable and Sendable.
    private let condition = NSCondition()
    private var isParked = false
    private var isStopped = false
    private var tickCount = 0
    private var changeCount = 0
    private let watch: CommitWatch?
    private let period: Duration
    private let isWanted: @Sendable () -> Bool
    private let changed: @Sendable () -> Void

    /// A poller, not started yet.
    ///
    /// - Parameters:
    ///   - watch: The file's commit stamps; nil: every tick is a change.
    ///   - period: The time between two looks at the stamp.
    ///   - isWanted: Whether to keep ticking; asked before every tick (under the poller's lock, so it must not call
    ///     back into the poller).
    ///   - changed: Called on the poller's thread when the stamp changed (or could not be read); must return quickly.
    init(
        watch: CommitWatch?, period: Duration, isWanted: @escaping @Sendable () -> Bool,
        changed: @escaping @Sendable () -> Void
    ) {
        self.watch = watch
        self.period = period
        self.isWanted = isWanted
        self.changed = changed
    }

    /// Ticks so far, and ticks that found a change.
    var activity: (ticks: Int, changes: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (tickCount, changeCount)
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "storefront.events.commits"
        thread.start()
    }

    /// Ticks again if the poller was parked because nothing was wanted.
    func wake() {
        condition.lock()
        isParked = false
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread (within one tick).
    func stop() {
        condition.lock()
        isStopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        let seconds = Double(period.components.seconds) + Double(period.components.attoseconds) / 1e18
        var seen: CommitStamp?
        condition.lock()
        defer { condition.unlock() }
        while !isStopped {
            if !isWanted() { isParked = true }
            while isParked, !isStopped { condition.wait() }
            if isStopped { return }
            // A timed wait rather than a sleep, so `stop()` ends it at once.
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            if isStopped { return }
            tickCount += 1
            let stamp = watch?.stamp()
            // nil: no watch, or a writer between the header's two copies; either way, look at the table.
            guard stamp == nil || stamp != seen else { continue }
            seen = stamp
            changeCount += 1
            condition.unlock()
            changed()
            condition.lock()
        }
    }
}

import Foundation
import TestSupport
import Testing

/// A `ManualClock` that also remembers every deadline anyone started sleeping until, so a test can wait for the
/// code under test to reach a particular sleep (a backoff wait, an attempt deadline) before moving time.
///
/// `waitForSleep(until:)` returns once a sleep until that instant has been *started*; advancing the clock to the
/// instant then wakes it, whether or not it has registered with the manual clock yet (a sleep whose deadline has
/// passed returns at once). That makes every step deterministic.
final class SleepTrackingClock: Clock, @unchecked Sendable {
    // @unchecked is sound: `deadlines` and `waiters` are only touched while `lock` is held; `manual` is Sendable.
    typealias Instant = ManualClock.Instant

    let manual = ManualClock()
    private let lock = NSLock()
    private var deadlines: [Instant] = []
    private var waiters: [(id: Int, deadline: Instant, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextWaiterID = 0

    var now: Instant { manual.now }
    var minimumResolution: Duration { .zero }

    /// The time since the clock was created.
    var elapsed: Duration { manual.now.offset }

    /// Every deadline a sleep was started for, in the order the sleeps started.
    var sleepDeadlines: [Duration] {
        lock.withLock { deadlines.map(\.offset) }
    }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let ready = lock.withLock {
            deadlines.append(deadline)
            let ready = waiters.filter { $0.deadline == deadline }.map(\.continuation)
            waiters.removeAll { $0.deadline == deadline }
            return ready
        }
        for continuation in ready {
            continuation.resume()
        }
        try await manual.sleep(until: deadline, tolerance: tolerance)
    }

    /// Returns once a sleep until `offset` (time since the clock's start) has been started; fails the wait after
    /// `timeout` of real time, so a broken test fails instead of hanging.
    func waitForSleep(until offset: Duration, timeout: Duration = .seconds(30)) async throws {
        let deadline = Instant(offset: offset)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let id = self.lock.withLock {
                    self.nextWaiterID += 1
                    return self.nextWaiterID
                }
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let resumeNow = self.lock.withLock {
                            if Task.isCancelled || self.deadlines.contains(deadline) { return true }
                            self.waiters.append((id, deadline, continuation))
                            return false
                        }
                        if resumeNow {
                            continuation.resume()
                        }
                    }
                } onCancel: {
                    let waiting = self.lock.withLock {
                        let index = self.waiters.firstIndex { $0.id == id }
                        return index.map { self.waiters.remove(at: $0).continuation }
                    }
                    waiting?.resume()
                }
            }
            group.addTask {
                try await ContinuousClock().sleep(for: timeout)
                throw SleepNeverStarted(offset: offset, started: self.sleepDeadlines)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Waits until a sleep until `offset` has started, then moves time there, waking it.
    func advanceOnceSleeping(
        until offset: Duration,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await waitForSleep(until: offset)
        advance(to: offset, sourceLocation: sourceLocation)
    }

    /// Moves time to `offset` since the clock's start.
    func advance(to offset: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        manual.advance(to: Instant(offset: offset), sourceLocation: sourceLocation)
    }

    /// Moves time forward by `duration`.
    func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        manual.advance(by: duration, sourceLocation: sourceLocation)
    }

    struct SleepNeverStarted: Error, CustomStringConvertible {
        let offset: Duration
        let started: [Duration]
        var description: String { "no sleep until \(offset) started; sleeps started: \(started)" }
    }
}

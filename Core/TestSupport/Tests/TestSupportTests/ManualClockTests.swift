import Testing

@testable import TestSupport

@Suite("ManualClock", .timeLimit(.minutes(1)))
struct ManualClockTests {
    private let clock = ManualClock()

    private func instant(_ seconds: Int) -> ManualClock.Instant {
        ManualClock.Instant(offset: .seconds(seconds))
    }

    /// Starts a task that sleeps until `seconds` and waits until it is registered as the `position`-th sleeper.
    private func startSleeper(until seconds: Int, position: Int) async throws -> Task<Void, any Error> {
        let task = Task { [clock] in try await clock.sleep(until: instant(seconds)) }
        try await clock.waitForSleepers(count: position)
        return task
    }

    @Test func aSleeperWakesOnlyWhenItsDeadlineIsReached() async throws {
        let sleeper = try await startSleeper(until: 5, position: 1)
        clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 1)
        #expect(clock.pendingDeadlines == [instant(5)])
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == instant(5))
    }

    @Test func sleepersWakeInDeadlineOrderWithTiesInRegistrationOrder() async throws {
        let third = try await startSleeper(until: 3, position: 1)
        let firstA = try await startSleeper(until: 1, position: 2)
        let second = try await startSleeper(until: 2, position: 3)
        let firstB = try await startSleeper(until: 1, position: 4)
        #expect(clock.pendingDeadlines == [instant(1), instant(1), instant(2), instant(3)])
        // Ids grow with registration: third, firstA, second, firstB. Wake order: firstA, firstB, second, third.
        let wakeOrder = clock.state.withLock { $0.sleepers.map(\.id) }
        let ids = wakeOrder.sorted()
        #expect(wakeOrder == [ids[1], ids[3], ids[2], ids[0]])

        clock.advance(by: .seconds(1))
        try await firstA.value
        try await firstB.value
        #expect(clock.pendingDeadlines == [instant(2), instant(3)])
        clock.advance(by: .seconds(1))
        try await second.value
        #expect(clock.pendingDeadlines == [instant(3)])
        clock.advance(by: .seconds(1))
        try await third.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func oneAdvancePastEveryDeadlineWakesThemAll() async throws {
        let sleepers = [
            try await startSleeper(until: 2, position: 1),
            try await startSleeper(until: 1, position: 2),
            try await startSleeper(until: 7, position: 3),
        ]
        clock.advance(to: instant(10))
        for sleeper in sleepers {
            try await sleeper.value
        }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == instant(10))
    }

    @Test func aSleepThatStartsAfterItsDeadlineReturnsAtOnce() async throws {
        clock.advance(by: .seconds(10))
        try await clock.sleep(until: instant(3))
        try await clock.sleep(until: instant(10))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == instant(10))
    }

    @Test func sleepForIsMeasuredFromNow() async throws {
        clock.advance(by: .seconds(2))
        let sleeper = Task { [clock] in try await clock.sleep(for: .milliseconds(1_500)) }
        try await clock.waitForSleepers(count: 1)
        #expect(clock.pendingDeadlines == [ManualClock.Instant(offset: .milliseconds(3_500))])
        clock.advance(by: .milliseconds(1_500))
        try await sleeper.value
    }

    @Test func cancellingASleeperThrowsAtOnceAndUnregistersIt() async throws {
        let sleeper = try await startSleeper(until: 60, position: 1)
        let other = try await startSleeper(until: 60, position: 2)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 1)
        #expect(clock.now == instant(0))
        clock.advance(by: .seconds(60))
        try await other.value
    }

    @Test func aTaskCancelledBeforeItSleepsThrowsWithoutRegistering() async throws {
        let sleeper = Task { [clock] in
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: instant(1))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func waitForSleepersReturnsOnceEnoughAreRegistered() async throws {
        let waiter = Task { [clock] in
            try await clock.waitForSleepers(count: 2)
            return clock.sleeperCount
        }
        let sleepers = (1...2).map { seconds in Task { [clock] in try await clock.sleep(until: instant(seconds)) } }
        #expect(try await waiter.value >= 2)
        try await clock.waitForSleepers(count: 0)
        clock.advance(by: .seconds(2))
        for sleeper in sleepers {
            try await sleeper.value
        }
    }

    @Test func waitForSleepersFailsInsteadOfHangingWhenTooFewSleep() async throws {
        let sleeper = try await startSleeper(until: 1, position: 1)
        await #expect {
            try await clock.waitForSleepers(count: 2, timeout: .milliseconds(50))
        } throws: { error in
            let timeout = error as? ManualClock.WaitTimeout
            return timeout?.expected == 2 && timeout?.registered == 1
        }
        #expect(clock.state.withLock { $0.countWaiters.isEmpty })
        clock.advance(by: .seconds(1))
        try await sleeper.value
    }

    @Test func cancellingAWaitThrows() async throws {
        let waiter = Task { [clock] in try await clock.waitForSleepers(count: 1) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(clock.state.withLock { $0.countWaiters.isEmpty })
    }

    /// Sleepers register while the clock advances concurrently; whichever comes first, every sleeper must finish
    /// once the clock has passed its deadline (a sleep registered just after an advance must not hang).
    @Test func sleepersRacingAdvancesAllFinish() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { [clock] in try await clock.sleep(until: instant(index % 10)) }
            }
            for _ in 0..<10 {
                clock.advance(by: .seconds(1))
                await Task.yield()
            }
            try await group.waitForAll()
        }
        #expect(clock.sleeperCount == 0)
    }

    /// Cancellations race registrations and advances: every sleeper either wakes or throws `CancellationError`,
    /// none is resumed twice (a checked continuation would trap) and none is left registered.
    @Test func cancellationsRacingAdvancesLeaveNoSleeperBehind() async throws {
        let sleepers = (0..<200).map { index in
            Task { [clock] in try await clock.sleep(until: instant(1 + index % 5)) }
        }
        for (index, sleeper) in sleepers.enumerated() where index.isMultiple(of: 2) {
            sleeper.cancel()
            if index.isMultiple(of: 20) {
                clock.advance(by: .seconds(1))
            }
        }
        clock.advance(by: .seconds(5))
        var woken = 0
        for (index, sleeper) in sleepers.enumerated() {
            do {
                try await sleeper.value
                woken += 1
            } catch {
                #expect(error is CancellationError)
                #expect(index.isMultiple(of: 2), "only cancelled sleepers may throw")
            }
        }
        #expect(woken >= 100)
        #expect(clock.sleeperCount == 0)
    }

    @Test func goingBackInTimeIsRecordedAndIgnored() {
        clock.advance(by: .seconds(5))
        withKnownIssue {
            clock.advance(by: .seconds(-1))
        }
        withKnownIssue {
            clock.advance(to: instant(2))
        }
        #expect(clock.now == instant(5))
    }

    @Test func instantsMeasureDurations() {
        let start = instant(1)
        let later = start.advanced(by: .milliseconds(250))
        #expect(start.duration(to: later) == .milliseconds(250))
        #expect(later.duration(to: start) == .milliseconds(-250))
        #expect(start < later)
        #expect(later - start == .milliseconds(250))
        #expect(clock.minimumResolution == .zero)
    }
}

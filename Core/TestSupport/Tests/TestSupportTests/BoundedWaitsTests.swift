import Testing

@testable import TestSupport

@Suite("waits for one sleeper and bounded task values", .timeLimit(.minutes(1)))
struct BoundedWaitsTests {
    @Test("waitForSleeper(until:) returns for the sleeper with that deadline, not for another one")
    func waitsForTheNamedDeadline() async throws {
        let clock = ManualClock()
        let start = clock.now
        let other = Task { try await clock.sleep(until: start.advanced(by: .seconds(10))) }
        try await clock.waitForSleepers(count: 1)
        // Only the 10 s sleeper is registered: a wait for the 1 s one must not return on it.
        await #expect(throws: (any Error).self) {
            try await clock.waitForSleeper(until: start.advanced(by: .seconds(1)), timeout: .milliseconds(200))
        }
        let awaited = Task { try await clock.sleep(until: start.advanced(by: .seconds(1))) }
        try await clock.waitForSleeper(until: start.advanced(by: .seconds(1)))
        clock.advance(by: .seconds(1))
        try await awaited.value
        other.cancel()
    }

    @Test("boundedValue(of:) gives a finished task's value, and cancels and throws for one that never finishes")
    func boundedTaskValue() async throws {
        #expect(try await boundedValue(of: Task { 42 }) == 42)
        let stuck = Task<Bool, Never> {
            // Ends only when cancelled: what boundedValue does when its bound runs out.
            while !Task.isCancelled { await Task.yield() }
            return true
        }
        await #expect(throws: TaskTimeout.self) {
            _ = try await boundedValue(of: stuck, "the stuck task", within: .milliseconds(100))
        }
        #expect(await stuck.value)
    }
}

import Foundation
import Observation
import Primitives
import TestSupport
import Testing

@MainActor
@Observable
private final class Model {
    var count = 0
}

@Suite("waitUntil", .timeLimit(.minutes(1)))
struct WaitUntilTests {
    @Test func returnsAtOnceWhenTheConditionAlreadyHolds() async throws {
        var checks = 0
        try await waitUntil("it holds") {
            checks += 1
            return true
        }
        #expect(checks == 1)
    }

    @Test @MainActor func wakesWhenObservableStateItReadChanges() async throws {
        let model = Model()
        Task { @MainActor in
            for _ in 0..<3 {
                await Task.yield()
                model.count += 1
            }
        }
        try await waitUntil("the count reaches 3") { model.count == 3 }
        #expect(model.count == 3)
    }

    @Test func seesStateThatIsNotObservableChangedOnAnotherThread() async throws {
        let flag = Locked(false)
        let thread = Thread { flag.withLock { $0 = true } }
        thread.start()
        try await waitUntil("the thread sets the flag") { flag.withLock { $0 } }
    }

    @Test func failsWithWhatItWaitedForAndWhereInsteadOfHanging() async throws {
        let start = ContinuousClock.now
        do {
            try await waitUntil("the impossible", timeout: .milliseconds(50)) { false }
            Issue.record("waitUntil returned for a condition that never holds")
        } catch let timeout as ConditionTimeout {
            #expect(timeout.what == "the impossible")
            #expect(timeout.timeout == .milliseconds(50))
            #expect(timeout.sourceLocation.fileName == "WaitUntilTests.swift")
            #expect(timeout.description.hasPrefix("timed out after 0.05 seconds waiting until the impossible ("))
        }
        #expect(ContinuousClock.now - start >= .milliseconds(50))
    }

    @Test func aCancelledWaitThrowsCancellation() async throws {
        let waiting = Task { try await waitUntil("never", timeout: .seconds(30)) { false } }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}

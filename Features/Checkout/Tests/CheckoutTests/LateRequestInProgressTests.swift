import Networking
import NetworkingTestSupport
import TestSupport
import Testing

@testable import Checkout

/// A `409 idempotency_request_in_progress` answer that arrives after other waits are on the manual clock: the test
/// advances the clock only once the wait under test is registered (`ManualClock.waitForSleeper(until:)`), never on
/// a count of sleepers, and every await of the placing task is bounded.
@MainActor
@Suite("A late 409 request-in-progress answer", .timeLimit(.minutes(2)))
struct LateRequestInProgressTests {
    @Test("the 409 wait starts when the answer arrives, however late: the test advances only once it is registered")
    func requestInProgressAnsweredLate() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        // NB: the 409 held 500 ms on the clock opens, every time, the window a loaded machine opened now and then:
        // two sleepers (the attempt deadline and this delay) before the wait under test exists.
        harness.transport.enqueue(
            .apiError(
                status: 409, code: "idempotency_request_in_progress", retryAfter: 1, headers: ["Retry-After": "1"]
            ).delayed(by: .milliseconds(500)))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let placing = Task { await coordinator.placeOrder() }
        let start = harness.clock.now
        try await harness.clock.waitForSleeper(until: start.advanced(by: .milliseconds(500)))
        try await harness.clock.waitForSleeper(until: start.advanced(by: .seconds(10)))
        #expect(harness.clock.sleeperCount == 2, "the delayed answer and the attempt deadline; no 409 wait yet")
        harness.clock.advance(by: .milliseconds(500))
        try await harness.clock.waitForSleeper(until: start.advanced(by: .milliseconds(1500)))
        harness.clock.advance(by: .seconds(1))
        guard case .placed = try await boundedValue(of: placing, "placing the order") else {
            Issue.record("expected the order after the wait")
            return
        }
        #expect(harness.orderRequests.map { $0.header("Idempotency-Key") } == ["id-2", "id-2"])
    }
}

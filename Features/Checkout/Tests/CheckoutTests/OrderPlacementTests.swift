import FeatureKit
import Networking
import NetworkingTestSupport
import TestSupport
import Testing

@testable import Checkout

/// Exactly-once placement: every attempt of one submission carries the same key, and a changed draft a new one.
@MainActor
@Suite("Order placement", .timeLimit(.minutes(2)))
struct OrderPlacementTests {
    @Test("a lost answer (dropped connection) is repeated automatically with the same key")
    func droppedConnectionIsRetriedWithTheSameKey() async throws {
        let harness = try Harness(retryPolicy: RetryPolicy(maxAttempts: 2, initialBackoff: .zero))
        try await harness.fillCart()
        harness.transport.enqueue(.failure(.networkConnectionLost))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let state = await coordinator.placeOrder()

        guard case .placed = state else {
            Issue.record("expected a placed order, got \(state)")
            return
        }
        let requests = harness.orderRequests
        try #require(requests.count == 2)
        #expect(requests[0].header("Idempotency-Key") == "id-2")
        #expect(requests[1].header("Idempotency-Key") == "id-2")
        #expect(requests[0].body == requests[1].body)
        #expect(requests[1].jsonBody?["client_id"] == .string("id-2"))
    }

    @Test("a connection that drops on every attempt is retried as before, then reported as dropped, naming the server")
    func droppedConnectionThatStaysDroppedIsReportedAsSuch() async throws {
        let harness = try Harness(retryPolicy: RetryPolicy(maxAttempts: 2, initialBackoff: .zero))
        try await harness.fillCart()
        harness.transport.enqueue(.failure(.networkConnectionLost))
        harness.transport.enqueue(.failure(.networkConnectionLost))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let state = await coordinator.placeOrder()

        let dropped = TransferInterruption(kind: .connectionDropped, server: "api.storefront.test:443")
        #expect(state == .failed(.connection(.interrupted(dropped))))
        #expect(harness.orderRequests.map { $0.header("Idempotency-Key") } == ["id-2", "id-2"])
        guard case .failed(let failure) = state else { return }
        #expect(failure.code == "connection_dropped")
        #expect(failure.canRetry)
        #expect(failure.message.hasPrefix("The connection to api.storefront.test:443 dropped"))
        #expect(ErrorText.describe(CheckoutError.interrupted(dropped)).contains("(connection_dropped)"))
    }

    @Test("an order answer that cannot be understood leaves the submission unknown, so the next run repeats its key")
    func undecodableOrderAnswerLeavesTheOutcomeUnknown() async throws {
        let harness = try Harness(retryPolicy: RetryPolicy(maxAttempts: 1, initialBackoff: .zero))
        try await harness.fillCart()
        harness.transport.enqueue(.json("{\"order\": ", status: 201))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let first = await coordinator.placeOrder()
        guard case .failed(.connection(.unexpected)) = first else {
            Issue.record("expected an unknown outcome that retries the same submission, got \(first)")
            return
        }
        // The server may have made the order: the submission stays open rather than failed.
        #expect(try await harness.submissions.submission(clientID: "id-2")?.state == .unknown)

        guard case .placed = await coordinator.placeOrder() else {
            Issue.record("expected the repeated request to report the order")
            return
        }
        #expect(harness.orderRequests.map { $0.header("Idempotency-Key") } == ["id-2", "id-2"])
    }

    @Test("an attempt that times out is repeated with the same key")
    func timeoutIsRetriedWithTheSameKey() async throws {
        let harness = try Harness(
            retryPolicy: RetryPolicy(maxAttempts: 2, initialBackoff: .zero),
            timeouts: RequestTimeouts(attempt: .seconds(2), overall: .seconds(30)))
        try await harness.fillCart()
        harness.transport.enqueue(.stall)
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let placing = Task { await coordinator.placeOrder() }
        try await harness.transport.waitForRequests(count: 1)
        try await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: .seconds(2))
        let state = try await boundedValue(of: placing, "placing the order")

        guard case .placed = state else {
            Issue.record("expected a placed order, got \(state)")
            return
        }
        let keys = harness.orderRequests.map { $0.header("Idempotency-Key") }
        #expect(keys == ["id-2", "id-2"])
    }

    @Test("the user's \"try again\" after a failure sends the same key and body")
    func manualRetrySendsTheSameKey() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.failure(.notConnectedToInternet))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let failed = await coordinator.placeOrder()
        #expect(failed == .failed(.connection(.offline)))
        #expect(coordinator.stage == .inProgress)
        #expect(coordinator.draft.submissionID == "id-2")
        let saved = try #require(try await harness.drafts.latest())
        #expect(saved.submissionID == "id-2")
        #expect(saved.step == .placeOrder)

        guard case .placeOrder(let viewModel) = coordinator.screen else {
            Issue.record("expected the place-order screen")
            return
        }
        guard case .failed(_, canRetry: true) = viewModel.status else {
            Issue.record("expected a retryable failure, got \(viewModel.status)")
            return
        }
        await viewModel.place()

        let requests = harness.orderRequests
        try #require(requests.count == 2)
        #expect(requests.map { $0.header("Idempotency-Key") } == ["id-2", "id-2"])
        #expect(requests[0].body == requests[1].body)
        #expect(coordinator.stage == .finished(.placed("ord_1")))
    }

    @Test("a retry after a restart sends the same key")
    func retryAfterRestartSendsTheSameKey() async throws {
        let device = try DeviceStore()
        let before = try device.harness()
        try await before.fillCart()
        before.transport.enqueue(.failure(.networkConnectionLost))
        let first = before.makeCoordinator()
        try await before.walk(first, to: .placeOrder)
        _ = await first.placeOrder()
        let firstBody = try #require(before.orderRequests.first?.body)
        await before.database.close()

        let after = try device.harness()
        // Asked at start and again before sending: the earlier submission is not on the server.
        after.transport.enqueue(.apiError(status: 404, code: "not_found"))
        after.transport.enqueue(.apiError(status: 404, code: "not_found"))
        after.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let resumed = after.makeCoordinator()
        await resumed.start()
        guard case .offeringResume(let saved) = resumed.stage else {
            Issue.record("expected a resume offer, got \(resumed.stage)")
            return
        }
        #expect(saved.submissionID == "id-2")
        await resumed.resumeSavedDraft()
        #expect(resumed.step == .placeOrder)
        let state = await resumed.placeOrder()

        guard case .placed = state else {
            Issue.record("expected a placed order, got \(state)")
            return
        }
        // The restarted flow first asks whether the earlier submission went through, then sends it again.
        #expect(after.transport.requests.first?.percentEncodedQuery == "client_id=id-2")
        let request = try #require(after.orderRequests.first)
        #expect(request.header("Idempotency-Key") == "id-2")
        #expect(request.body == firstBody)
        #expect(try await after.drafts.latest() == nil)
        await after.database.close()
    }

    @Test("a cart changed after an unknown outcome sends nothing until the user starts over, then a new key")
    func changedCartSendsANewKey() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.failure(.timedOut))
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)
        #expect(await coordinator.placeOrder() == .failed(.connection(.timedOut)))

        coordinator.edit(.reviewCart)
        guard case .reviewCart(let viewModel) = coordinator.screen else {
            Issue.record("expected the cart step")
            return
        }
        await viewModel.increaseSelected()
        #expect(coordinator.draft.submissionID == nil)
        for _ in 0..<5 { try await coordinator.advance() }
        let refused = await coordinator.placeOrder()
        #expect(refused == .failed(.earlierOutcomeUnknown(clientID: "id-2", changes: ["the items"])))
        #expect(harness.orderRequests.count == 1, "nothing is sent while the earlier outcome is unknown")
        #expect(try await harness.submissions.openSubmission()?.state == .unknown)

        guard case .placed = await coordinator.startOver() else {
            Issue.record("expected the new submission to be placed")
            return
        }
        #expect(try await harness.submissions.submission(clientID: "id-2")?.state == .abandoned)
        let requests = harness.orderRequests
        try #require(requests.count == 2)
        #expect(requests[0].header("Idempotency-Key") == "id-2")
        #expect(requests[1].header("Idempotency-Key") == "id-3")
        #expect(requests[1].jsonBody?["client_id"] == .string("id-3"))
        #expect(requests[0].jsonBody?["items"] != requests[1].jsonBody?["items"])
    }

    @Test("cancelling the placing task is not a failure and keeps the submission")
    func cancellationIsNotAFailure() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.stall)
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let placing = Task { await coordinator.placeOrder() }
        try await harness.transport.waitForRequests(count: 1)
        placing.cancel()
        let state = try await boundedValue(of: placing, "placing the order")

        #expect(state == .notStarted)
        #expect(coordinator.draft.submissionID == "id-2")
        #expect(coordinator.stage == .inProgress)
    }
}

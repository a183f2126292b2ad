import Foundation
import Models
import Networking
import NetworkingTestSupport
import Persistence
import TestSupport
import Testing

@testable import Checkout

/// The account's one open submission: claimed atomically, waited for across processes, taken over from a killed
/// process, and reconciled with the server before anything is sent again.
@MainActor
@Suite("Order submissions", .timeLimit(.minutes(2)))
struct SubmissionTests {
    /// Another process on the same account database.
    private static let otherProcess: Int32 = 5000

    private func otherStore(_ harness: Harness, lifetime: TimeInterval = 60) -> LiveCheckoutSubmissionRepository {
        harness.runningProcesses.start(Self.otherProcess)
        let running = harness.runningProcesses
        return LiveCheckoutSubmissionRepository(
            database: harness.database, logger: harness.logger, processID: Self.otherProcess,
            isProcessAlive: { running.contains($0) }, claimLifetime: lifetime)
    }

    /// The basis the harness's walked coordinator computes for the filled cart (invoice, standard, sample address).
    private func cartBasis(quantityOfWeekendLamp: Int = 2) -> SubmissionBasis {
        let request = OrderRequest(
            submissionID: "unused",
            items: [
                .init(productID: Sample.harborLamp.id, quantity: 1),
                .init(productID: Sample.weekendLamp.id, quantity: quantityOfWeekendLamp),
            ],
            shippingAddress: Sample.address.normalized, shippingOptionID: "standard", payment: InvoicePayment(),
            expectedTotal: Money(amountMinor: 0, currency: .eur))
        return SubmissionBasis(request: request, paymentChoice: "invoice")
    }

    private func openRowCount(_ harness: Harness) async throws -> Int {
        try await harness.database.read { reader in
            try reader.fetchRows("SELECT client_id FROM checkout_submissions WHERE state IN ('pending', 'unknown')")
                .count
        }
    }

    // MARK: - The claim

    @Test("a second process sees the open claim and gets no submission of its own")
    func secondProcessSeesTheClaim() async throws {
        let harness = try Harness()
        let other = otherStore(harness)
        let first = try await harness.submissions.claim(clientID: "sub-a", basis: cartBasis(), now: Sample.now)
        guard case .claimed(let mine) = first else {
            Issue.record("expected a fresh claim, got \(first)")
            return
        }
        #expect(mine.ownerPID == Harness.processID)

        let second = try await other.claim(clientID: "sub-b", basis: cartBasis(), now: Sample.now)
        guard case .heldElsewhere(let held, let expiresAt) = second else {
            Issue.record("expected the claim to be held, got \(second)")
            return
        }
        #expect(held.clientID == "sub-a")
        #expect(expiresAt == Sample.now.addingTimeInterval(60))
        #expect(try await other.submission(clientID: "sub-b") == nil)
        #expect(try await openRowCount(harness) == 1)
    }

    @Test("a claim left by a killed process becomes an unknown outcome that the next process takes over")
    func killedProcessClaimIsAdopted() async throws {
        let harness = try Harness()
        let other = otherStore(harness)
        _ = try await other.claim(clientID: "sub-killed", basis: cartBasis(), now: Sample.now)
        harness.runningProcesses.kill(Self.otherProcess)

        let claim = try await harness.submissions.claim(clientID: "sub-new", basis: cartBasis(), now: Sample.now)
        guard case .adopted(let taken) = claim else {
            Issue.record("expected the killed process's claim to be taken over, got \(claim)")
            return
        }
        #expect(taken.clientID == "sub-killed")
        #expect(taken.ownerPID == Harness.processID)
        #expect(try await harness.submissions.submission(clientID: "sub-new") == nil, "no new submission is made")
    }

    @Test("a claim older than its lifetime is taken over even though its process id is running")
    func staleClaimIsAdopted() async throws {
        let harness = try Harness()
        let other = otherStore(harness, lifetime: 60)
        _ = try await other.claim(clientID: "sub-old", basis: cartBasis(), now: Sample.now)

        let early = try await harness.submissions.claim(
            clientID: "sub-new", basis: cartBasis(), now: Sample.now.addingTimeInterval(59))
        guard case .heldElsewhere = early else {
            Issue.record("expected the claim to hold within its lifetime, got \(early)")
            return
        }
        let late = try await harness.submissions.claim(
            clientID: "sub-new", basis: cartBasis(), now: Sample.now.addingTimeInterval(61))
        guard case .adopted(let taken) = late else {
            Issue.record("expected the old claim to be taken over, got \(late)")
            return
        }
        #expect(taken.clientID == "sub-old")
    }

    @Test("the database itself refuses a second open submission")
    func uniqueOpenIndex() async throws {
        let harness = try Harness()
        _ = try await harness.submissions.claim(clientID: "sub-a", basis: cartBasis(), now: Sample.now)
        await #expect(throws: DatabaseError.self) {
            try await harness.database.transaction { transaction in
                try transaction.execute(
                    """
                    INSERT INTO checkout_submissions (client_id, fingerprint, basis, state, created_at, updated_at)
                    VALUES ('sub-b', 'f', '{}', 'unknown', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """)
            }
        }
    }

    @Test("recording unknown releases the claim; placed closes it and the next claim starts fresh")
    func recordedStates() async throws {
        let harness = try Harness()
        let other = otherStore(harness)
        _ = try await other.claim(clientID: "sub-a", basis: cartBasis(), now: Sample.now)
        try await other.record(.unknown, orderID: nil, clientID: "sub-a", now: Sample.now)
        let unknown = try #require(try await harness.submissions.openSubmission())
        #expect(unknown.state == .unknown)
        #expect(unknown.ownerPID == nil)

        guard case .adopted = try await harness.submissions.claim(clientID: "x", basis: cartBasis(), now: Sample.now)
        else {
            Issue.record("expected the unknown submission to be adopted")
            return
        }
        try await harness.submissions.record(.placed, orderID: "ord_1", clientID: "sub-a", now: Sample.now)
        #expect(try await harness.submissions.openSubmission() == nil)
        #expect(try await harness.submissions.submission(clientID: "sub-a")?.orderID == "ord_1")
        guard
            case .claimed = try await harness.submissions.claim(
                clientID: "sub-b", basis: cartBasis(), now: Sample.now)
        else {
            Issue.record("expected a fresh claim after the placed one")
            return
        }
    }

    @Test("the fingerprint ignores the card's single-use token and names what changed")
    func fingerprintAndChanges() {
        func basis(token: String, last4: String, quantity: Int) -> SubmissionBasis {
            let card = CardPayment(token: token, brand: "visa", last4: last4)
            let request = OrderRequest(
                submissionID: "s", items: [.init(productID: "sku_1", quantity: quantity)],
                shippingAddress: Sample.address, shippingOptionID: "standard", payment: card,
                expectedTotal: Money(amountMinor: 100, currency: .eur))
            return SubmissionBasis(request: request, paymentChoice: SubmissionBasis.paymentChoice(of: card))
        }
        let first = basis(token: "card_tok_1", last4: "4242", quantity: 1)
        #expect(first.fingerprint == basis(token: "card_tok_2", last4: "4242", quantity: 1).fingerprint)
        #expect(first.fingerprint.count == 16)
        let changed = basis(token: "card_tok_3", last4: "1111", quantity: 2)
        #expect(changed.fingerprint != first.fingerprint)
        #expect(changed.changes(since: first) == ["the items", "the payment"])
    }

    // MARK: - Reconciling

    @Test("an unknown outcome that went through is found when the next checkout starts, and empties the cart")
    func reconcileFindsTheEarlierOrder() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.failure(.timedOut))
        let first = harness.makeCoordinator()
        try await harness.walk(first, to: .placeOrder)
        #expect(await first.placeOrder() == .failed(.connection(.timedOut)))

        harness.transport.enqueue(try Fixture.response("order_placed", status: 200))
        let next = harness.makeCoordinator()
        await next.start()

        #expect(next.earlierOrder?.id == "ord_1")
        #expect(next.stage == .inProgress, "the draft of the order that went through is not offered again")
        #expect(try await harness.drafts.latest() == nil)
        #expect(harness.orderRequests.count == 1, "the order was not sent a second time")
        #expect(harness.transport.requests.last?.percentEncodedQuery == "client_id=id-2")
        #expect(try await harness.submissions.submission(clientID: "id-2")?.state == .placed)
        #expect(try await harness.feature.allLines().isEmpty)
        let text = CheckoutFlowView(coordinator: next, theme: .ascii, keyMap: .defaults)
            .render(size: .init(columns: 100, rows: 30)).map(\.plainText).joined(separator: "\n")
        #expect(text.contains("Your earlier order went through: order ord_1"))
    }

    @Test("a claim left by a killed run whose order went through is reported at placement, not sent again")
    func killedRunsOrderIsFoundAtPlacement() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let other = otherStore(harness)
        _ = try await other.claim(clientID: "sub-killed", basis: cartBasis(), now: Sample.now)
        harness.runningProcesses.kill(Self.otherProcess)
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)
        #expect(harness.transport.requests.isEmpty, "a pending claim is not asked about at start")
        harness.transport.enqueue(try Fixture.response("order_placed", status: 200))

        guard case .placed(let order) = await coordinator.placeOrder() else {
            Issue.record("expected the killed run's order")
            return
        }
        #expect(order.id == "ord_1")
        #expect(coordinator.placementOrigin == .earlierSubmission)
        #expect(harness.orderRequests.isEmpty)
        #expect(harness.transport.requests.map(\.percentEncodedQuery) == ["client_id=sub-killed"])
        #expect(try await harness.submissions.submission(clientID: "sub-killed")?.orderID == "ord_1")
        #expect(try await harness.feature.allLines().isEmpty)
    }

    @Test("an unknown outcome the server does not know is sent again with its own key when nothing changed")
    func reconcileResendsTheSameKey() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.failure(.networkConnectionLost))
        let first = harness.makeCoordinator()
        try await harness.walk(first, to: .placeOrder)
        _ = await first.placeOrder()

        // Asked when the next checkout starts and again right before anything is sent: not found either time.
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let next = harness.makeCoordinator()
        await next.start()
        await next.discardSavedDraft()
        try await harness.walk(next, to: .placeOrder)
        #expect(next.draft.submissionID != "id-2", "the new flow proposed its own id")
        guard case .placed = await next.placeOrder() else {
            Issue.record("expected the resent submission to be placed")
            return
        }
        let keys = harness.orderRequests.map { $0.header("Idempotency-Key") }
        #expect(keys == ["id-2", "id-2"])
        #expect(next.placementOrigin == .thisCheckout)
        #expect(try await harness.submissions.openSubmission() == nil)
    }

    @Test("while another process places the same cart, the flow waits for it and reports its order")
    func waitsForAnotherProcess() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let other = otherStore(harness)
        _ = try await other.claim(clientID: "sub-other", basis: cartBasis(), now: Sample.now)
        harness.transport.enqueue(try Fixture.response("order_detail", status: 200))
        let coordinator = harness.makeCoordinator()
        var announced: [TimeInterval] = []
        coordinator.onWaitingForAnotherCheckout = { announced.append($0) }
        try await harness.walk(coordinator, to: .placeOrder)

        let placing = Task { await coordinator.placeOrder() }
        try await harness.clock.waitForSleepers(count: 1)
        #expect(announced == [60], "the wait is announced once, with its bound")
        harness.clock.advance(by: .milliseconds(100))
        try await harness.clock.waitForSleepers(count: 1)
        try await other.record(.placed, orderID: "ord_1", clientID: "sub-other", now: Sample.now)
        harness.clock.advance(by: .milliseconds(100))
        let state = try await boundedValue(of: placing, "placing the order")

        guard case .placed = state else {
            Issue.record("expected the other process's order, got \(state)")
            return
        }
        #expect(coordinator.placementOrigin == .anotherCheckout)
        #expect(harness.orderRequests.isEmpty, "this flow sent no order of its own")
        #expect(harness.transport.requests.map(\.path) == ["/v1/orders/ord_1"])
    }

    @Test("another process placing a different cart: in progress, nothing sent")
    func differentCartInProgress() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let other = otherStore(harness)
        _ = try await other.claim(clientID: "sub-other", basis: cartBasis(quantityOfWeekendLamp: 5), now: Sample.now)
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let state = await coordinator.placeOrder()

        #expect(state == .failed(.inProgressElsewhere))
        #expect(PlacementFailure.inProgressElsewhere.code == "checkout_in_progress")
        #expect(harness.transport.requests.isEmpty)
    }

    @Test("409 idempotency_request_in_progress is waited out and sent again with the same key")
    func requestInProgressIsRetried() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(
            .apiError(
                status: 409, code: "idempotency_request_in_progress", retryAfter: 1, headers: ["Retry-After": "1"]))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let placing = Task { await coordinator.placeOrder() }
        // NB: not `waitForSleepers(count: 1)`: while the first POST is in flight, the client's 10 s attempt deadline
        // is a sleeper too. Advancing on it before the 409 is read started the 1 s wait after the advance, and
        // nothing ended it (the hang of `make test-tsan` on a loaded machine).
        try await harness.clock.waitForSleeper(until: harness.clock.now.advanced(by: .seconds(1)))
        harness.clock.advance(by: .seconds(1))
        guard case .placed = try await boundedValue(of: placing, "placing the order") else {
            Issue.record("expected the order after the wait")
            return
        }
        #expect(harness.orderRequests.map { $0.header("Idempotency-Key") } == ["id-2", "id-2"])
    }

    @Test("a card token the server no longer accepts sends the flow back to the payment step with the reason")
    func expiredCardTokenNeedsTheCardAgain() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(
            .apiError(
                status: 422, code: "validation_failed", message: "The card token has expired; tokenize the card again.",
                details: .object(["field": .string("payment.card_token")])))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let state = await coordinator.placeOrder()

        guard case .failed(.rejected(let error)) = state else {
            Issue.record("expected a refusal, got \(state)")
            return
        }
        #expect(error.message.contains("expired (tokens last 15 minutes)"))
        #expect(coordinator.step == .payment)
        #expect(coordinator.draft.paymentMethod == nil)
        #expect(coordinator.draft.submissionID == nil, "the card entered again starts a new submission")
        #expect(try await harness.submissions.submission(clientID: "id-2")?.state == .failed)
    }

    @Test("the place-order screen offers to start over after an unknown outcome, and says where an order came from")
    func placeOrderScreenStartOver() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.failure(.timedOut))
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let first = harness.makeCoordinator()
        try await harness.walk(first, to: .placeOrder)
        _ = await first.placeOrder()
        try await harness.feature.setQuantity(5, for: Sample.weekendLamp.id)

        let next = harness.makeCoordinator()
        await next.start()
        await next.discardSavedDraft()
        try await harness.walk(next, to: .placeOrder)
        await next.placeOrder()
        guard case .placeOrder(let viewModel) = next.screen else {
            Issue.record("expected the place-order screen, got \(next.screen)")
            return
        }
        #expect(viewModel.canStartOver)
        let view = PlaceOrderView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)
        #expect(view.keyHelp.map(\.key).contains("o"))
        await viewModel.startOver()
        guard case .placed = next.placement else {
            Issue.record("expected a new order after starting over, got \(next.placement)")
            return
        }
        #expect(viewModel.placedNote == nil, "a new submission of this checkout needs no note")
    }
}

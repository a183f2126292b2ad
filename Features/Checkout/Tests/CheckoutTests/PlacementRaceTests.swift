import Foundation
import Models
import Networking
import NetworkingTestSupport
import Persistence
import TestSupport
import Testing

@testable import Checkout

/// Two checkouts of one cart on one account database file, as two processes run them: the first run's order answer is
/// held at a gate (a delay on its transport's manual clock) while the second run resumes the first one's saved draft;
/// then the gate opens. Whatever the second run saw of the draft and the cart, it reports the first run's order and
/// sends none.
@MainActor
@Suite("Placement race: a resumed draft and the cart clear", .timeLimit(.minutes(1)))
struct PlacementRaceTests {
    /// The process id of the second run.
    private static let secondProcess: Int32 = 5001
    /// How long the first run's order answer is held: the gate, opened by advancing the first run's clock (shorter
    /// than the client's 10 s attempt deadline on the same clock).
    private static let gate = Duration.seconds(5)

    /// Two harnesses on one database file, each seeing the other's process as running, with the cart filled.
    private func twoRuns() async throws -> (first: Harness, second: Harness) {
        let store = try DeviceStore()
        let first = try store.harness()
        let second = try store.harness(processID: Self.secondProcess)
        first.runningProcesses.start(Self.secondProcess)
        second.runningProcesses.start(Harness.processID)
        try await first.fillCart()
        return (first, second)
    }

    /// Starts placing `coordinator`'s order with its answer held at the gate; returns once the request waits there.
    private func placeBehindGate(_ coordinator: CheckoutCoordinator, on harness: Harness) async throws
        -> Task<PlacementState, Never>
    {
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201).delayed(by: Self.gate))
        let placing = Task { await coordinator.placeOrder() }
        try await harness.transport.waitForRequests(count: 1)
        try await waitUntil("the first run's order answer waits at the gate") {
            harness.clock.pendingDeadlines.contains { $0.offset == Self.gate }
        }
        return placing
    }

    /// Resumes the saved draft as `storefront checkout` does (resume, back to the cart, the same values again) and
    /// takes the flow to the place-order step.
    private func resumeLikeTheCommand(_ harness: Harness) async throws -> CheckoutCoordinator {
        let coordinator = harness.makeCoordinator()
        await coordinator.start()
        guard case .offeringResume = coordinator.stage else {
            Issue.record("expected the first run's draft to be offered, got \(coordinator.stage)")
            return coordinator
        }
        await coordinator.resumeSavedDraft()
        coordinator.edit(.reviewCart)
        try await harness.walk(coordinator, to: .placeOrder)
        return coordinator
    }

    /// Opens the gate, lets the first run finish, then has the second run place its order: it must report the
    /// first run's order, having sent none.
    private func openGateThenPlace(
        _ placing: Task<PlacementState, Never>, first: Harness, resumed: CheckoutCoordinator, second: Harness
    ) async throws -> (placed: Order, reported: Order)? {
        first.clock.advance(by: Self.gate)
        guard case .placed(let placed) = await placing.value else {
            Issue.record("expected the first run's order")
            return nil
        }
        #expect(try await second.feature.allLines().isEmpty, "recorded placed and cleared in one transaction")
        #expect(try await second.drafts.latest() == nil, "the draft retired with it")
        second.transport.enqueue(try Fixture.response("order_detail", status: 200))
        let state = await resumed.placeOrder()
        guard case .placed(let reported) = state else {
            Issue.record("expected the first run's order to be reported, got \(state)")
            return nil
        }
        #expect(reported.id == placed.id)
        #expect(resumed.placementOrigin == .anotherCheckout)
        #expect(first.orderRequests.count == 1)
        #expect(second.orderRequests.isEmpty, "the second run sent no order")
        #expect(try await openRows(first) == ["placed"])
        return (placed, reported)
    }

    private func openRows(_ harness: Harness) async throws -> [String] {
        try await harness.database.read { reader in
            try reader.fetchAll(String.self, "SELECT state FROM checkout_submissions ORDER BY created_at")
        }
    }

    @Test("the second run claims while the first one's answer is held: it waits, then reports that order")
    func claimWhileHeld() async throws {
        let (first, second) = try await twoRuns()
        let placingRun = try await first.coordinator(at: .placeOrder)
        let placing = try await placeBehindGate(placingRun, on: first)

        let resumed = try await resumeLikeTheCommand(second)
        #expect(resumed.draft.submissionID == placingRun.draft.submissionID, "nothing changed: the same submission")
        second.transport.enqueue(try Fixture.response("order_detail", status: 200))
        let waiting = Task { await resumed.placeOrder() }
        try await second.clock.waitForSleepers(count: 1)
        first.clock.advance(by: Self.gate)
        guard case .placed(let placed) = await placing.value else {
            Issue.record("expected the first run's order")
            return
        }
        second.clock.advance(by: .milliseconds(100))
        let state = await waiting.value

        guard case .placed(let reported) = state else {
            Issue.record("expected the first run's order to be reported, got \(state)")
            return
        }
        #expect(reported.id == placed.id)
        #expect(resumed.placementOrigin == .anotherCheckout)
        #expect(first.orderRequests.count == 1)
        #expect(second.orderRequests.isEmpty, "the second run sent no order")
        #expect(try await second.feature.allLines().isEmpty)
        #expect(try await second.drafts.latest() == nil)
        #expect(try await openRows(first) == ["placed"])
    }

    @Test(
        "the second run resumed the draft while the first one's answer was held and claims after: it reports that order"
    )
    func claimAfterTheOrderWasRecorded() async throws {
        let (first, second) = try await twoRuns()
        let placingRun = try await first.coordinator(at: .placeOrder)
        let placing = try await placeBehindGate(placingRun, on: first)
        let resumed = try await resumeLikeTheCommand(second)
        #expect(try await second.feature.allLines().count == 2, "the cart still holds the lines behind the gate")

        let outcome = try await openGateThenPlace(placing, first: first, resumed: resumed, second: second)
        let placed = try #require(outcome).placed
        #expect(second.transport.requests.map(\.path) == ["/v1/orders/\(placed.id)"])
        #expect(try await second.drafts.latest() == nil, "the resumed run's saves did not bring the draft back")
    }

    @Test("the second run resumed the draft before the first one confirmed, so it confirmed a submission of its own")
    func ownSubmissionAfterTheOrderWasRecorded() async throws {
        let (first, second) = try await twoRuns()
        let placingRun = try await first.coordinator(at: .review)
        let resumed = try await resumeLikeTheCommand(second)
        let ownSubmission = try #require(resumed.draft.submissionID)

        try await placingRun.advance()
        #expect(placingRun.draft.submissionID != ownSubmission)
        let placing = try await placeBehindGate(placingRun, on: first)
        _ = try #require(try await openGateThenPlace(placing, first: first, resumed: resumed, second: second))
        #expect(try await second.submissions.submission(clientID: ownSubmission) == nil, "nothing was claimed")
        #expect(try await openRows(first) == ["placed"])
    }

    @Test("a cart changed elsewhere after the flow read it: nothing is sent and the flow goes back to the cart")
    func cartChangedElsewhere() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(at: .placeOrder)
        let elsewhere = CartFeature(repository: harness.cartRepository, logger: harness.logger)
        try await elsewhere.remove(Sample.weekendLamp.id)

        let state = await coordinator.placeOrder()

        #expect(state == .failed(.cartChanged))
        #expect(PlacementFailure.cartChanged.code == "cart_changed")
        #expect(coordinator.step == .reviewCart)
        #expect(coordinator.draft.lines.map(\.productID) == [Sample.harborLamp.id])
        #expect(harness.transport.requests.isEmpty)
        #expect(try await openRows(harness).isEmpty)
    }

    @Test("an order placed long before the flow read the cart does not count as this flow's order")
    func olderPlacementIsNotReported() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        _ = await (try await harness.coordinator(at: .placeOrder)).placeOrder()
        try await harness.fillCart()
        let next = try await harness.coordinator(at: .placeOrder)
        try await CartFeature(repository: harness.cartRepository, logger: harness.logger).removeAll()

        #expect(await next.placeOrder() == .failed(.cartChanged))
        #expect(harness.orderRequests.count == 1)
    }

    @Test(
        "recording an order takes its items out of the cart and retires the draft at once; recording it again does not")
    func recordPlacedIsOneTransaction() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(at: .placeOrder)
        let flowID = coordinator.draft.flowID
        let clientID = try #require(coordinator.draft.submissionID)
        let basis = SubmissionBasis(
            request: OrderRequest(
                submissionID: clientID,
                items: coordinator.draft.lines.map { .init(productID: $0.productID, quantity: $0.quantity) },
                shippingAddress: Sample.address.normalized, shippingOptionID: "standard", payment: InvoicePayment(),
                expectedTotal: Money(amountMinor: 0, currency: .eur)),
            paymentChoice: "invoice")
        let mark = try await harness.submissions.placementMark()
        _ = try await harness.submissions.claim(
            clientID: clientID, basis: basis, flow: ClaimingFlow(flowID: flowID, cartReadAfter: mark), now: Sample.now)
        let saved = try #require(try await harness.drafts.latest())
        let order = Order(
            id: "ord_9", clientID: clientID, status: .confirmed,
            items: coordinator.draft.lines.map {
                OrderItem(
                    productID: $0.productID, title: $0.title, quantity: $0.quantity, unitPrice: $0.unitPrice,
                    lineTotal: $0.unitPrice)
            },
            shippingOptionID: "standard", shippingPrice: Money(amountMinor: 490, currency: .eur),
            shippingAddress: nil, paymentSummary: nil, total: Money(amountMinor: 1, currency: .eur),
            placedAt: Sample.now)
        let record = PlacedOrderRecord(order: order, clientID: clientID, flowID: flowID)

        #expect(try await harness.submissions.recordPlaced(record, onlyIfUnknown: false, now: Sample.now))
        #expect(try await harness.feature.allLines().isEmpty)
        #expect(try await harness.drafts.latest() == nil)
        try await harness.drafts.save(saved)
        #expect(try await harness.drafts.latest() == nil, "a retired flow is not saved again")
        #expect(try await harness.submissions.placementMark() > mark)

        try await harness.fillCart()
        #expect(try await !harness.submissions.recordPlaced(record, onlyIfUnknown: false, now: Sample.now))
        #expect(try await harness.feature.allLines().count == 2, "only the run that recorded it empties the cart")
        let again = try await harness.submissions.claim(
            clientID: clientID, basis: basis, flow: ClaimingFlow(flowID: "other", cartReadAfter: mark), now: Sample.now)
        #expect(again == .alreadyPlaced(try #require(try await harness.submissions.submission(clientID: clientID))))
    }
}

import Models
import NetworkingTestSupport
import Testing

@testable import Checkout

@MainActor
@Suite("Checkout flow", .timeLimit(.minutes(2)))
struct CheckoutCoordinatorTests {
    @Test("starting a flow only reads: the saved draft and where submissions stand, nothing written or sent")
    func startingOnlyReads() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator(
            orders: StrictOrderRepository(), payments: StrictPaymentRepository(),
            drafts: StrictDraftRepository(base: harness.drafts, allowed: [.latest]),
            submissions: StrictSubmissionRepository(
                base: harness.submissions, allowed: [.placementMark, .openSubmission]))

        await coordinator.start()

        #expect(coordinator.stage == .inProgress)
        #expect(coordinator.step == .reviewCart)
        #expect(coordinator.saveError == nil)
        #expect(harness.transport.requests.isEmpty)
    }

    @Test("the whole flow places one order with the contract's body")
    func wholeFlowPlacesOneOrder() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator()
        var placed: [OrderID] = []
        var ends: [CheckoutEnd] = []
        coordinator.onOrderPlaced = { placed.append($0) }
        coordinator.onFinished = { ends.append($0) }
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))

        try await harness.walk(coordinator, to: .placeOrder)
        #expect(coordinator.step == .placeOrder)
        #expect(harness.transport.requests.isEmpty)
        let state = await coordinator.placeOrder()

        guard case .placed(let order) = state else {
            Issue.record("expected a placed order, got \(state)")
            return
        }
        #expect(order.id == "ord_1")
        #expect(order.total == Money(amountMinor: 90_183, currency: .eur))
        let requests = harness.orderRequests
        try #require(requests.count == 1)
        #expect(requests[0].jsonBody == (try Fixture.json("order_request")))
        #expect(requests[0].header("Idempotency-Key") == "id-2")
        #expect(requests[0].header("Authorization") == "Bearer token-ada")
        #expect(placed == ["ord_1"])
        #expect(ends == [.placed("ord_1")])
        #expect(coordinator.stage == .finished(.placed("ord_1")))
        #expect(harness.feature.lines.isEmpty)
        #expect(try await harness.drafts.latest() == nil)
    }

    @Test("what was added to the cart while checking out stays in it after the order")
    func additionsDuringCheckoutStay() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = try await harness.coordinator(at: .placeOrder)
        let candle = ProductSummary(
            id: "sku_7", title: "Candle", price: Money(amountMinor: 500, currency: .eur), availability: .inStock,
            imageURL: nil)
        try await harness.feature.add(Sample.weekendLamp)
        try await harness.feature.add(candle)

        await coordinator.placeOrder()

        #expect(harness.feature.lines.map(\.productID) == ["sku_196", "sku_7"])
        #expect(harness.feature.lines.map(\.quantity) == [1, 1])
        #expect(harness.orderRequests.first?.jsonBody == (try Fixture.json("order_request")))
    }

    @Test("the steps check what they need before going on")
    func stepsCheckTheirInput() async throws {
        let harness = try Harness()
        let coordinator = harness.makeCoordinator()
        await coordinator.start()
        await #expect(throws: CheckoutStepError.emptyCart) { try await coordinator.advance() }

        try await harness.fillCart()
        try await coordinator.advance()
        #expect(coordinator.step == .shippingAddress)
        coordinator.draft.address.name = "Ada"
        do {
            try await coordinator.advance()
            Issue.record("an incomplete address went through")
        } catch {
            guard case .invalidAddress(let problems) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(Set(problems.keys) == [.street, .city, .postalCode, .country])
        }
        coordinator.draft.address = Sample.address
        try await coordinator.advance()
        await #expect(throws: CheckoutStepError.noShippingOption) { try await coordinator.advance() }
        coordinator.draft.shippingOptionID = "express"
        try await coordinator.advance()
        await #expect(throws: CheckoutStepError.noPaymentMethod) { try await coordinator.advance() }
        #expect(coordinator.step == .payment)
    }

    @Test("express is offered only when the flag enables it")
    func expressFollowsTheFlag() async throws {
        let harness = try Harness()
        let withoutExpress = harness.makeCoordinator(isExpressShippingEnabled: false)
        #expect(withoutExpress.shippingOptions.map(\.id) == ["standard", "pickup"])
        let withExpress = harness.makeCoordinator(isExpressShippingEnabled: true)
        #expect(withExpress.shippingOptions.map(\.id) == ["standard", "express", "pickup"])

        try await harness.fillCart()
        try await harness.walk(withoutExpress, to: .shippingOption)
        withoutExpress.draft.shippingOptionID = "express"
        await #expect(throws: CheckoutStepError.noShippingOption) { try await withoutExpress.advance() }
    }

    @Test("cancelling and starting again gives an empty draft")
    func cancelThenStartAgainIsEmpty() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let first = try await harness.coordinator(at: .shippingOption)
        var ends: [CheckoutEnd] = []
        first.onFinished = { ends.append($0) }
        first.draft.shippingOptionID = "standard"
        #expect(try await harness.drafts.latest() != nil)

        await first.cancel()

        #expect(ends == [.cancelled])
        #expect(try await harness.drafts.latest() == nil)
        let second = harness.makeCoordinator()
        await second.start()
        #expect(second.stage == .inProgress)
        #expect(second.step == .reviewCart)
        #expect(second.draft.flowID != first.draft.flowID)
        #expect(second.draft.address == ShippingAddress())
        #expect(second.draft.shippingOptionID == nil)
        #expect(second.draft.paymentMethod == nil)
        #expect(second.draft.submissionID == nil)
        #expect(second.draft.lines == harness.feature.lines)
    }

    @Test(
        "after the flow ends, the coordinator and its draft are released",
        arguments: [CheckoutEnd.placed("ord_1"), .cancelled])
    func releasedWhenTheFlowEnds(ending: CheckoutEnd) async throws {
        let harness = try Harness()
        try await harness.fillCart()
        if case .placed = ending {
            harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        }
        let holder = FlowHolder()
        weak var weakCoordinator: CheckoutCoordinator?
        weak var weakDraft: CheckoutDraft?
        // The last screen's view model outlives the flow for a moment (a view still showing it); it must not keep
        // the coordinator alive.
        var lastScreen: PlaceOrderViewModel?
        do {
            let coordinator = try await harness.coordinator(at: .placeOrder)
            holder.coordinator = coordinator
            coordinator.onFinished = { [holder] end in
                holder.ends.append(end)
                holder.coordinator = nil
            }
            weakCoordinator = coordinator
            weakDraft = coordinator.draft
            let screen = try #require(coordinator.screen.placeOrder)
            lastScreen = screen
            switch ending {
            case .placed: await screen.place()
            case .cancelled: await screen.cancel()
            }
        }
        withExtendedLifetime(lastScreen) {
            #expect(holder.ends == [ending])
            #expect(holder.coordinator == nil)
            #expect(weakCoordinator == nil)
            #expect(weakDraft == nil)
        }
    }

    @Test("going back and editing keeps what was entered; later steps are checked again")
    func editingGoesBack() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)
        let submission = try #require(coordinator.draft.submissionID)

        coordinator.edit(.review)
        #expect(coordinator.step == .review)
        try await coordinator.advance()
        #expect(coordinator.draft.submissionID == submission)

        coordinator.edit(.shippingOption)
        coordinator.draft.shippingOptionID = "pickup"
        #expect(coordinator.draft.submissionID == nil)
        try await coordinator.advance()
        try await coordinator.advance()
        try await coordinator.advance()
        #expect(coordinator.step == .placeOrder)
        #expect(coordinator.draft.submissionID != submission)
        #expect(coordinator.draft.address == Sample.address)
    }
}

/// What the App does with a running flow: holds it, and lets go when it finishes.
@MainActor
final class FlowHolder {
    var coordinator: CheckoutCoordinator?
    var ends: [CheckoutEnd] = []
}

import Foundation
import Models
import Networking
import NetworkingTestSupport
import Testing

@testable import Checkout

/// The server's refusals, handled honestly: the draft is kept and the user is told what to do.
@MainActor
@Suite("Placement outcomes", .timeLimit(.minutes(2)))
struct PlacementOutcomeTests {
    @Test("409 price_changed takes details.current_total and asks to confirm again, with a new key")
    func priceChanged() async throws {
        let harness = try Harness()
        let stalePrice = ProductSummary(
            id: Sample.harborLamp.id, title: Sample.harborLamp.title, price: Money(amountMinor: 35_295, currency: .eur),
            availability: .inStock, imageURL: nil)
        try await harness.feature.add(stalePrice)
        try await harness.feature.add(Sample.weekendLamp, quantity: 2)
        harness.transport.enqueue(try Fixture.response("price_changed", status: 409))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let state = await coordinator.placeOrder()

        let previous = Money(amountMinor: 93_183, currency: .eur)
        let current = Money(amountMinor: 90_183, currency: .eur)
        #expect(harness.orderRequests.first?.jsonBody?["expected_total"]?["amount_minor"] == .integer(93_183))
        #expect(state == .failed(.priceChanged(previous: previous, current: current)))
        #expect(coordinator.step == .review)
        #expect(coordinator.draft.quotedTotal == current)
        #expect(coordinator.draft.submissionID == nil)
        guard case .review(let review) = coordinator.screen else {
            Issue.record("expected the review step")
            return
        }
        #expect(
            review.priceNotice
                == "Prices changed: the total is now €901.83 (it was €931.83). Confirm to order at the new total.")
        #expect(review.total == "€901.83")

        #expect(await review.confirm())
        let requests = harness.orderRequests
        try #require(requests.count == 2)
        #expect(requests[1].header("Idempotency-Key") == "id-3")
        #expect(
            requests[1].jsonBody?["expected_total"]
                == .object(["amount_minor": .integer(90_183), "currency": .string("EUR")]))
        #expect(coordinator.stage == .finished(.placed("ord_1")))
    }

    @Test("409 out_of_stock marks the items and goes back to the cart until they change")
    func outOfStock() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(try Fixture.response("out_of_stock", status: 409))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let state = await coordinator.placeOrder()

        #expect(state == .failed(.outOfStock(productIDs: ["sku_196"])))
        #expect(coordinator.step == .reviewCart)
        #expect(coordinator.draft.outOfStockProductIDs == ["sku_196"])
        guard case .reviewCart(let viewModel) = coordinator.screen else {
            Issue.record("expected the cart step")
            return
        }
        #expect(viewModel.rows.first { $0.productID == "sku_196" }?.status == .outOfStock)
        #expect(viewModel.rows.first { $0.productID == "sku_94" }?.status == nil)
        #expect(viewModel.notice?.contains("Weekend Cork Lamp") == true)
        await #expect(throws: CheckoutStepError.outOfStock(titles: ["Weekend Cork Lamp Limited Edition"])) {
            try await coordinator.advance()
        }
        #expect(try await harness.drafts.latest()?.outOfStockProductIDs == ["sku_196"])

        try await harness.feature.setQuantity(1, for: "sku_196")
        try await coordinator.advance()
        #expect(coordinator.draft.outOfStockProductIDs.isEmpty)
        #expect(coordinator.step == .shippingAddress)
    }

    @Test("401 asks for sign-in and keeps the draft; after sign-in the same key goes out")
    func unauthorized() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.apiError(status: 401, code: "unauthorized", message: "Sign in first"))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        var signInRequests = 0
        coordinator.onSignInNeeded = { signInRequests += 1 }
        try await harness.walk(coordinator, to: .placeOrder)

        let state = await coordinator.placeOrder()

        #expect(state == .failed(.signInRequired))
        #expect(signInRequests == 1)
        #expect(coordinator.stage == .inProgress)
        #expect(coordinator.draft.address == Sample.address)
        #expect(try await harness.drafts.latest()?.submissionID == "id-2")

        await harness.tokens.setToken("token-ada-2")
        let retried = await coordinator.retryPlacement()

        guard case .placed = retried else {
            Issue.record("expected a placed order, got \(retried)")
            return
        }
        let requests = harness.orderRequests
        #expect(requests.map { $0.header("Idempotency-Key") } == ["id-2", "id-2"])
        #expect(requests.last?.header("Authorization") == "Bearer token-ada-2")
    }

    @Test("signed out, the request is not sent and sign-in is asked for")
    func signedOut() async throws {
        let harness = try Harness(token: nil)
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator()
        var signInRequests = 0
        coordinator.onSignInNeeded = { signInRequests += 1 }
        try await harness.walk(coordinator, to: .placeOrder)

        #expect(await coordinator.placeOrder() == .failed(.signInRequired))
        #expect(signInRequests == 1)
        #expect(harness.transport.requests.isEmpty)
    }

    @Test("422 idempotency_key_reused goes back to the review for a new confirmation")
    func keyReused() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(try Fixture.response("idempotency_key_reused", status: 422))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        #expect(await coordinator.placeOrder() == .failed(.needsConfirmation))
        #expect(coordinator.step == .review)
        #expect(coordinator.draft.submissionID == nil)
    }

    @Test("a server error keeps the draft and offers to try again")
    func serverError() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.html("<h1>502 Bad Gateway</h1>", status: 502))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)

        let state = await coordinator.placeOrder()

        #expect(state == .failed(.connection(.serverUnavailable)))
        guard case .failed(let failure) = state else { return }
        #expect(failure.canRetry)
        #expect(failure.message.contains("will not order twice"))
    }
}

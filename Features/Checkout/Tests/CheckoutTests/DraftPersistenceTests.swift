import Foundation
import Models
import Testing

@testable import Checkout

/// Resumability is a decision: saved after each completed step, offered when checkout starts, deleted when the order
/// is placed or the flow cancelled.
@MainActor
@Suite("Draft persistence", .timeLimit(.minutes(2)))
struct DraftPersistenceTests {
    @Test("a draft saved before a restart is offered and resumed at its step with what was entered")
    func resumeAfterRestart() async throws {
        let device = try DeviceStore()
        let before = try device.harness()
        try await before.fillCart()
        let first = try await before.coordinator(at: .payment, optionID: "express")
        await before.database.close()

        let after = try device.harness()
        let resumed = after.makeCoordinator()
        await resumed.start()

        guard case .resumeOffer(let offer) = resumed.screen else {
            Issue.record("expected the resume offer, got \(resumed.stage)")
            return
        }
        #expect(offer.detail == "Saved Jan 15, 2026 at 12:00\u{202F}AM · 3 items · at Payment")
        #expect(!offer.wasConfirmed)
        await offer.resume()
        #expect(resumed.stage == .inProgress)
        #expect(resumed.step == .payment)
        #expect(resumed.draft.flowID == first.draft.flowID)
        #expect(resumed.draft.address == Sample.address)
        #expect(resumed.draft.shippingOptionID == "express")
        #expect(resumed.draft.lines == first.draft.lines)
        await after.database.close()
    }

    @Test("a saved card keeps only its token, brand and last four digits")
    func savedCardKeepsOnlyTheToken() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(try Fixture.response("card_token"))
        let coordinator = try await harness.coordinator(at: .payment)
        try await coordinator.useCard(number: "4242 4242 4242 4242", expiry: "04/30", cvc: "123")
        try await coordinator.advance()

        let saved = try #require(try await harness.drafts.latest())
        #expect(saved.paymentMethod == "card")
        #expect(Set(saved.paymentFields.keys) == ["card_token", "brand", "last4"])
        #expect(saved.paymentFields["last4"] == "4242")
        let stored = try await harness.database.read { reader in
            try reader.fetchAll(String.self, "SELECT body FROM checkout_drafts")
        }
        #expect(stored.count == 1)
        #expect(!stored[0].contains("4242424242424242"))
        #expect(!stored[0].contains("4242 4242"))
        #expect(!stored[0].contains("\"123\""))
    }

    @Test("no saved draft remains after the order is placed")
    func noDraftAfterPlacing() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)
        #expect(try await harness.drafts.latest()?.submissionID == "id-2")

        await coordinator.placeOrder()

        #expect(try await harness.drafts.latest() == nil)
        let next = harness.makeCoordinator()
        await next.start()
        #expect(next.stage == .inProgress)
    }

    @Test("no saved draft remains after the flow is cancelled")
    func noDraftAfterCancelling() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(at: .shippingAddress)
        #expect(try await harness.drafts.latest() != nil)

        await coordinator.cancel()

        #expect(try await harness.drafts.latest() == nil)
    }

    @Test("starting over deletes the saved draft; leaving the offer keeps it")
    func startOverAndLeave() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let first = try await harness.coordinator(at: .shippingAddress)

        let leaving = harness.makeCoordinator()
        await leaving.start()
        guard case .resumeOffer(let offer) = leaving.screen else {
            Issue.record("expected the resume offer")
            return
        }
        await offer.cancel()
        #expect(leaving.stage == .finished(.cancelled))
        #expect(try await harness.drafts.latest()?.flowID == first.draft.flowID)

        let startingOver = harness.makeCoordinator()
        await startingOver.start()
        await startingOver.discardSavedDraft()
        #expect(startingOver.step == .reviewCart)
        #expect(startingOver.draft.flowID != first.draft.flowID)
        #expect(try await harness.drafts.latest() == nil)
    }

    @Test("a confirmed draft resumes at placing the order; a changed cart sends the user back to it")
    func resumeChecksTheCart() async throws {
        let harness = try Harness()
        try await harness.leaveConfirmedDraft()
        // Each start asks whether the unknown outcome went through: not yet.
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))

        let unchanged = harness.makeCoordinator()
        await unchanged.start()
        await unchanged.resumeSavedDraft()
        #expect(unchanged.step == .placeOrder)
        #expect(unchanged.draft.submissionID == "id-2")

        try await harness.feature.add(Sample.harborLamp)
        let changed = harness.makeCoordinator()
        await changed.start()
        await changed.resumeSavedDraft()
        #expect(changed.step == .reviewCart)
        #expect(changed.draft.submissionID == nil)
        #expect(changed.draft.lines == harness.feature.lines)
    }

    @Test("a store that cannot save does not stop the flow and says so")
    func saveFailureIsReported() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = CheckoutCoordinator(
            cart: harness.feature, orders: harness.orders, payments: harness.payments, drafts: FailingDrafts(),
            submissions: harness.submissions, clock: harness.clock, shippingOptions: Sample.shippingOptions,
            isExpressShippingEnabled: true,
            makeIdentifier: harness.ids.generator, currentDate: { Sample.now }, format: Sample.format,
            logger: harness.logger)

        await coordinator.start()
        #expect(coordinator.saveError == .unavailable(reason: "disk full"))
        try await coordinator.advance()

        #expect(coordinator.step == .shippingAddress)
        #expect(coordinator.saveError == .unavailable(reason: "disk full"))
        let text = CheckoutFlowView(coordinator: coordinator, theme: .ascii, keyMap: .defaults)
            .render(size: .init(columns: 80, rows: 30)).map(\.plainText).joined(separator: "\n")
        #expect(text.contains("Your progress could not be saved on this device."))
    }

    private struct FailingDrafts: CheckoutDraftRepository {
        func save(_ draft: SavedCheckoutDraft) async throws(DraftStoreError) {
            throw .unavailable(reason: "disk full")
        }

        func latest() async throws(DraftStoreError) -> SavedCheckoutDraft? {
            throw .unavailable(reason: "disk full")
        }

        func delete(flowID: String) async throws(DraftStoreError) {
            throw .unavailable(reason: "disk full")
        }

        func retire(flowID: String, orderID: OrderID, clientID: String, now: Date) async throws(DraftStoreError) {
            throw .unavailable(reason: "disk full")
        }
    }
}

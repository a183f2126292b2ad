import DesignSystem
import TerminalUI
import Testing

@testable import Checkout

@MainActor
@Suite("Review step", .timeLimit(.minutes(2)))
struct OrderReviewViewModelTests {
    private func makeStep() async throws -> (Harness, CheckoutCoordinator, OrderReviewViewModel) {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(at: .review, optionID: "express")
        return (harness, coordinator, try #require(coordinator.screen.review))
    }

    @Test("lines, shipping and total are shown in Money, with the address and payment")
    func texts() async throws {
        let (_, _, viewModel) = try await makeStep()
        #expect(
            viewModel.lines == [
                PricedLine(title: Sample.harborLamp.title, quantity: "1", unitPrice: "€322.95", lineTotal: "€322.95"),
                PricedLine(title: Sample.weekendLamp.title, quantity: "2", unitPrice: "€286.99", lineTotal: "€573.98"),
            ])
        #expect(viewModel.subtotal == "€896.93")
        #expect(viewModel.shippingTitle == "Express (1 day)")
        #expect(viewModel.shippingPrice == "€14.90")
        #expect(viewModel.total == "€911.83")
        #expect(viewModel.priceNotice == nil)
        #expect(viewModel.addressLines == ["Ada Lovelace", "Invalidenstrasse 1", "10115 Berlin", "DE"])
        #expect(viewModel.paymentSummary == "Invoice")
        let text = plainText(OrderReviewView(viewModel: viewModel, theme: .ascii, keyMap: .defaults), columns: 100)
        #expect(text.contains("€911.83"))
        #expect(text.contains("Ship to"))
        #expect(text.contains("Payment: Invoice"))
    }

    @Test("the edit keys go back to the step they name")
    func editKeys() async throws {
        let (_, coordinator, viewModel) = try await makeStep()
        #expect(
            OrderReviewView(viewModel: viewModel, theme: .ascii, keyMap: .defaults).handle(.character("a")) == .handled)
        #expect(coordinator.step == .shippingAddress)
    }

    @Test("confirming creates the submission and places the order")
    func confirmPlaces() async throws {
        let (harness, coordinator, viewModel) = try await makeStep()
        harness.transport.enqueue(try Fixture.response("order_placed_card", status: 201))

        #expect(await viewModel.confirm())

        #expect(harness.orderRequests.count == 1)
        #expect(harness.orderRequests.first?.header("Idempotency-Key") == coordinator.draft.submissionID)
        #expect(coordinator.stage == .finished(.placed("ord_2")))
    }
}

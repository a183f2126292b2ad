import DesignSystem
import Testing

@testable import Checkout

@MainActor
@Suite("Place-order step", .timeLimit(.minutes(2)))
struct PlaceOrderViewModelTests {
    @Test("the status follows the placement: ready, failed with retry, placed")
    func status() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(.failure(.networkConnectionLost))
        harness.transport.enqueue(try Fixture.response("order_placed", status: 201))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)
        let viewModel = try #require(coordinator.screen.placeOrder)
        let view = PlaceOrderView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)
        #expect(viewModel.status == .ready)
        #expect(plainText(view).contains("enter / r send"))

        await viewModel.place()
        guard case .failed(let message, canRetry: true) = viewModel.status else {
            Issue.record("expected a retryable failure, got \(viewModel.status)")
            return
        }
        #expect(message.hasPrefix("The connection to api.storefront.test:443 dropped before the answer was complete."))
        #expect(message.contains("trying again will not order twice"))
        #expect(plainText(view).contains("Press r to try again"))

        await viewModel.place()
        #expect(viewModel.status == .placed(orderID: "ord_1", total: "€901.83"))
        #expect(plainText(view).contains("Order ord_1 is placed (€901.83)"))
    }

    @Test("a refusal that cannot be retried does not send again")
    func noRetryForRefusals() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        harness.transport.enqueue(
            .apiError(status: 422, code: "validation_failed", message: "shipping_option is not offered"))
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)
        let viewModel = try #require(coordinator.screen.placeOrder)

        await viewModel.place()
        await viewModel.place()

        #expect(
            viewModel.status
                == .failed(
                    message: "The store didn't accept the request: shipping_option is not offered.", canRetry: false))
        #expect(harness.orderRequests.count == 1)
        viewModel.goBack()
        #expect(coordinator.step == .review)
    }
}

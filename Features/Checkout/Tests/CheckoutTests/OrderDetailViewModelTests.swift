import DesignSystem
import Logging
import Models
import Networking
import NetworkingTestSupport
import TerminalUI
import TestSupport
import Testing

@testable import Checkout

@MainActor
@Suite("Order detail", .timeLimit(.minutes(2)))
struct OrderDetailViewModelTests {
    private func makeViewModel(id: OrderID) -> (ScriptedTransport, OrderDetailViewModel) {
        let clock = ManualClock()
        let transport = ScriptedTransport(clock: clock)
        let client = APIClient.testing(
            transport: transport, clock: clock, tokenProvider: InMemoryTokenProvider(token: "t"))
        let repository = LiveOrderRepository(
            client: client, clock: clock, logger: Logger(label: "t", handler: CapturingLogHandler()))
        return (transport, OrderDetailViewModel(orderID: id, order: nil, repository: repository, format: Sample.format))
    }

    @Test("the order's lines, shipping, total, address and payment are ready to show")
    func loaded() async throws {
        let (transport, viewModel) = makeViewModel(id: "ord_1")
        transport.enqueue(try Fixture.response("order_detail"))

        await viewModel.load()

        #expect(viewModel.title == "Order ord_1")
        #expect(viewModel.subtitle?.hasPrefix("Confirmed · placed Nov 30, 2026") == true)
        #expect(viewModel.lines.map(\.lineTotal) == ["€322.95", "€573.98"])
        #expect(viewModel.shipping?.label == "Shipping (standard)")
        #expect(viewModel.shipping?.price == "€4.90")
        #expect(viewModel.total == "€901.83")
        #expect(viewModel.addressLines == ["Ada Lovelace", "Invalidenstrasse 1", "10115 Berlin", "DE"])
        #expect(viewModel.paymentSummary == "Invoice")
        let text = plainText(OrderDetailView(viewModel: viewModel, theme: .ascii, keyMap: .defaults), columns: 100)
        #expect(text.contains("Shipped to"))
        #expect(text.contains("€901.83"))
    }

    @Test("an order of someone else is not found, in words the user understands")
    func notFound() async throws {
        let (transport, viewModel) = makeViewModel(id: "ord_999")
        transport.enqueue(.apiError(status: 404, code: "not_found"))
        await viewModel.load()
        #expect(viewModel.errorMessage == "There is no order ord_999 in your account.")
        #expect(viewModel.order == nil)
    }

    @Test("a failed reload keeps the order shown; r reloads")
    func failedReloadKeepsTheOrder() async throws {
        let (transport, viewModel) = makeViewModel(id: "ord_1")
        transport.enqueue(try Fixture.response("order_detail"))
        transport.enqueue(.apiError(status: 503, code: "unavailable"))
        await viewModel.load()

        #expect(
            OrderDetailView(viewModel: viewModel, theme: .ascii, keyMap: .defaults).handle(.character("r")) == .handled)
        try await waitUntil { viewModel.error != nil }

        #expect(viewModel.error == .serverUnavailable)
        #expect(viewModel.order?.id == "ord_1")
        #expect(transport.requests.count == 2)
    }

    @Test("a live status of this order changes the subtitle in place; another order's changes nothing")
    func liveStatus() async throws {
        let (transport, viewModel) = makeViewModel(id: "ord_1")
        transport.enqueue(try Fixture.response("order_detail"))
        await viewModel.load()

        #expect(!viewModel.applyLiveStatus(.cancelled, of: "ord_2"))
        #expect(viewModel.subtitle?.hasPrefix("Confirmed") == true)
        #expect(viewModel.applyLiveStatus(.shipped, of: "ord_1"))
        #expect(viewModel.subtitle?.hasPrefix("Shipped · placed Nov 30, 2026") == true)
        #expect(viewModel.total == "€901.83")
    }
}

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
@Suite("Order history", .timeLimit(.minutes(2)))
struct OrderHistoryViewModelTests {
    private func makeViewModel(token: String? = "t") -> (ScriptedTransport, OrderHistoryViewModel) {
        let clock = ManualClock()
        let transport = ScriptedTransport(clock: clock)
        let client = APIClient.testing(
            transport: transport, clock: clock, tokenProvider: InMemoryTokenProvider(token: token))
        let repository = LiveOrderRepository(
            client: client, clock: clock, logger: Logger(label: "t", handler: CapturingLogHandler()))
        return (transport, OrderHistoryViewModel(repository: repository, format: Sample.format, pageSize: 1))
    }

    @Test("pages are loaded with the cursor and appended; the rows are ready to show")
    func pagination() async throws {
        let (transport, viewModel) = makeViewModel()
        transport.enqueue(try Fixture.response("orders_page_1"))
        transport.enqueue(try Fixture.response("orders_page_2"))
        #expect(!viewModel.hasLoaded)
        #expect(!viewModel.isEmpty)

        await viewModel.load()
        #expect(viewModel.canLoadMore)
        await viewModel.loadMore()

        #expect(viewModel.orders.map(\.id) == ["ord_2", "ord_1"])
        #expect(!viewModel.canLoadMore)
        let row = try #require(viewModel.rows.first)
        #expect(row.id == "ord_2")
        #expect(row.title == "Order ord_2")
        #expect(row.subtitle == "Nov 30, 2026 · 1 item")
        #expect(row.total == "€337.85")
        #expect(row.status == "Confirmed")
        #expect(transport.requests.last?.queryItems.first { $0.name == "cursor" }?.value == "bzE6Mg")
        let text = plainText(OrderHistoryView(viewModel: viewModel, theme: .ascii, keyMap: .defaults))
        #expect(text.contains("Order ord_1"))
        #expect(text.contains("€901.83"))
    }

    @Test("a failed refresh keeps the orders and says so; a later success clears the error")
    func failedRefreshKeepsOrders() async throws {
        let (transport, viewModel) = makeViewModel()
        transport.enqueue(try Fixture.response("orders_page_1"))
        transport.enqueue(.failure(.notConnectedToInternet))
        transport.enqueue(try Fixture.response("orders_page_1"))

        await viewModel.load()
        await viewModel.load()
        #expect(viewModel.orders.map(\.id) == ["ord_2"])
        #expect(viewModel.errorMessage == "You're offline.")
        #expect(
            plainText(OrderHistoryView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)).contains(
                "Press r to try again"))

        await viewModel.load()
        #expect(viewModel.error == nil)
    }

    @Test("no orders is an empty state, not an error")
    func empty() async throws {
        let (transport, viewModel) = makeViewModel()
        transport.enqueue(.json(#"{"orders": [], "next_cursor": null}"#))
        await viewModel.load()
        #expect(viewModel.isEmpty)
        #expect(
            plainText(OrderHistoryView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)).contains(
                "No orders yet"))
    }

    @Test("signed out, it asks for sign-in")
    func signInNeeded() async throws {
        let (transport, viewModel) = makeViewModel(token: nil)
        var signIns = 0
        viewModel.onSignInNeeded = { signIns += 1 }
        await viewModel.load()
        #expect(signIns == 1)
        #expect(viewModel.error == .signInRequired)
        #expect(transport.requests.isEmpty)
    }

    @Test("Enter opens the selected order; moving to the end loads more")
    func openAndLoadMore() async throws {
        let (transport, viewModel) = makeViewModel()
        transport.enqueue(try Fixture.response("orders_page_1"))
        transport.enqueue(try Fixture.response("orders_page_2"))
        var opened: [OrderID] = []
        viewModel.onOpenOrder = { opened.append($0) }
        await viewModel.load()
        let view = OrderHistoryView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)

        #expect(view.handle(.init(.enter)) == .handled)
        #expect(view.handle(.init(.end)) == .handled)
        try await waitUntil { viewModel.orders.count == 2 && !viewModel.isLoadingMore }

        #expect(opened == ["ord_2"])
        #expect(transport.requests.count == 2)
    }

    @Test("a cancelled load is not an error")
    func cancelledIsNotAnError() async throws {
        let (transport, viewModel) = makeViewModel()
        transport.enqueue(.stall)
        let loading = Task { await viewModel.load() }
        try await transport.waitForRequests(count: 1)
        loading.cancel()
        try await boundedValue(of: loading, "the cancelled load")
        #expect(viewModel.error == nil)
        #expect(!viewModel.hasLoaded)
        #expect(!viewModel.isLoading)
    }

    @Test("a live status changes that order's row in place; other orders and unknown ids change nothing")
    func liveStatus() async throws {
        let (transport, viewModel) = makeViewModel()
        transport.enqueue(try Fixture.response("orders_page_1"))
        transport.enqueue(try Fixture.response("orders_page_2"))
        await viewModel.load()
        await viewModel.loadMore()

        #expect(viewModel.applyLiveStatus(.shipped, of: "ord_1"))
        #expect(viewModel.orders.map(\.id) == ["ord_2", "ord_1"])
        #expect(viewModel.rows.map(\.status) == ["Confirmed", "Shipped"])
        #expect(!viewModel.applyLiveStatus(.cancelled, of: "ord_9"))
        #expect(viewModel.applyLiveStatus(.unknown("returned_to_sender"), of: "ord_2"))
        #expect(viewModel.rows.map(\.status) == ["Returned To Sender", "Shipped"])
        #expect(plainText(OrderHistoryView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)).contains("Shipped"))
    }
}

import DesignSystem
import FeatureKit
import Logging
import Models
import Networking
import NetworkingTestSupport
import SnapshotTestSupport
import TerminalUI
import TestSupport
import Testing

@testable import Checkout

/// Every checkout screen in its states at the four layouts of every screen (80x24, 120x40, 40x12 without colour,
/// 120x40 with 256 colours), as text and style grids in `Snapshots/` (`<Screen>.<state>.<layout>.snap`). The
/// harness's clock and `Sample.now` stand in for time, so nothing depends on today. Re-record with
/// `RECORD_SNAPSHOTS=1` (see DesignSystem/README.md, "Snapshot tests").
@MainActor
@Suite("Checkout screen snapshots", .timeLimit(.minutes(2)))
struct ScreenSnapshotTests {
    /// The cart screen: loaded empty, and with the sample order's lines.
    enum CartState: String, CaseIterable, Sendable {
        case empty, loaded
    }

    @Test("the cart", arguments: CartState.allCases, SnapshotLayout.everyScreen)
    func cart(state: CartState, layout: SnapshotLayout) async throws {
        let harness = try Harness()
        if state == .loaded { try await harness.fillCart() }
        let viewModel = CartViewModel(feature: harness.feature, format: Sample.format)
        await viewModel.load()
        let view = CartView(viewModel: viewModel, theme: .unicode, keyMap: .defaults)
        expectSnapshot(of: view.render(size: layout.size), named: "Cart.\(state)", layout: layout)
    }

    /// Each step of the flow is a screen: the sample cart, walked to the step with the sample address, the
    /// standard option and an invoice.
    @Test("each checkout step", arguments: CheckoutStep.allCases, SnapshotLayout.everyScreen)
    func step(step: CheckoutStep, layout: SnapshotLayout) async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(at: step)
        let view = CheckoutFlowView(coordinator: coordinator, theme: .unicode, keyMap: .defaults)
        expectSnapshot(of: view.render(size: layout.size), named: "Checkout.\(step.rawValue)", layout: layout)
    }

    @Test("the offer to resume a confirmed draft", arguments: SnapshotLayout.everyScreen)
    func resumeOffer(layout: SnapshotLayout) async throws {
        let harness = try Harness()
        try await harness.leaveConfirmedDraft()
        harness.transport.enqueue(.apiError(status: 404, code: "not_found"))
        let coordinator = harness.makeCoordinator()
        await coordinator.start()
        #expect(coordinator.screen.resumeOffer != nil)
        let view = CheckoutFlowView(coordinator: coordinator, theme: .unicode, keyMap: .defaults)
        expectSnapshot(of: view.render(size: layout.size), named: "Checkout.resume_offer", layout: layout)
    }

    /// The order history: loaded (the first captured page), no orders, offline before anything loaded, signed out.
    enum HistoryState: String, CaseIterable, Sendable {
        case loaded, empty, offline
        case signedOut = "signed_out"
    }

    @Test("the order history", arguments: HistoryState.allCases, SnapshotLayout.everyScreen)
    func history(state: HistoryState, layout: SnapshotLayout) async throws {
        let (transport, repository) = Self.orderRepository(token: state == .signedOut ? nil : "t")
        switch state {
        case .loaded: transport.enqueue(try Fixture.response("orders_page_1"))
        case .empty: transport.enqueue(.json(#"{"orders": [], "next_cursor": null}"#))
        case .offline: transport.enqueue(.failure(.notConnectedToInternet))
        case .signedOut: break
        }
        let viewModel = OrderHistoryViewModel(repository: repository, format: Sample.format, pageSize: 20)
        await viewModel.load()
        let view = OrderHistoryView(viewModel: viewModel, theme: .unicode, keyMap: .defaults)
        expectSnapshot(of: view.render(size: layout.size), named: "Orders.\(state.rawValue)", layout: layout)
    }

    /// An order's detail: loaded (the captured order), and an order that is not the user's.
    enum DetailState: String, CaseIterable, Sendable {
        case loaded
        case notFound = "not_found"
    }

    @Test("an order's detail", arguments: DetailState.allCases, SnapshotLayout.everyScreen)
    func detail(state: DetailState, layout: SnapshotLayout) async throws {
        let (transport, repository) = Self.orderRepository(token: "t")
        switch state {
        case .loaded: transport.enqueue(try Fixture.response("order_detail"))
        case .notFound: transport.enqueue(.apiError(status: 404, code: "not_found"))
        }
        let viewModel = OrderDetailViewModel(
            orderID: "ord_1", order: nil, repository: repository, format: Sample.format)
        await viewModel.load()
        let view = OrderDetailView(viewModel: viewModel, theme: .unicode, keyMap: .defaults)
        expectSnapshot(of: view.render(size: layout.size), named: "OrderDetail.\(state.rawValue)", layout: layout)
    }

    /// The live order repository over a scripted transport on a manual clock, signed in when `token` is given.
    static func orderRepository(token: String?) -> (ScriptedTransport, LiveOrderRepository) {
        let clock = ManualClock()
        let transport = ScriptedTransport(clock: clock)
        let client = APIClient.testing(
            transport: transport, clock: clock, tokenProvider: InMemoryTokenProvider(token: token))
        let repository = LiveOrderRepository(
            client: client, clock: clock, logger: Logger(label: "t", handler: CapturingLogHandler()))
        return (transport, repository)
    }

    /// Issue 29's contract: every destination of the entry has snapshots, each under the screen name given here.
    @Test("every destination of the entry has a snapshot in each of its states at the four layouts")
    func everyDestinationHasSnapshots() {
        let screens = [
            CheckoutEntry.cartPattern: "Cart", CheckoutEntry.checkoutPattern: "Checkout",
            CheckoutEntry.ordersPattern: "Orders", CheckoutEntry.orderPattern: "OrderDetail",
        ]
        expectSnapshotCoverage(
            feature: CheckoutEntry.name, destinations: CheckoutDestination.patterns, screens: screens)
    }
}

import Checkout
import FeatureKit
import FeaturePreview
import Foundation
import Models
import TerminalUI

/// Every Checkout screen in its states, over preview data: the cart, each step of the checkout flow (each step is a
/// screen) and the offer to resume a draft, the order history and one order. No server: orders and card tokens come
/// from preview repositories, the cart, drafts and submissions from Checkout's tables in an in-memory database.
public enum CheckoutPreviews {
    /// The catalog `CheckoutPreview` shows.
    public static let catalog = PreviewCatalog(
        feature: "Checkout",
        screens: [cart] + CheckoutStep.allCases.map(step) + [resumeOffer, orders, order])

    // MARK: - Cart

    static let cart = PreviewScreen(
        "Cart", routes: [CheckoutEntry.cartPattern],
        states: [
            PreviewState("loaded") { try await cartView(lines: PreviewSamples.cartLines, $0) },
            PreviewState("empty") { try await cartView(lines: [], $0) },
            PreviewState("long") { try await cartView(lines: PreviewSamples.longCartLines, $0) },
            PreviewState("loading") { cartView(feature: unavailableCart(pending: true), $0) },
            PreviewState("error") { cartView(feature: unavailableCart(pending: false), $0) },
        ])

    @MainActor
    static func cartView(lines: [(ProductSummary, Int)], _ environment: PreviewEnvironment) async throws
        -> any TerminalView
    {
        let store = try PreviewStore()
        try await store.fill(lines)
        return cartView(feature: store.cart, environment)
    }

    @MainActor
    static func cartView(feature: CartFeature, _ environment: PreviewEnvironment) -> any TerminalView {
        let viewModel = CartViewModel(feature: feature, format: PreviewSamples.format)
        viewModel.onCheckout = { environment.report("open the checkout") }
        viewModel.send(.load)
        return CartView(viewModel: viewModel, theme: environment.theme, keyMap: .defaults)
    }

    @MainActor
    static func unavailableCart(pending: Bool) -> CartFeature {
        CartFeature(repository: UnavailableCartRepository(isPending: pending), logger: PreviewStore.makeLogger())
    }

    // MARK: - The checkout flow

    /// Step `step` of the flow, reached with the sample cart, address, the standard option and an invoice; the
    /// last step also while the order is on its way and after it failed offline.
    static func step(_ step: CheckoutStep) -> PreviewScreen {
        var states = [
            PreviewState("ready") { try await flowView(at: step, $0) }
        ]
        if step == .reviewCart {
            states.append(
                PreviewState("long") { try await flowView(at: step, lines: PreviewSamples.longCartLines, $0) })
            states.append(PreviewState("empty") { try await flowView(at: step, lines: [], $0) })
        }
        if step == .placeOrder {
            states.append(
                PreviewState("placing") { try await flowView(at: step, placement: .pending, place: true, $0) })
            states.append(
                PreviewState("offline") {
                    try await flowView(at: step, placement: .failure(.offline), place: true, $0)
                })
        }
        return PreviewScreen(
            "Checkout \(step.number) \(step.title)", routes: [CheckoutEntry.checkoutPattern], states: states)
    }

    @MainActor
    static func flowView(
        at target: CheckoutStep, lines: [(ProductSummary, Int)] = PreviewSamples.cartLines,
        placement: PreviewAnswer = .data, place: Bool = false, _ environment: PreviewEnvironment
    ) async throws -> any TerminalView {
        let store = try PreviewStore()
        try await store.fill(lines)
        let orders = PreviewOrderRepository(orders: [], placement: placement, now: environment.now)
        let coordinator = store.coordinator(orders: orders, now: environment.now)
        report(coordinator, to: environment)
        await walk(coordinator, to: target)
        if place {
            let placing = Task { await coordinator.placeOrder() }
            if case .failure = placement { _ = await placing.value }
        }
        return CheckoutFlowView(coordinator: coordinator, theme: environment.theme, keyMap: .defaults)
    }

    /// Starts `coordinator` and takes it forward to `target` with the sample address, the standard option and an
    /// invoice; it stops early at a step that cannot go on (an empty cart stays at the first).
    @MainActor
    static func walk(_ coordinator: CheckoutCoordinator, to target: CheckoutStep) async {
        await coordinator.start()
        while coordinator.step < target {
            switch coordinator.step {
            case .shippingAddress: coordinator.draft.address = PreviewSamples.address
            case .shippingOption: coordinator.draft.shippingOptionID = "standard"
            case .payment where coordinator.draft.paymentMethod == nil: coordinator.useInvoice()
            default: break
            }
            do {
                try await coordinator.advance()
            } catch {
                return
            }
        }
    }

    @MainActor
    static func report(_ coordinator: CheckoutCoordinator, to environment: PreviewEnvironment) {
        coordinator.onOrderPlaced = { environment.report("open order \($0)") }
        coordinator.onFinished = { environment.report("the checkout ended (\($0))") }
        coordinator.onSignInNeeded = { environment.report("sign in") }
    }

    /// A flow that starts over a confirmed draft whose placement failed offline (its outcome unknown; the server
    /// then has no order of that submission): it offers to resume the draft.
    static let resumeOffer = PreviewScreen(
        "Checkout resume offer", routes: [CheckoutEntry.checkoutPattern],
        states: [
            PreviewState("offer") { environment in
                let store = try PreviewStore()
                try await store.fill(PreviewSamples.cartLines)
                let failing = PreviewOrderRepository(orders: [], placement: .failure(.offline), now: environment.now)
                let first = store.coordinator(orders: failing, now: environment.now)
                await walk(first, to: .placeOrder)
                _ = await first.placeOrder()
                let again = store.coordinator(
                    orders: PreviewOrderRepository(orders: [], now: environment.now), now: environment.now)
                report(again, to: environment)
                await again.start()
                return CheckoutFlowView(coordinator: again, theme: environment.theme, keyMap: .defaults)
            }
        ])

    // MARK: - Orders

    static let orders = PreviewScreen(
        "Orders", routes: [CheckoutEntry.ordersPattern],
        states: [
            PreviewState("loaded") { historyView(count: 6, answer: .data, $0) },
            PreviewState("empty") { historyView(count: 0, answer: .data, $0) },
            PreviewState("long") { historyView(count: 60, answer: .data, $0) },
            PreviewState("loading") { historyView(count: 6, answer: .pending, $0) },
            PreviewState("offline") { historyView(count: 6, answer: .failure(.offline), $0) },
            PreviewState("signed out") { historyView(count: 6, answer: .failure(.signInRequired), $0) },
        ])

    @MainActor
    static func historyView(count: Int, answer: PreviewAnswer, _ environment: PreviewEnvironment) -> any TerminalView {
        let repository = PreviewOrderRepository(
            orders: PreviewSamples.orders(count: count, now: environment.now), answer: answer, now: environment.now)
        let viewModel = OrderHistoryViewModel(repository: repository, format: PreviewSamples.format, pageSize: 20)
        viewModel.onOpenOrder = { environment.report("open order \($0)") }
        viewModel.onSignInNeeded = { environment.report("sign in, then open the orders") }
        viewModel.send(.load)
        return OrderHistoryView(viewModel: viewModel, theme: environment.theme, keyMap: .defaults)
    }

    static let order = PreviewScreen(
        "Order", routes: [CheckoutEntry.orderPattern],
        states: [
            PreviewState("loaded") { detailView(id: "ord_1000", answer: .data, $0) },
            PreviewState("not found") { detailView(id: "ord_1", answer: .data, $0) },
            PreviewState("loading") { detailView(id: "ord_1000", answer: .pending, $0) },
            PreviewState("offline") { detailView(id: "ord_1000", answer: .failure(.offline), $0) },
        ])

    @MainActor
    static func detailView(id: OrderID, answer: PreviewAnswer, _ environment: PreviewEnvironment) -> any TerminalView {
        let repository = PreviewOrderRepository(
            orders: PreviewSamples.orders(count: 6, now: environment.now), answer: answer, now: environment.now)
        let viewModel = OrderDetailViewModel(
            orderID: id, order: nil, repository: repository, format: PreviewSamples.format)
        viewModel.onSignInNeeded = { environment.report("sign in, then open the order") }
        viewModel.send(.load)
        return OrderDetailView(viewModel: viewModel, theme: environment.theme, keyMap: .defaults)
    }
}

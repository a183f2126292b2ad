import DesignSystem
import Models
import TerminalUI
import Testing

@testable import Checkout

@MainActor
@Suite("Shipping option step", .timeLimit(.minutes(2)))
struct ShippingOptionViewModelTests {
    private func makeStep(express: Bool) async throws -> (CheckoutCoordinator, ShippingOptionViewModel) {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(at: .shippingOption, isExpressShippingEnabled: express)
        return (coordinator, try #require(coordinator.screen.shippingOption))
    }

    @Test("the options show their prices and delivery times; express only with the flag")
    func items() async throws {
        let (_, withExpress) = try await makeStep(express: true)
        #expect(withExpress.items.map(\.title) == ["Standard", "Express", "Pick-up point"])
        #expect(withExpress.items.map(\.detail) == ["€4.90 · 5 days", "€14.90 · 1 day", "€0.00 · 3 days"])
        let (_, withoutExpress) = try await makeStep(express: false)
        #expect(withoutExpress.items.map(\.id) == ["standard", "pickup"])
        #expect(
            !plainText(ShippingOptionView(viewModel: withoutExpress, theme: .ascii, keyMap: .defaults)).contains(
                "Express"))
    }

    @Test("the keys move the highlight and Enter chooses and goes on")
    func chooseWithKeys() async throws {
        let (coordinator, viewModel) = try await makeStep(express: true)
        let view = ShippingOptionView(viewModel: viewModel, theme: .unicode, keyMap: .defaults)
        #expect(viewModel.chosenIndex == nil)
        _ = view.handle(.init(.down))
        _ = view.handle(.init(.down))
        _ = view.handle(.init(.down))
        #expect(viewModel.highlightedIndex == 2)
        _ = view.handle(.init(.up))

        #expect(await viewModel.chooseHighlightedAndContinue())

        #expect(coordinator.draft.shippingOptionID == "express")
        #expect(coordinator.step == .payment)
    }

    @Test("a shipping price in another currency than the cart cannot go on")
    func mixedCurrencyShipping() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let dollars = [
            ShippingOption(id: "standard", title: "Standard", price: Money(amountMinor: 5, currency: .usd), days: 2)
        ]
        let coordinator = try await harness.coordinator(at: .shippingOption, shippingOptions: dollars)
        let viewModel = try #require(coordinator.screen.shippingOption)

        #expect(await viewModel.chooseHighlightedAndContinue() == false)
        #expect(viewModel.problem?.hasPrefix("The total cannot be computed") == true)
        #expect(coordinator.step == .shippingOption)
    }
}

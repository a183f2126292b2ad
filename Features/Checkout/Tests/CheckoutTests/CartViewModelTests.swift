import DesignSystem
import TerminalUI
import Testing

@testable import Checkout

@MainActor
@Suite("Cart screen", .timeLimit(.minutes(2)))
struct CartViewModelTests {
    @Test("never loaded, loaded empty and loaded with lines are told apart")
    func states() async throws {
        let harness = try Harness()
        let viewModel = CartViewModel(feature: harness.feature, format: Sample.format)
        #expect(!viewModel.isEmpty)
        #expect(viewModel.subtotal == nil)

        await viewModel.load()
        #expect(viewModel.isEmpty)
        #expect(
            plainText(CartView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)).contains("Your cart is empty"))

        try await harness.fillCart()
        #expect(!viewModel.isEmpty)
        #expect(viewModel.itemCountText == "3 items")
        #expect(viewModel.subtotal == "€896.93")
        #expect(viewModel.rows.map(\.title) == [Sample.harborLamp.title, Sample.weekendLamp.title])
    }

    @Test("the keys change quantities, remove lines and ask to check out")
    func keys() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let viewModel = CartViewModel(feature: harness.feature, format: Sample.format)
        var checkouts = 0
        viewModel.onCheckout = { checkouts += 1 }
        let view = CartView(viewModel: viewModel, theme: .unicode, keyMap: .defaults)

        #expect(view.handle(.character("q")) == .ignored)
        #expect(view.handle(.init(.down)) == .handled)
        #expect(viewModel.listState.selectedIndex == 1)
        await viewModel.increaseSelected()
        #expect(harness.feature.lines.map(\.quantity) == [1, 3])
        await viewModel.removeSelected()
        #expect(harness.feature.lines.map(\.productID) == ["sku_94"])
        #expect(view.handle(.init(.enter)) == .handled)
        #expect(checkouts == 1)

        try await harness.feature.removeAll()
        viewModel.checkout()
        #expect(checkouts == 1)
    }

    @Test("the view shows the lines, the subtotal and the hints within its size")
    func rendering() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let viewModel = CartViewModel(feature: harness.feature, format: Sample.format)
        let view = CartView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)
        let text = plainText(view, columns: 60, rows: 20)

        #expect(text.contains("Cart"))
        #expect(text.contains("3 items"))
        #expect(text.contains("[Low stock]"))
        #expect(text.contains("Subtotal: €896.93"))
        #expect(text.contains("enter checkout"))
        let lines = view.render(size: TerminalSize(columns: 60, rows: 20))
        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.width <= 60 })
    }
}

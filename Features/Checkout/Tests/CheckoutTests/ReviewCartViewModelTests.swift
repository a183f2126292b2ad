import DesignSystem
import TerminalUI
import Testing

@testable import Checkout

@MainActor
@Suite("Cart step", .timeLimit(.minutes(2)))
struct ReviewCartViewModelTests {
    @Test("the step shows the items, quantities and subtotal, and edits go to the cart and the draft")
    func editing() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator()
        await coordinator.start()
        let viewModel = try #require(coordinator.screen.reviewCart)
        #expect(viewModel.rows.map(\.quantityText) == ["1 × €322.95", "2 × €286.99"])
        #expect(viewModel.rows.map(\.lineTotal) == ["€322.95", "€573.98"])
        #expect(viewModel.rows.map(\.status) == [nil, .lowStock])
        #expect(viewModel.subtotal == "€896.93")
        let view = ReviewCartView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)

        _ = view.handle(.init(.down))
        await viewModel.increaseSelected()
        #expect(harness.feature.lines.map(\.quantity) == [1, 3])
        #expect(coordinator.draft.lines.map(\.quantity) == [1, 3])
        await viewModel.decreaseSelected()
        await viewModel.decreaseSelected()
        await viewModel.decreaseSelected()
        #expect(coordinator.draft.lines.map(\.quantity) == [1, 1])
        #expect(viewModel.notice == "Press x to remove Weekend Cork Lamp Limited Edition from the cart.")
        await viewModel.removeSelected()
        #expect(coordinator.draft.lines.map(\.productID) == ["sku_94"])
        #expect(try await harness.cartRepository.lines().map(\.productID) == ["sku_94"])
    }

    @Test("raising a quantity past 99 is refused with the cart's message")
    func quantityLimit() async throws {
        let harness = try Harness()
        try await harness.feature.add(Sample.harborLamp, quantity: 99)
        let coordinator = harness.makeCoordinator()
        await coordinator.start()
        let viewModel = try #require(coordinator.screen.reviewCart)

        await viewModel.increaseSelected()

        #expect(viewModel.notice == "A quantity must be between 1 and 99 (not 100).")
        #expect(coordinator.draft.lines.first?.quantity == 99)
    }

    @Test("an empty cart cannot go on; Escape cancels checkout")
    func emptyAndCancel() async throws {
        let harness = try Harness()
        let coordinator = harness.makeCoordinator()
        var ends: [CheckoutEnd] = []
        coordinator.onFinished = { ends.append($0) }
        await coordinator.start()
        let viewModel = try #require(coordinator.screen.reviewCart)

        #expect(await viewModel.continueToNextStep() == false)
        #expect(viewModel.notice == "Your cart is empty.")
        #expect(
            plainText(ReviewCartView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)).contains(
                "Your cart is empty"))

        await viewModel.cancel()
        #expect(ends == [.cancelled])
    }
}

import Checkout
import DesignSystem
import TerminalUI
import Testing

@MainActor
@Suite("Shipping address step")
struct ShippingAddressViewModelTests {
    private func makeStep() async throws -> (Harness, CheckoutCoordinator, ShippingAddressViewModel) {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(at: .shippingAddress)
        let viewModel = try #require(coordinator.screen.shippingAddress)
        return (harness, coordinator, viewModel)
    }

    @Test("an untouched form shows no messages; trying to go on shows one per field and focuses the first")
    func messagesPerField() async throws {
        let (_, coordinator, viewModel) = try await makeStep()
        #expect(AddressField.allCases.allSatisfy { viewModel.message(for: $0) == nil })
        viewModel.setText("Ada", for: .name)
        viewModel.setText("9999", for: .postalCode)
        viewModel.setText("DE", for: .country)
        viewModel.focus(.country)

        #expect(await viewModel.continueToNextStep() == false)

        #expect(coordinator.step == .shippingAddress)
        #expect(viewModel.message(for: .name) == nil)
        #expect(viewModel.message(for: .street) == "Enter the street and house number.")
        #expect(viewModel.message(for: .city) == "Enter the city.")
        #expect(viewModel.message(for: .postalCode) == "Enter a postal code like 10115 for Germany.")
        #expect(viewModel.message(for: .country) == nil)
        #expect(viewModel.focusedField == .street)
        #expect(viewModel.problem == "Please correct the highlighted fields.")
    }

    @Test("a field's message shows once the user leaves it")
    func messageAfterLeaving() async throws {
        let (_, _, viewModel) = try await makeStep()
        viewModel.setText("DE", for: .country)
        viewModel.focus(.postalCode)
        viewModel.setText("1", for: .postalCode)
        #expect(viewModel.message(for: .postalCode) == nil)
        viewModel.focusNext()
        #expect(viewModel.focusedField == .country)
        #expect(viewModel.message(for: .postalCode) == "Enter a postal code like 10115 for Germany.")
        #expect(viewModel.message(for: .street) == nil)
    }

    @Test("typing through the view fills the draft; a valid address goes on, normalized")
    func typingThroughTheView() async throws {
        let (harness, coordinator, viewModel) = try await makeStep()
        let view = ShippingAddressView(viewModel: viewModel, theme: .ascii)
        for value in ["Ada Lovelace", "Invalidenstrasse 1", "Berlin", "10115", "de "] {
            type(value, into: view)
            _ = view.handle(.init(.tab))
        }
        #expect(viewModel.focusedField == .name)
        #expect(viewModel.state(of: .city).text == "Berlin")

        #expect(await viewModel.continueToNextStep())

        #expect(coordinator.step == .shippingOption)
        #expect(coordinator.draft.address == Sample.address)
        #expect(try await harness.drafts.latest()?.address == Sample.address)
    }

    @Test("the view shows labels, the messages and the supported countries")
    func rendering() async throws {
        let (_, coordinator, viewModel) = try await makeStep()
        await viewModel.continueToNextStep()
        #expect(coordinator.step == .shippingAddress)
        let text = plainText(ShippingAddressView(viewModel: viewModel, theme: .ascii))
        for label in ["Name", "Street", "City", "Postal code", "Country"] {
            #expect(text.contains(label))
        }
        #expect(text.contains("Enter the recipient's name."))
        #expect(text.contains("Country codes we ship to: AT, BE"))
    }

    @Test("Escape goes back to the cart")
    func escapeGoesBack() async throws {
        let (_, coordinator, viewModel) = try await makeStep()
        #expect(ShippingAddressView(viewModel: viewModel, theme: .ascii).handle(.init(.escape)) == .handled)
        #expect(coordinator.step == .reviewCart)
    }
}

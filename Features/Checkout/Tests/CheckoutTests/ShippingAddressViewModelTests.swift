import DesignSystem
import TerminalUI
import Testing

@testable import Checkout

@MainActor
@Suite("Shipping address step", .timeLimit(.minutes(2)))
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
        #expect(viewModel.focusedField == .city, "in Germany the city follows the postal code")
        #expect(viewModel.message(for: .postalCode) == "Enter a postal code like 10115 for Germany.")
        #expect(viewModel.message(for: .street) == nil)
    }

    @Test("typing through the view fills the draft; a valid address goes on, normalized")
    func typingThroughTheView() async throws {
        let (harness, coordinator, viewModel) = try await makeStep()
        let view = ShippingAddressView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)
        #expect(viewModel.focusedField == .country, "the country comes first: it decides the order of the rest")
        for value in ["de ", "Ada Lovelace", "Invalidenstrasse 1", "10115", "Berlin"] {
            type(value, into: view)
            _ = view.handle(.init(.tab))
        }
        #expect(viewModel.focusedField == .country)
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
        let text = plainText(ShippingAddressView(viewModel: viewModel, theme: .ascii, keyMap: .defaults))
        for label in ["Name", "Street", "City", "Postal code", "Country"] {
            #expect(text.contains(label))
        }
        #expect(text.contains("Enter the recipient's name."))
        #expect(text.contains("Country codes we ship to: AT, BE"))
    }

    @Test("the form follows the country: GB puts the city before the postcode, DE the postal code first")
    func countryOrder() async throws {
        let (_, _, viewModel) = try await makeStep()
        #expect(viewModel.fields == [.country, .name, .street, .postalCode, .city])
        viewModel.setText("gb", for: .country)
        #expect(viewModel.fields == [.country, .name, .street, .city, .postalCode])
        let text = plainText(ShippingAddressView(viewModel: viewModel, theme: .ascii, keyMap: .defaults))
        let city = try #require(text.range(of: "City"))
        let postcode = try #require(text.range(of: "Postal code"))
        #expect(city.lowerBound < postcode.lowerBound)
        let london = ShippingAddress(
            name: "Ada", street: "1 Mall", city: "London", postalCode: "sw1a 1aa", country: "GB")
        #expect(london.displayLines == ["Ada", "1 Mall", "London", "SW1A 1AA", "GB"])
        #expect(Sample.address.displayLines == ["Ada Lovelace", "Invalidenstrasse 1", "10115 Berlin", "DE"])
    }

    @Test("Tab and Shift-Tab move between fields; Backspace at the start of a field edits nothing and stays")
    func tabAndBackspace() async throws {
        let (_, coordinator, viewModel) = try await makeStep()
        let view = ShippingAddressView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)
        #expect(view.handle(.init(.tab)) == .handled)
        #expect(viewModel.focusedField == .name)
        #expect(view.handle(KeyEvent(.tab, modifiers: .shift)) == .handled)
        #expect(viewModel.focusedField == .country)
        for _ in 0..<3 { #expect(view.handle(.init(.backspace)) == .handled) }
        #expect(coordinator.step == .shippingAddress)
        type("DEX", into: view)
        #expect(view.handle(.init(.backspace)) == .handled)
        #expect(viewModel.state(of: .country).text == "DE")
    }

    @Test("a field takes at most the API's 200 characters and says so")
    func fieldLimit() async throws {
        let (_, _, viewModel) = try await makeStep()
        let view = ShippingAddressView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)
        _ = view.handle(.init(.tab))
        type(String(repeating: "n", count: 250), into: view)
        #expect(viewModel.state(of: .name).count == 200)
        #expect(plainText(view, columns: 80, rows: 60).contains("Up to 200 characters"))
    }

    @Test("Escape goes back to the cart")
    func escapeGoesBack() async throws {
        let (_, coordinator, viewModel) = try await makeStep()
        #expect(
            ShippingAddressView(viewModel: viewModel, theme: .ascii, keyMap: .defaults).handle(.init(.escape))
                == .handled)
        #expect(coordinator.step == .reviewCart)
    }
}

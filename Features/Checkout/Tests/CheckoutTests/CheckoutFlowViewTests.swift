import DesignSystem
import TerminalUI
import Testing

@testable import Checkout

@MainActor
@Suite("Checkout flow view", .timeLimit(.minutes(2)))
struct CheckoutFlowViewTests {
    private let size = TerminalSize(columns: 80, rows: 30)

    /// A flow over a filled cart, on its address step, and its view.
    private func addressStep() async throws -> (CheckoutCoordinator, CheckoutFlowView) {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator()
        await coordinator.start()
        try await coordinator.advance()
        return (coordinator, CheckoutFlowView(coordinator: coordinator, theme: .unicode, keyMap: .defaults))
    }

    @Test("the heading names the step and the step's view renders below it")
    func headingAndStep() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator()
        await coordinator.start()
        let view = CheckoutFlowView(coordinator: coordinator, theme: .ascii, keyMap: .defaults)

        let text = view.render(size: size).map(\.plainText).joined(separator: "\n")

        #expect(text.contains("Checkout · Step 1 of 6"))
        #expect(text.contains("Your cart"))
        #expect(text.contains("Harbor Cork Lamp Limited Edition"))
        #expect(text.contains("Subtotal: €896.93"))
        #expect(view.render(size: size).count <= size.rows)
        #expect(view.render(size: size).allSatisfy { $0.width <= size.columns })
    }

    @Test("keys reach the step: typing fills the focused address field, Backspace edits it")
    func keysReachTheStep() async throws {
        let (coordinator, view) = try await addressStep()

        #expect(view.handle(.init(.tab)) == .handled, "from the country to the name")
        for character in "Ada" {
            #expect(view.handle(.character(character)) == .handled)
        }
        #expect(view.handle(.init(.backspace)) == .handled)
        #expect(view.handle(.character("a")) == .handled)
        #expect(view.handle(.init(.tab)) == .handled)

        #expect(coordinator.draft.address.name == "Ada")
        let text = view.render(size: size).map(\.plainText).joined(separator: "\n")
        #expect(text.contains("Shipping address"))
        #expect(text.contains("[Ada"))
    }

    @Test("an empty Country field shows a hint in the placeholder style, not a code that reads as typed")
    func countryPlaceholder() async throws {
        let (coordinator, view) = try await addressStep()
        let lines = view.render(size: size)
        let label = try #require(lines.firstIndex { $0.plainText.hasPrefix("Country") })
        let field = lines[label + 1]
        let hint = try #require(field.spans.first { $0.text.contains("DE") }, "\(field.plainText)")
        #expect(hint.text == "two letters, such as DE")
        #expect(hint.style.attributes.contains(.dim) && hint.style.attributes.contains(.italic))
        #expect(!field.plainText.hasPrefix("[ DE "), "a bare code reads as a value: \(field.plainText)")
        #expect(coordinator.draft.address.country.isEmpty, "the placeholder is no value")
    }

    @Test("Backspace on a step with no text leaves nothing: the step stays and the App never sees the key")
    func backspaceNeverLeaves() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator()
        await coordinator.start()
        let view = CheckoutFlowView(coordinator: coordinator, theme: .unicode, keyMap: .defaults)
        let step = coordinator.step
        #expect(view.handle(.init(.backspace)) == .handled)
        #expect(coordinator.step == step)
        #expect(view.keyHelp.contains(KeyHelpItem(key: "esc", action: "cancel")))
    }
}

import DesignSystem
import Primitives
import TerminalUI
import Testing

@testable import Checkout

@MainActor
@Suite("Payment step", .timeLimit(.minutes(2)))
struct PaymentViewModelTests {
    private func makeStep(token: String? = "token-ada") async throws -> (Harness, CheckoutCoordinator, PaymentViewModel)
    {
        let harness = try Harness(token: token)
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(at: .payment)
        return (harness, coordinator, try #require(coordinator.screen.payment))
    }

    private func fill(_ viewModel: PaymentViewModel, number: String, expiry: String, cvc: String) {
        viewModel.setText(number, for: .number)
        viewModel.setText(expiry, for: .expiry)
        viewModel.setText(cvc, for: .cvc)
    }

    /// Types a valid Visa test card through the view, field by field.
    private func typeCard(into view: PaymentView) {
        for text in ["4242424242424242", "04/30", "123"] {
            _ = view.handle(.init(.tab))
            type(text, into: view)
        }
    }

    @Test("an invalid card is checked on the device: messages per field, nothing sent")
    func invalidCardIsNotSent() async throws {
        let (harness, coordinator, viewModel) = try await makeStep()
        fill(viewModel, number: "4242 4242 4242 4241", expiry: "12/25", cvc: "12")

        #expect(await viewModel.continueToNextStep() == false)

        #expect(harness.transport.requests.isEmpty)
        #expect(viewModel.fieldMessages[.number] == "This card number is not valid; check the digits.")
        #expect(viewModel.fieldMessages[.expiry] == "This card has expired.")
        #expect(viewModel.fieldMessages[.cvc] == "The security code has 3 digits.")
        #expect(viewModel.focus == .card(.number))
        #expect(coordinator.step == .payment)
    }

    @Test("the card number shows only its last four digits, the security code nothing; Shift-Tab goes back")
    func maskedOnScreen() async throws {
        let (_, coordinator, viewModel) = try await makeStep()
        let view = PaymentView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)
        typeCard(into: view)
        let text = plainText(view)
        #expect(!text.contains("424242"))
        #expect(text.contains("************4242"))
        #expect(!text.contains("123"))
        #expect(text.contains("04/30"))
        #expect(view.handle(KeyEvent(.tab, modifiers: .shift)) == .handled)
        #expect(viewModel.focus == .card(.expiry))
        for _ in 0..<2 { _ = view.handle(KeyEvent(.tab, modifiers: .shift)) }
        #expect(viewModel.focus == .methods)
        #expect(view.handle(.init(.backspace)) == .ignored, "Backspace on the methods is not the step's")
        let flow = CheckoutFlowView(coordinator: coordinator, theme: .ascii, keyMap: .defaults)
        #expect(flow.handle(.init(.backspace)) == .handled, "the flow keeps it: Backspace on the methods does nothing")
        #expect(flow.keyHelp.contains { $0.key == "backspace" }, "\(flow.keyHelp)")
        #expect(coordinator.step == .payment)
    }

    @Test("a valid card is tokenized; the typed number is cleared and only the token is kept")
    func validCardIsTokenized() async throws {
        let (harness, coordinator, viewModel) = try await makeStep()
        harness.transport.enqueue(try Fixture.response("card_token"))
        let view = PaymentView(viewModel: viewModel, theme: .ascii, keyMap: .defaults)
        typeCard(into: view)

        #expect(await viewModel.continueToNextStep())

        #expect(coordinator.step == .review)
        let card = try #require(coordinator.draft.paymentMethod as? CardPayment)
        #expect(card.last4 == "4242")
        #expect(card.brand == "visa")
        #expect(viewModel.state(of: .number).text.isEmpty)
        #expect(viewModel.state(of: .cvc).text.isEmpty)
        #expect(coordinator.screen.review?.paymentSummary == "Visa ending in 4242")
    }

    @Test("the server's refusal of a field shows under that field")
    func serverRefusesAField() async throws {
        let (harness, coordinator, viewModel) = try await makeStep()
        harness.transport.enqueue(try Fixture.response("card_invalid", status: 422))
        fill(viewModel, number: "4242424242424242", expiry: "04/30", cvc: "123")

        #expect(await viewModel.continueToNextStep() == false)

        #expect(viewModel.fieldMessages[.expiry] == "The expiry date was not accepted.")
        #expect(viewModel.problem == "The expiry date was not accepted.")
        #expect(viewModel.state(of: .number).text == "4242424242424242")
        #expect(coordinator.step == .payment)
    }

    @Test("a declined card says so and offers the invoice")
    func declined() async throws {
        let (harness, coordinator, viewModel) = try await makeStep()
        harness.transport.enqueue(try Fixture.response("card_declined", status: 402))
        fill(viewModel, number: "4000000000000002", expiry: "04/30", cvc: "123")

        #expect(await viewModel.continueToNextStep() == false)
        #expect(viewModel.problem == "The card was declined. Try another card or pay by invoice.")

        viewModel.choose(.invoice)
        #expect(await viewModel.continueToNextStep())
        #expect(coordinator.draft.paymentMethod is InvoicePayment)
    }

    @Test("tokenizing while signed out asks for sign-in and keeps the step")
    func signInNeeded() async throws {
        let (harness, coordinator, viewModel) = try await makeStep(token: nil)
        var signIns = 0
        coordinator.onSignInNeeded = { signIns += 1 }
        fill(viewModel, number: "4242424242424242", expiry: "04/30", cvc: "123")

        #expect(await viewModel.continueToNextStep() == false)

        #expect(signIns == 1)
        #expect(viewModel.problem == "Sign in to continue.")
        #expect(harness.transport.requests.isEmpty)
        #expect(coordinator.step == .payment)
    }

    @Test("a card the draft already pays with is kept when the form is empty")
    func keepsTheSavedCard() async throws {
        let (harness, coordinator, viewModel) = try await makeStep()
        harness.transport.enqueue(try Fixture.response("card_token"))
        fill(viewModel, number: "4242424242424242", expiry: "04/30", cvc: "123")
        #expect(await viewModel.continueToNextStep())
        coordinator.goBack()
        let again = try #require(coordinator.screen.payment)
        #expect(again.savedCard == "Visa ending in 4242")
        #expect(
            plainText(PaymentView(viewModel: again, theme: .ascii, keyMap: .defaults)).contains(
                "Paying with Visa ending in 4242"))

        #expect(await again.continueToNextStep())
        #expect(harness.transport.requests.count == 1)
    }
    /// A step whose coordinator talks to strict doubles: no order repository at all, the payment repository only
    /// through `tokenizeCard`, the submission store only to read where submissions stand.
    private func makeStrictStep(
        tokenizeCard: (@Sendable (CardDetails) async throws -> CardPayment)? = nil
    ) async throws -> (CheckoutCoordinator, PaymentViewModel) {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = try await harness.coordinator(
            at: .payment, orders: StrictOrderRepository(),
            payments: StrictPaymentRepository(tokenizeCard: tokenizeCard),
            submissions: StrictSubmissionRepository(
                base: harness.submissions, allowed: [.placementMark, .openSubmission]))
        return (coordinator, try #require(coordinator.screen.payment))
    }

    @Test("an invalid card and then the invoice reach no payment or order repository on the way to the review")
    func invalidCardThenInvoiceReachNoRepository() async throws {
        let (coordinator, viewModel) = try await makeStrictStep()
        fill(viewModel, number: "4242 4242 4242 4241", expiry: "12/25", cvc: "12")

        #expect(await viewModel.continueToNextStep() == false)
        #expect(viewModel.fieldMessages[.number] == "This card number is not valid; check the digits.")

        coordinator.useInvoice()
        try await coordinator.advance()
        #expect(coordinator.step == .review)
        #expect(coordinator.draft.paymentMethod is InvoicePayment)
    }

    @Test("a valid card goes to the payment repository once, as typed, and only its answer is kept")
    func validCardGoesToTheRepositoryOnce() async throws {
        let cards = Locked([CardDetails]())
        let (coordinator, viewModel) = try await makeStrictStep { card in
            cards.withLock { $0.append(card) }
            return CardPayment(token: "tok_test", brand: "visa", last4: "4242")
        }
        fill(viewModel, number: "4242 4242 4242 4242", expiry: "04/30", cvc: "123")

        #expect(await viewModel.continueToNextStep())

        let sent = cards.withLock { $0 }
        #expect(sent.map(\.number) == ["4242424242424242"])
        #expect(sent.map(\.expiryMonth) == [4] && sent.map(\.cvc) == ["123"])
        #expect(coordinator.step == .review)
        #expect((coordinator.draft.paymentMethod as? CardPayment)?.token == "tok_test")
    }
}

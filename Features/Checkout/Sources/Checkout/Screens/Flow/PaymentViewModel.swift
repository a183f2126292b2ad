import DesignSystem
import FeatureKit
import Observation
import TerminalUI

/// Step 4: how to pay. A card is checked on the device (Luhn, expiry, CVC) and then tokenized by the server; only
/// the token, brand and last four digits are kept, and the typed number and code are cleared once it is. The view
/// edits a field's `TextFieldState` and hands it back with `update(_:for:)`; the model sees no key.
@MainActor
@Observable
public final class PaymentViewModel {
    /// The methods offered.
    public enum Choice: String, Hashable, Sendable, CaseIterable {
        /// Pay by card.
        case card
        /// Pay by invoice.
        case invoice

        /// `"Card"`, `"Invoice"`.
        public var title: String {
            switch self {
            case .card: "Card"
            case .invoice: "Invoice"
            }
        }
    }

    /// Where the keyboard is.
    public enum Focus: Hashable, Sendable {
        /// On the list of methods.
        case methods
        /// On a field of the card form.
        case card(CardField)
    }

    /// The chosen method.
    public private(set) var choice: Choice
    /// Where the keyboard is.
    public private(set) var focus = Focus.methods
    /// The message under each card field that is wrong.
    public private(set) var fieldMessages: [CardField: String] = [:]
    /// Whether the card is being tokenized.
    public private(set) var isTokenizing = false
    /// Why the flow could not go on last time, or nil.
    public private(set) var problem: String?

    private var cardFields: [CardField: TextFieldState] = [:]
    @ObservationIgnored private let draft: CheckoutDraft
    @ObservationIgnored private let useCard: @MainActor (String, String, String) async throws(PaymentStepError) -> Void
    @ObservationIgnored private let useInvoice: @MainActor () -> Void
    @ObservationIgnored private let advance: @MainActor () async throws(CheckoutStepError) -> Void
    @ObservationIgnored private let back: @MainActor () -> Void

    init(
        draft: CheckoutDraft,
        useCard: @escaping @MainActor (String, String, String) async throws(PaymentStepError) -> Void,
        useInvoice: @escaping @MainActor () -> Void,
        advance: @escaping @MainActor () async throws(CheckoutStepError) -> Void,
        back: @escaping @MainActor () -> Void
    ) {
        self.draft = draft
        self.choice = draft.paymentMethod is InvoicePayment ? .invoice : .card
        self.useCard = useCard
        self.useInvoice = useInvoice
        self.advance = advance
        self.back = back
    }

    /// The card the draft already pays with (`"Visa ending in 4242"`), or nil.
    public var savedCard: String? { (draft.paymentMethod as? CardPayment)?.summary }

    /// What the payment step asks of its view model.
    public enum Intent {
        /// Focus the next field.
        case focusNext
        /// Focus the previous field.
        case focusPrevious
        /// Choose a way to pay, and focus the choice.
        case choose(Choice)
        /// A card field's text changed to `state`.
        case edit(TextFieldState, CardField)
        /// Go on to the review, when the payment is valid.
        case continueToNextStep
        /// Back to shipping.
        case goBack
    }

    /// The step's one entry point: does `intent`, starting (and owning) the task of what waits.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .focusNext: focusNext()
        case .focusPrevious: focusPrevious()
        case .choose(let choice):
            choose(choice)
            setFocus(.methods)
        case .edit(let state, let field): update(state, for: field)
        case .continueToNextStep: return .started(Task { _ = await self.continueToNextStep() })
        case .goBack: goBack()
        }
        return .handled
    }

    /// The text and cursor of a card field.
    public func state(of field: CardField) -> TextFieldState {
        cardFields[field] ?? TextFieldState(maximumLength: field.maximumLength)
    }

    /// Chooses a method; choosing the card moves the focus to its first field.
    func choose(_ newChoice: Choice) {
        choice = newChoice
        problem = nil
        focus = newChoice == .card ? .card(.number) : .methods
    }

    /// Moves the focus to `newFocus`.
    func setFocus(_ newFocus: Focus) {
        focus = newFocus
    }

    /// Moves the focus to the next place: methods, then the card's fields (when paying by card), wrapping.
    func focusNext() {
        moveFocus(by: 1)
    }

    /// Moves the focus to the previous place (wrapping).
    func focusPrevious() {
        moveFocus(by: -1)
    }

    /// Replaces the text of a card field.
    public func setText(_ text: String, for field: CardField) {
        update(TextFieldState(text: text, maximumLength: field.maximumLength), for: field)
    }

    /// Takes a card field's state after an edit; clears the field's message when its text changed.
    func update(_ state: TextFieldState, for field: CardField) {
        if state.text != self.state(of: field).text { fieldMessages[field] = nil }
        cardFields[field] = state
    }

    /// Uses the chosen method and goes on to the review: for a card, the typed card is checked and tokenized first
    /// (a card the draft already pays with is kept when the form is empty).
    ///
    /// - Returns: Whether the flow moved on.
    @discardableResult
    func continueToNextStep() async -> Bool {
        guard !isTokenizing else { return false }
        problem = nil
        switch choice {
        case .invoice:
            useInvoice()
        case .card:
            let texts = CardField.allCases.map { state(of: $0).text }
            if savedCard == nil || texts.contains(where: { !$0.isEmpty }) {
                guard await tokenize(number: texts[0], expiry: texts[1], cvc: texts[2]) else { return false }
            }
        }
        let failure = await StepAttempt.run(advance)
        problem = failure?.message
        return failure == nil
    }

    /// Goes back to the shipping option.
    func goBack() { back() }

    private func moveFocus(by step: Int) {
        let order: [Focus] = [.methods] + (choice == .card ? CardField.allCases.map(Focus.card) : [])
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[(index + step + order.count) % order.count]
    }

    private func tokenize(number: String, expiry: String, cvc: String) async -> Bool {
        isTokenizing = true
        defer { isTokenizing = false }
        do throws(PaymentStepError) {
            try await useCard(number, expiry, cvc)
            cardFields = [:]
            fieldMessages = [:]
            return true
        } catch {
            switch error {
            case .invalidCard(let problems):
                fieldMessages = problems
                if let first = CardField.allCases.first(where: { problems[$0] != nil }) { focus = .card(first) }
            case .failed(let failure):
                problem = failure.message
                if case .cardInvalid(let field?, let message) = failure { fieldMessages[field] = message }
            case .cancelled:
                break
            }
            return false
        }
    }
}

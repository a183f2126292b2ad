import DesignSystem
import FeatureKit
import Observation
import TerminalUI

/// Step 2: the address form. Each field edits the draft's address; a field's message shows once the user has left
/// the field or tried to go on, so an untouched form is not covered in errors. The fields follow the country's
/// order (`AddressField.formOrder(forCountry:)`) and take at most `AddressField.maximumLength` characters each.
/// The view edits a field's `TextFieldState` and hands it back with `update(_:for:)`; the model sees no key.
@MainActor
@Observable
public final class ShippingAddressViewModel {
    /// The fields, in the order of the chosen country's addresses.
    public var fields: [AddressField] { AddressField.formOrder(forCountry: draft.address.country) }
    /// The field with the keyboard focus.
    public private(set) var focusedField = AddressField.country
    /// Why the flow could not go on last time, or nil.
    public private(set) var problem: String?

    /// The fields' editing states (cursor, limit note), kept while their text is the draft's.
    private var editing: [AddressField: TextFieldState] = [:]
    private var visited: Set<AddressField> = []
    private var triedToContinue = false
    @ObservationIgnored private let draft: CheckoutDraft
    @ObservationIgnored private let advance: @MainActor () async throws(CheckoutStepError) -> Void
    @ObservationIgnored private let back: @MainActor () -> Void

    init(
        draft: CheckoutDraft,
        advance: @escaping @MainActor () async throws(CheckoutStepError) -> Void,
        back: @escaping @MainActor () -> Void
    ) {
        self.draft = draft
        self.advance = advance
        self.back = back
    }

    /// `"Countries: AT, BE, CA, …"`: the countries shipped to.
    public var countryHint: String {
        "Country codes we ship to: " + PostalCodeFormat.supported.map(\.countryCode).joined(separator: ", ")
    }

    /// What the address step asks of its view model.
    public enum Intent {
        /// Focus the next field.
        case focusNext
        /// Focus the previous field.
        case focusPrevious
        /// The focused field's text changed to `state`.
        case edit(TextFieldState, AddressField)
        /// Go on to shipping, when the address is valid.
        case continueToNextStep
        /// Back to the cart.
        case goBack
    }

    /// The step's one entry point: does `intent`, starting (and owning) the task of what waits.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .focusNext: focusNext()
        case .focusPrevious: focusPrevious()
        case .edit(let state, let field): update(state, for: field)
        case .continueToNextStep: return .started(Task { _ = await self.continueToNextStep() })
        case .goBack: goBack()
        }
        return .handled
    }

    /// The text and cursor of `field`.
    public func state(of field: AddressField) -> TextFieldState {
        let text = draft.address[field]
        if let kept = editing[field], kept.text == text { return kept }
        return TextFieldState(text: text, maximumLength: AddressField.maximumLength)
    }

    /// The message to show under `field`, or nil.
    public func message(for field: AddressField) -> String? {
        guard triedToContinue || visited.contains(field) else { return nil }
        return AddressValidation.problem(with: field, in: draft.address)
    }

    /// Replaces the text of `field`.
    public func setText(_ text: String, for field: AddressField) {
        update(TextFieldState(text: text, maximumLength: AddressField.maximumLength), for: field)
    }

    /// Takes `field`'s state after an edit (its text goes into the draft).
    func update(_ state: TextFieldState, for field: AddressField) {
        editing[field] = state
        draft.address[field] = state.text
    }

    /// Moves the focus to `field`, counting the field it leaves as visited.
    public func focus(_ field: AddressField) {
        visited.insert(focusedField)
        focusedField = field
    }

    /// Moves the focus to the next field (wrapping).
    func focusNext() {
        let index = fields.firstIndex(of: focusedField) ?? 0
        focus(fields[(index + 1) % fields.count])
    }

    /// Moves the focus to the previous field (wrapping).
    func focusPrevious() {
        let index = fields.firstIndex(of: focusedField) ?? 0
        focus(fields[(index + fields.count - 1) % fields.count])
    }

    /// Goes on to the shipping option when the address is valid; otherwise shows every field's message and focuses
    /// the first field with a problem.
    ///
    /// - Returns: Whether the flow moved on.
    @discardableResult
    func continueToNextStep() async -> Bool {
        triedToContinue = true
        let failure = await StepAttempt.run(advance)
        if case .invalidAddress(let problems) = failure, let first = fields.first(where: { problems[$0] != nil }) {
            focusedField = first
        }
        problem = failure?.message
        return failure == nil
    }

    /// Goes back to the cart.
    func goBack() { back() }
}

import DesignSystem
import Observation
import TerminalUI

/// Step 2: the address form. Each field edits the draft's address; a field's message shows once the user has left
/// the field or tried to go on, so an untouched form is not covered in errors.
@MainActor
@Observable
public final class ShippingAddressViewModel {
    /// The fields, in form order.
    public let fields = AddressField.allCases
    /// The field with the keyboard focus.
    public private(set) var focusedField = AddressField.name
    /// Why the flow could not go on last time, or nil.
    public private(set) var problem: String?

    private var cursors: [AddressField: Int] = [:]
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

    /// The text and cursor of `field`.
    public func state(of field: AddressField) -> TextFieldState {
        TextFieldState(text: draft.address[field], cursor: cursors[field])
    }

    /// The message to show under `field`, or nil.
    public func message(for field: AddressField) -> String? {
        guard triedToContinue || visited.contains(field) else { return nil }
        return AddressValidation.problem(with: field, in: draft.address)
    }

    /// Replaces the text of `field`.
    public func setText(_ text: String, for field: AddressField) {
        draft.address[field] = text
        cursors[field] = nil
    }

    /// Edits the focused field with a key; `.ignored` for keys that are not editing keys.
    public func edit(_ key: KeyEvent) -> KeyHandling {
        var state = state(of: focusedField)
        let handling = state.handle(key)
        if handling == .handled {
            draft.address[focusedField] = state.text
            cursors[focusedField] = state.cursor
        }
        return handling
    }

    /// Moves the focus to `field`, counting the field it leaves as visited.
    public func focus(_ field: AddressField) {
        visited.insert(focusedField)
        focusedField = field
    }

    /// Moves the focus to the next field (wrapping).
    public func focusNext() {
        let index = fields.firstIndex(of: focusedField) ?? 0
        focus(fields[(index + 1) % fields.count])
    }

    /// Moves the focus to the previous field (wrapping).
    public func focusPrevious() {
        let index = fields.firstIndex(of: focusedField) ?? 0
        focus(fields[(index + fields.count - 1) % fields.count])
    }

    /// Goes on to the shipping option when the address is valid; otherwise shows every field's message and focuses
    /// the first field with a problem.
    ///
    /// - Returns: Whether the flow moved on.
    @discardableResult
    public func continueToNextStep() async -> Bool {
        triedToContinue = true
        let failure = await StepAttempt.run(advance)
        if case .invalidAddress(let problems) = failure, let first = fields.first(where: { problems[$0] != nil }) {
            focusedField = first
        }
        problem = failure?.message
        return failure == nil
    }

    /// Goes back to the cart.
    public func goBack() { back() }
}

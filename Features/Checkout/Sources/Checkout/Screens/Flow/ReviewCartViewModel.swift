import DesignSystem
import FeatureKit
import Observation
import TerminalUI

/// Step 1: the cart's items, quantities and subtotal, editable, with the products the server reported out of stock
/// marked.
@MainActor
@Observable
public final class ReviewCartViewModel {
    /// Why the flow could not go on last time, or nil.
    public private(set) var problem: String?

    @ObservationIgnored private let draft: CheckoutDraft
    @ObservationIgnored private let format: DisplayFormat
    @ObservationIgnored private let cartError: @MainActor () -> CartError?
    @ObservationIgnored private let advance: @MainActor () async throws(CheckoutStepError) -> Void
    @ObservationIgnored private let cancelAction: @MainActor () async -> Void
    @ObservationIgnored let editor: CartLineEditor

    init(
        draft: CheckoutDraft,
        feature: CartFeature,
        format: DisplayFormat,
        syncLines: @escaping @MainActor () -> Void,
        advance: @escaping @MainActor () async throws(CheckoutStepError) -> Void,
        cancel: @escaping @MainActor () async -> Void
    ) {
        self.draft = draft
        self.format = format
        self.cartError = { [feature] in feature.error }
        self.advance = advance
        self.cancelAction = cancel
        self.editor = CartLineEditor(feature: feature, lines: { [draft] in draft.lines }, didChange: syncLines)
    }

    /// The lines, out-of-stock ones marked.
    public var rows: [CartLineRow] {
        CartLineRow.rows(draft.lines, outOfStock: draft.outOfStockProductIDs, format: format)
    }

    /// The subtotal; nil for an empty cart.
    public var subtotal: String? { CartLineRow.subtotal(draft.lines, format: format) }

    /// A notice about marked lines, the cart's store, or the last refused change; nil when there is none.
    public var notice: String? {
        if let problem { return problem }
        if let message = editor.message { return message }
        if let error = cartError() { return error.description }
        let marked = draft.outOfStockLines.map(\.title)
        guard !marked.isEmpty else { return nil }
        return "Not in stock in that quantity: \(marked.joined(separator: ", ")). Lower the quantity or remove them."
    }

    /// The selection and scroll position.
    public var listState: ListState { editor.listState }

    /// What the cart review step asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Go on to the address.
        case continueToNextStep
        /// Leave the flow.
        case cancel
        /// One more of the selected line.
        case increaseSelected
        /// One fewer of the selected line.
        case decreaseSelected
        /// Remove the selected line.
        case removeSelected
    }

    /// The step's one entry point: does `intent` in a task it starts (and owns).
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .continueToNextStep: .started(Task { _ = await self.continueToNextStep() })
        case .cancel: .started(Task { await self.cancel() })
        case .increaseSelected: .started(Task { await self.increaseSelected() })
        case .decreaseSelected: .started(Task { await self.decreaseSelected() })
        case .removeSelected: .started(Task { await self.removeSelected() })
        }
    }

    /// Goes on to the shipping address, or says why it cannot.
    ///
    /// - Returns: Whether the flow moved on.
    @discardableResult
    func continueToNextStep() async -> Bool {
        let failure = await StepAttempt.run(advance)
        problem = failure?.message
        return failure == nil
    }

    /// Leaves checkout (the saved draft is deleted).
    func cancel() async { await cancelAction() }

    /// Adds one to the selected line.
    func increaseSelected() async { await editor.increaseSelected() }

    /// Takes one from the selected line.
    func decreaseSelected() async { await editor.decreaseSelected() }

    /// Removes the selected line.
    func removeSelected() async { await editor.removeSelected() }
}

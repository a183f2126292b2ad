import FeatureKit
import Observation

/// Step 5: everything the order will be, in `Money` written for the user: lines, shipping, total, address and
/// payment. Confirming creates the submission and places the order.
@MainActor
@Observable
public final class OrderReviewViewModel {
    /// Why the order could not be confirmed last time, or nil.
    public private(set) var problem: String?
    /// Whether the confirmation is running.
    public private(set) var isConfirming = false

    @ObservationIgnored private let draft: CheckoutDraft
    @ObservationIgnored private let option: ShippingOption?
    @ObservationIgnored private let format: DisplayFormat
    @ObservationIgnored private let confirmAction: @MainActor () async throws(CheckoutStepError) -> Void
    @ObservationIgnored private let editAction: @MainActor (CheckoutStep) -> Void

    init(
        draft: CheckoutDraft,
        option: ShippingOption?,
        format: DisplayFormat,
        confirm: @escaping @MainActor () async throws(CheckoutStepError) -> Void,
        edit: @escaping @MainActor (CheckoutStep) -> Void
    ) {
        self.draft = draft
        self.option = option
        self.format = format
        self.confirmAction = confirm
        self.editAction = edit
    }

    /// The lines.
    public var lines: [PricedLine] {
        draft.lines.map { line in
            PricedLine(
                title: line.title,
                quantity: "\(line.quantity)",
                unitPrice: format.money(line.unitPrice),
                lineTotal: (try? line.lineTotal()).map(format.money) ?? "—"
            )
        }
    }

    /// The items' subtotal.
    public var subtotal: String { totals.map { format.money($0.subtotal) } ?? "—" }

    /// `"Standard (5 days)"`.
    public var shippingTitle: String {
        guard let option else { return "No shipping option" }
        return "\(option.title) (\(option.days == 1 ? "1 day" : "\(option.days) days"))"
    }

    /// The shipping price.
    public var shippingPrice: String { option.map { format.money($0.price) } ?? "—" }

    /// The total the order is placed with (the server's, after a price change).
    public var total: String {
        guard let option, let total = try? draft.expectedTotal(shipping: option) else { return "—" }
        return format.money(total)
    }

    /// After `409 price_changed`: the new total and the one the user saw, to confirm again; nil otherwise.
    public var priceNotice: String? {
        guard let quoted = draft.quotedTotal else { return nil }
        let previous = totals.map { " (it was \(format.money($0.total)))" } ?? ""
        return "Prices changed: the total is now \(format.money(quoted))\(previous). Confirm to order at the new total."
    }

    /// The address, one line per part.
    public var addressLines: [String] {
        return draft.address.displayLines
    }

    /// How the order is paid, such as `"Visa ending in 4242"`.
    public var paymentSummary: String { draft.paymentMethod?.summary ?? "No payment method" }

    /// What the review step asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Confirm the review and go on to sending.
        case confirm
        /// Go back to `step` to change it.
        case edit(CheckoutStep)
    }

    /// The step's one entry point: does `intent`, starting (and owning) the task of what waits.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .confirm:
            return .started(Task { _ = await self.confirm() })
        case .edit(let step):
            edit(step)
            return .handled
        }
    }

    /// Confirms the order and places it.
    ///
    /// - Returns: Whether the confirmation went through (the placement's outcome is the next step's to show).
    @discardableResult
    func confirm() async -> Bool {
        guard !isConfirming else { return false }
        isConfirming = true
        defer { isConfirming = false }
        let failure = await StepAttempt.run(confirmAction)
        problem = failure?.message
        return failure == nil
    }

    /// Goes back to an earlier step to change it.
    func edit(_ step: CheckoutStep) { editAction(step) }

    private var totals: OrderTotals? {
        option.flatMap { try? draft.totals(shipping: $0) }
    }
}

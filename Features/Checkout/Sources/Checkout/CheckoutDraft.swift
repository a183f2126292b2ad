import Foundation
import Models
import Observation

/// The state of one checkout flow: what the user chose at each step, and the submission id once they confirmed.
///
/// The flow's `CheckoutCoordinator` creates it, owns it and hands it to each step's view model; nothing else keeps
/// it, so it goes away with the coordinator when the flow ends. Steps change it; only the last step sends it (as an
/// order). Changing anything that goes into the order (lines, address, shipping option, payment) after the review
/// step was confirmed drops the submission id, so the next confirmation starts a new submission with a new key.
@MainActor
@Observable
public final class CheckoutDraft {
    /// The flow's id: the draft is saved under it.
    public let flowID: String

    /// The lines being checked out, taken from the cart.
    public private(set) var lines: [CartLine] = []

    /// The shipping address as entered.
    public var address = ShippingAddress() {
        didSet { if address != oldValue { invalidateSubmission() } }
    }

    /// The id of the chosen shipping option, or nil.
    public var shippingOptionID: String? {
        didSet {
            if shippingOptionID != oldValue {
                quotedTotal = nil
                invalidateSubmission()
            }
        }
    }

    /// The chosen payment method, or nil. A card is set only once the server has tokenized it.
    public var paymentMethod: (any PaymentMethod)? {
        didSet {
            let unchanged = paymentMethod.map { $0.isSame(as: oldValue) } ?? (oldValue == nil)
            if !unchanged { invalidateSubmission() }
        }
    }

    /// The submission id, created when the user confirms the review step and sent as `Idempotency-Key` and
    /// `client_id` on every attempt to place this order; nil before the confirmation and after a change.
    public private(set) var submissionID: String?

    /// The total the server quoted in a `409 price_changed` answer (`details.current_total`); the next
    /// confirmation agrees to it. Nil when there was none or the lines or shipping changed since.
    public private(set) var quotedTotal: Money?

    /// Products the server reported out of stock; a mark goes when its line changes or is removed.
    public private(set) var outOfStockProductIDs: Set<ProductID> = []

    /// Creates an empty draft for the flow `flowID`.
    public init(flowID: String) {
        self.flowID = flowID
    }

    /// Restores a saved draft. A payment method that cannot be restored (a method this version does not know) is
    /// left out, so the user chooses again.
    public init(restoring saved: SavedCheckoutDraft) {
        flowID = saved.flowID
        lines = saved.lines
        address = saved.address
        shippingOptionID = saved.shippingOptionID
        paymentMethod = saved.paymentMethod.flatMap {
            try? PaymentMethods.restore(method: $0, storedFields: saved.paymentFields)
        }
        submissionID = saved.submissionID
        quotedTotal = saved.quotedTotal
        outOfStockProductIDs = Set(saved.outOfStockProductIDs)
    }

    /// The lines' items, all quantities added up.
    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }

    /// The lines the server reported out of stock and that have not changed since.
    public var outOfStockLines: [CartLine] { lines.filter { outOfStockProductIDs.contains($0.productID) } }

    /// The totals of the lines with `shipping`.
    ///
    /// - Throws: `MoneyError` for mixed currencies or an overflow.
    public func totals(shipping: ShippingOption) throws(MoneyError) -> OrderTotals {
        try OrderTotals(lines: lines, shipping: shipping)
    }

    /// The total the order is placed with: the server's quoted total after a price change, else the computed one.
    ///
    /// - Throws: `MoneyError` for mixed currencies or an overflow.
    public func expectedTotal(shipping: ShippingOption) throws(MoneyError) -> Money {
        if let quotedTotal { return quotedTotal }
        return try totals(shipping: shipping).total
    }

    // MARK: - Changes the coordinator makes

    /// Takes the cart's lines. When they differ, the submission and quoted total go, and so do the out-of-stock
    /// marks of lines that changed.
    func replaceLines(_ newLines: [CartLine]) {
        guard newLines != lines else { return }
        let unchanged = Set(newLines.filter { lines.contains($0) }.map(\.productID))
        outOfStockProductIDs.formIntersection(unchanged)
        lines = newLines
        quotedTotal = nil
        invalidateSubmission()
    }

    /// Starts a submission with `id` (the user confirmed the review step).
    func startSubmission(id: String) {
        submissionID = id
    }

    /// The server quoted `currentTotal`: the user must confirm again, which starts a new submission.
    func applyPriceChange(currentTotal: Money) {
        quotedTotal = currentTotal
        invalidateSubmission()
    }

    /// The server reported `productIDs` out of stock: they are marked until their lines change.
    func markOutOfStock(_ productIDs: [ProductID]) {
        outOfStockProductIDs.formUnion(productIDs)
        invalidateSubmission()
    }

    /// Drops the submission (the server refused its key for another body).
    func invalidateSubmission() {
        submissionID = nil
    }

    /// The draft as saved, to resume at `step`.
    func saved(step: CheckoutStep, at date: Date) -> SavedCheckoutDraft {
        SavedCheckoutDraft(
            flowID: flowID,
            step: step,
            savedAt: date,
            lines: lines,
            address: address,
            shippingOptionID: shippingOptionID,
            paymentMethod: paymentMethod?.method,
            paymentFields: paymentMethod?.storedFields ?? [:],
            submissionID: submissionID,
            quotedTotal: quotedTotal,
            outOfStockProductIDs: outOfStockProductIDs.sorted { $0.rawValue < $1.rawValue }
        )
    }
}

import Models

/// Why the flow cannot go on from the current step: what the user must fix first.
public enum CheckoutStepError: Error, Hashable, Sendable {
    /// The cart has no lines.
    case emptyCart
    /// The cart cannot be read (its store is unavailable).
    case cartUnavailable(CartError)
    /// These products were reported out of stock and their lines have not changed.
    case outOfStock(titles: [String])
    /// The address has these problems, one message per field.
    case invalidAddress([AddressField: String])
    /// No shipping option (of those offered) is chosen.
    case noShippingOption
    /// No payment method is chosen.
    case noPaymentMethod
    /// The total cannot be computed (mixed currencies, an overflow).
    case totalUnavailable(String)
    /// The flow is not at a step that can go on (not started, finished, or at the last step).
    case notAvailable
    /// Another action of the flow is still running.
    case busy

    /// One sentence for the user.
    public var message: String {
        switch self {
        case .emptyCart: "Your cart is empty."
        case .cartUnavailable(let error): error.description
        case .outOfStock(let titles):
            "Not in stock in that quantity: \(titles.joined(separator: ", ")). Change or remove these items."
        case .invalidAddress: "Please correct the highlighted fields."
        case .noShippingOption: "Choose a shipping option."
        case .noPaymentMethod: "Choose how to pay."
        case .totalUnavailable(let reason): "The total cannot be computed: \(reason)."
        case .notAvailable: "This step cannot go on right now."
        case .busy: "Please wait a moment."
        }
    }
}

/// Why a card could not be used as the payment method.
public enum PaymentStepError: Error, Hashable, Sendable {
    /// The card form has problems, one message per field (checked before anything is sent).
    case invalidCard([CardField: String])
    /// The tokenization request failed.
    case failed(CheckoutError)
    /// The request was cancelled (never shown as an error).
    case cancelled
}

/// How a checkout flow ended.
public enum CheckoutEnd: Hashable, Sendable {
    /// The order was placed; the saved draft is deleted and the ordered quantities left the cart.
    case placed(OrderID)
    /// The user cancelled; the saved draft is deleted.
    case cancelled
}

/// Where placing the order stands (the last step).
public enum PlacementState: Hashable, Sendable {
    /// Not sent in this step yet (just confirmed, or resumed).
    case notStarted
    /// The request is on its way (possibly being repeated after a lost answer, with the same key).
    case placing
    /// The server created the order.
    case placed(Order)
    /// It did not go through; the draft is kept.
    case failed(PlacementFailure)
}

/// Where a placed order came from.
public enum PlacementOrigin: Hashable, Sendable {
    /// This flow's own submission.
    case thisCheckout
    /// An earlier submission of the account whose outcome was unknown: reconciling found its order.
    case earlierSubmission
    /// Another checkout of the same cart (another process) placed it: while this one waited, or just before this
    /// one claimed (it had resumed that checkout's draft, or read the cart before that order took the lines out).
    case anotherCheckout
}

/// Why placing the order did not go through. The draft is kept in every case.
public enum PlacementFailure: Error, Hashable, Sendable {
    /// The total changed (`409 price_changed`): the draft now holds `current`, and the user must confirm again.
    case priceChanged(previous: Money?, current: Money)
    /// Some products are not in stock in the quantities asked (`409 out_of_stock`); their lines are marked.
    case outOfStock(productIDs: [ProductID])
    /// The user must sign in; retrying afterwards sends the same submission.
    case signInRequired
    /// The connection failed, the server is in trouble, or its answer could not be read or understood; nothing is
    /// known about the order, so retrying sends the same submission (the server creates at most one order).
    case connection(CheckoutError)
    /// The server refused the submission's key for a changed body: the user must confirm again.
    case needsConfirmation
    /// The server refused the order for another reason.
    case rejected(CheckoutError)
    /// Another checkout of this account (another process) is placing an order for a different cart, or did not
    /// finish within its claim; nothing was sent.
    case inProgressElsewhere
    /// An earlier submission (`clientID`) of this account may have gone through (its outcome is unknown and the
    /// server has no order for it yet), and `changes` differ from it ("the items", "the shipping address", …):
    /// nothing was sent. `CheckoutCoordinator.startOver()` sends a new submission, at the risk that the earlier
    /// order still arrives.
    case earlierOutcomeUnknown(clientID: String, changes: [String])
    /// The account's submission could not be recorded on this device, so nothing was sent.
    case submissionUnavailable(SubmissionStoreError)
    /// The cart no longer holds what this flow was about to order (it was changed elsewhere since the flow read
    /// it), and no other checkout ordered the same: nothing was sent; the flow is back at the cart.
    case cartChanged

    /// Whether "try again" sends the same submission.
    public var canRetry: Bool {
        switch self {
        case .connection, .signInRequired: true
        default: false
        }
    }

    /// The API-style code of the failure for `--json` and exit reports (`price_changed`, `checkout_in_progress`,
    /// `checkout_outcome_unknown`, …).
    public var code: String {
        switch self {
        case .priceChanged: "price_changed"
        case .outOfStock: "out_of_stock"
        case .signInRequired: "unauthorized"
        case .connection(let error), .rejected(let error): error.code
        case .needsConfirmation: "idempotency_key_reused"
        case .inProgressElsewhere: "checkout_in_progress"
        case .earlierOutcomeUnknown: "checkout_outcome_unknown"
        case .submissionUnavailable: "store_unavailable"
        case .cartChanged: "cart_changed"
        }
    }

    /// One sentence for the user.
    public var message: String {
        switch self {
        case .priceChanged: "Prices have changed since you reviewed your order. Please check the new total."
        case .outOfStock: "Some items are not in stock in the quantity you chose. Your cart is marked."
        case .signInRequired: "Please sign in to place your order. Your checkout is kept."
        case .connection(let error):
            error.message + " Your order may or may not have gone through; trying again will not order twice."
        case .needsConfirmation: CheckoutError.submissionReused.message
        case .rejected(let error): error.message
        case .inProgressElsewhere: "A checkout for this cart is already in progress."
        case .earlierOutcomeUnknown(_, let changes):
            "An earlier order may still go through: its outcome is unknown, and since then "
                + Self.list(changes) + (changes.count == 1 ? " has" : " have")
                + " changed. Starting over places a new order, and the earlier one may still arrive."
        case .submissionUnavailable(let error): error.description
        case .cartChanged: "Your cart changed while you were checking out. Please review it before ordering."
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "nothing" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

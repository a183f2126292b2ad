import Models
import Networking

/// Why a request of the checkout failed, in the terms the flow acts on. Repositories map `APIError` to these once;
/// cancellation is never one of them (a cancelled call throws `CancellationError`).
public enum CheckoutError: Error, Hashable, Sendable {
    /// The user must sign in (401, or no session for a call that needs one).
    case signInRequired
    /// The server could not be reached, or the connection broke; nothing is known about the outcome.
    case offline
    /// The answer did not arrive whole (the connection dropped, the body was cut short or over the cap) or TLS
    /// failed: said as such, naming the server's `host:port` and with its own code (`TransferInterruption`).
    case interrupted(TransferInterruption)
    /// The server took too long; nothing is known about the outcome.
    case timedOut
    /// The server failed (5xx) or asked to slow down (429); worth trying again later.
    case serverUnavailable
    /// `409 price_changed`: the order's total is now `currentTotal` (the contract's `details.current_total`).
    case priceChanged(currentTotal: Money)
    /// `409 out_of_stock`: these products are not in stock in the quantities asked (`details.product_ids`).
    case outOfStock(productIDs: [ProductID])
    /// `422 card_invalid`: the server rejected a card field (`details.field`: number, expiry, CVC) with `message`.
    case cardInvalid(field: CardField?, message: String)
    /// `402 card_declined`: the card was refused.
    case cardDeclined
    /// `422 idempotency_key_reused`: the submission's key was used with another body; a new submission is needed.
    case submissionReused
    /// The thing asked for does not exist (404), such as another user's order.
    case notFound
    /// The server refused the request as invalid (another 4xx); `message` is the server's reason, shown after the
    /// sentence.
    case rejected(code: String, message: String)
    /// An answer that could not be understood, or a request that could not be built (a bug); for diagnostics.
    case unexpected(String)

    /// Whether the same request may succeed if sent again: connectivity, timeouts and server trouble. An interrupted
    /// answer counts as connectivity (the outcome of an order sent is unknown) except one over the size cap, as when
    /// these were reported as offline and unexpected.
    public var isRetryable: Bool {
        switch self {
        case .offline, .timedOut, .serverUnavailable: true
        case .interrupted(let interruption): interruption.kind != .responseTooLarge
        default: false
        }
    }

    /// Whether an order request that ended with this error may still have placed the order, so its submission must
    /// stay `unknown` (the next run repeats it with the same idempotency key and the server answers with the order it
    /// made, if any) instead of `failed` (which lets a new submission, with a new key, place a second order). Only an
    /// answer that says no order was made closes a submission: every retryable failure, any interrupted answer (one
    /// over the size cap included: the server answered, and its answer was not read) and an answer that could not be
    /// understood leave it open.
    public var mayHavePlacedOrder: Bool {
        switch self {
        case .interrupted, .unexpected: true
        default: isRetryable
        }
    }

    /// One sentence for the user: Networking's sentence for a failure every feature shares
    /// (`APIError.Category.userMessage`, an interruption's `sentence` naming `host:port`), the checkout's own for the
    /// rest; a rejection carries the server's reason.
    public var message: String {
        switch self {
        case .signInRequired: APIError.Category.unauthorized.userMessage
        case .offline: APIError.Category.offline.userMessage
        case .interrupted(let interruption): interruption.sentence
        case .timedOut: APIError.Category.timeout.userMessage
        case .serverUnavailable: APIError.Category.server.userMessage
        case .priceChanged(let total): "The total has changed to \(total)."
        case .outOfStock: "Some items are not in stock in the quantity you chose."
        case .cardInvalid(_, let message): message
        case .cardDeclined: "The card was declined. Try another card or pay by invoice."
        case .submissionReused: "Your order changed since it was confirmed. Please confirm it again."
        case .notFound: APIError.Category.notFound.userMessage
        case .rejected(_, let reason): APIError.userMessage(for: .invalidInput, reason: reason)
        case .unexpected: APIError.Category.unexpected.userMessage
        }
    }
}

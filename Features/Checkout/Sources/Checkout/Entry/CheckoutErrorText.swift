import FeatureKit

extension CheckoutError: UserFacingError {
    /// The message with the API's error code: `the price changed (price_changed)`.
    public var userFacingDescription: String { "\(message) (\(code))" }

    /// The same as `code`.
    public var errorCode: String { code }

    /// The API's error code behind the error (or the kind of failure when none was sent; an interruption's own code,
    /// such as `connection_dropped`).
    public var code: String {
        switch self {
        case .signInRequired: "unauthorized"
        case .offline: "offline"
        case .interrupted(let interruption): interruption.code
        case .timedOut: "timeout"
        case .serverUnavailable: "unavailable"
        case .priceChanged: "price_changed"
        case .outOfStock: "out_of_stock"
        case .cardInvalid: "card_invalid"
        case .cardDeclined: "card_declined"
        case .submissionReused: "idempotency_key_reused"
        case .notFound: "not_found"
        case .rejected(let code, _): code
        case .unexpected: "unexpected"
        }
    }
}

extension CartError: UserFacingError {
    /// The description, with the store's reason when the local store cannot be used; a full disk as FeatureKit
    /// words it, naming the file.
    public var userFacingDescription: String {
        switch self {
        case .storeUnavailable(_, let full?): return full.description
        case .storeUnavailable(let reason, nil): return "\(description) The local store cannot be used: \(reason)"
        default: return description
        }
    }

    /// `disk_full` for a full disk, `store_unavailable` when the local store cannot be used otherwise,
    /// `cart_rejected` for a change the cart refuses.
    public var errorCode: String {
        switch self {
        case .storeUnavailable(_, .some): DiskFull.code
        case .storeUnavailable: "store_unavailable"
        default: "cart_rejected"
        }
    }
}

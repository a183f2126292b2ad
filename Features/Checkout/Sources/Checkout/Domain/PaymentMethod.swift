/// A way to pay for an order. Each method is its own type (`CardPayment`, `InvoicePayment`); adding a method means
/// adding a type that conforms and listing it in `PaymentMethods.all`.
///
/// A method says what goes into the order request's `payment` object (the API contract: `{"method": "card",
/// "card_token": "…"}` or `{"method": "invoice"}`) and what is kept with a saved draft to restore it. Only what the
/// server issued is kept (a card's token, brand and last four digits), never a card number.
public protocol PaymentMethod: Sendable {
    /// The contract's `payment.method` value, such as `"card"`.
    static var method: String { get }

    /// What the user sees, such as `"Visa ending in 4242"` or `"Invoice"`.
    var summary: String { get }

    /// The fields of the order request's `payment` object besides `method`, with their wire names
    /// (`["card_token": "card_tok_…"]`); empty for a method without fields.
    var requestFields: [String: String] { get }

    /// What a saved draft keeps to restore the method (`requestFields` and whatever the summary needs).
    var storedFields: [String: String] { get }

    /// Restores the method from `storedFields`.
    ///
    /// - Throws: `PaymentMethodError.missingField` when a field it needs is absent.
    init(storedFields: [String: String]) throws(PaymentMethodError)
}

extension PaymentMethod {
    /// The method's contract value (`Self.method`), from an instance.
    public var method: String { Self.method }

    /// Whether `other` is the same method with the same fields.
    public func isSame(as other: (any PaymentMethod)?) -> Bool {
        guard let other else { return false }
        return other.method == method && other.storedFields == storedFields
    }
}

/// Why a stored payment method could not be restored.
public enum PaymentMethodError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field the method needs is not stored.
    case missingField(method: String, field: String)
    /// No known type has this `method` value.
    case unknownMethod(String)

    /// One sentence naming the method and field.
    public var description: String {
        switch self {
        case .missingField(let method, let field): "the stored \(method) payment lacks \(field)"
        case .unknownMethod(let method): "unknown payment method \"\(method)\""
        }
    }
}

/// The payment methods this version knows, for restoring saved drafts.
public enum PaymentMethods {
    /// Every method type, in the order the payment step offers them.
    public static let all: [any PaymentMethod.Type] = [CardPayment.self, InvoicePayment.self]

    /// Restores a method from its `method` value and stored fields.
    ///
    /// - Throws: `PaymentMethodError.unknownMethod` for a method no type has; the type's own error otherwise.
    public static func restore(method: String, storedFields: [String: String]) throws(PaymentMethodError)
        -> any PaymentMethod
    {
        guard let type = all.first(where: { $0.method == method }) else { throw .unknownMethod(method) }
        return try type.init(storedFields: storedFields)
    }
}

/// Paying by card: the token the server's tokenization endpoint (`POST /v1/payment-methods/card`) issued for the card,
/// with the brand and last four digits to show. The number, expiry and CVC are never kept (see `CardDetails`).
public struct CardPayment: PaymentMethod, Hashable {
    /// `"card"`.
    public static let method = "card"

    /// The token to send as `card_token`.
    public let token: String
    /// The card brand as the server names it (`"visa"`, `"mastercard"`, `"amex"`, `"discover"`, `"unknown"`).
    public let brand: String
    /// The last four digits of the number.
    public let last4: String

    /// Creates a card payment from the tokenization answer.
    public init(token: String, brand: String, last4: String) {
        self.token = token
        self.brand = brand
        self.last4 = last4
    }

    /// `"Visa ending in 4242"`.
    public var summary: String {
        let name: String =
            switch brand {
            case "visa": "Visa"
            case "mastercard": "Mastercard"
            case "amex": "American Express"
            case "discover": "Discover"
            default: "Card"
            }
        return "\(name) ending in \(last4)"
    }

    /// `["card_token": token]`.
    public var requestFields: [String: String] { ["card_token": token] }

    /// The token, brand and last four digits.
    public var storedFields: [String: String] { ["card_token": token, "brand": brand, "last4": last4] }

    /// Restores a card payment.
    ///
    /// - Throws: `PaymentMethodError.missingField` without `card_token`.
    public init(storedFields: [String: String]) throws(PaymentMethodError) {
        guard let token = storedFields["card_token"], !token.isEmpty else {
            throw .missingField(method: Self.method, field: "card_token")
        }
        self.init(token: token, brand: storedFields["brand"] ?? "unknown", last4: storedFields["last4"] ?? "????")
    }
}

/// Paying by invoice: no fields; the order is billed afterwards.
public struct InvoicePayment: PaymentMethod, Hashable {
    /// `"invoice"`.
    public static let method = "invoice"

    /// Creates the invoice method.
    public init() {}

    /// `"Invoice"`.
    public var summary: String { "Invoice" }

    /// No fields.
    public var requestFields: [String: String] { [:] }

    /// No fields.
    public var storedFields: [String: String] { [:] }

    /// The invoice method; it needs nothing stored.
    public init(storedFields: [String: String]) throws(PaymentMethodError) {}
}

import Foundation
import Logging
import Models
import Networking

/// The one place where `APIError` becomes `CheckoutError` (the repositories call it for every failure).
enum APIErrorMapping {
    /// Rethrows `error` as the flow sees it: `CancellationError` as it is, an `APIError` as a `CheckoutError`,
    /// anything else as `CheckoutError.unexpected`.
    static func checkoutError(from error: any Error, logger: Logger, operation: String) -> any Error {
        if error is CancellationError { return error }
        guard let apiError = error as? APIError else {
            logger.error("\(operation) failed", metadata: ["error": "\(error)"])
            return CheckoutError.unexpected(String(describing: error))
        }
        let mapped = map(apiError)
        switch mapped {
        case .unexpected, .rejected:
            logger.error("\(operation) failed", metadata: ["error": "\(apiError)"])
        default:
            logger.info("\(operation) failed", metadata: ["error": "\(apiError)"])
        }
        return mapped
    }

    /// The checkout's view of an API failure.
    static func map(_ error: APIError) -> CheckoutError {
        let decoder = APIJSON.makeDecoder()
        switch error {
        case .http(409, let body, _) where body.code == "price_changed":
            guard let details = try? body.decodeDetails(PriceChangedDetailsDTO.self, using: decoder) else {
                return .unexpected("price_changed without a readable details.current_total")
            }
            return .priceChanged(currentTotal: details.currentTotal)
        case .http(409, let body, _) where body.code == "out_of_stock":
            let details = try? body.decodeDetails(OutOfStockDetailsDTO.self, using: decoder)
            return .outOfStock(productIDs: details?.productIds ?? [])
        case .http(422, let body, _) where body.code == "card_invalid":
            let field = (try? body.decodeDetails(CardInvalidDetailsDTO.self, using: decoder))?.field
            return .cardInvalid(field: cardField(field), message: cardMessage(field))
        case .http(422, let body, _)
        where body.code == "validation_failed"
            && (try? body.decodeDetails(CardInvalidDetailsDTO.self, using: decoder))?.field == "payment.card_token":
            // The server keeps a card token for 15 minutes and for one order only (the API contract).
            return .cardInvalid(field: nil, message: cardTokenMessage)
        case .http(402, let body, _) where body.code == "card_declined":
            return .cardDeclined
        case .http(422, let body, _) where body.code == "idempotency_key_reused":
            return .submissionReused
        case .interrupted(let interruption):
            return .interrupted(interruption)
        case .http(_, let body, _):
            return fromCategory(error, code: body.code, message: body.message)
        default:
            return fromCategory(error, code: "", message: error.description)
        }
    }

    private static func fromCategory(_ error: APIError, code: String, message: String) -> CheckoutError {
        switch error.category {
        case .offline, .cancelled: return .offline
        case .timeout: return .timedOut
        case .unauthorized: return .signInRequired
        case .server, .rateLimited: return .serverUnavailable
        case .notFound: return .notFound
        case .forbidden, .conflict, .invalidInput: return .rejected(code: code, message: message)
        case .unexpected: return .unexpected(error.description)
        }
    }

    /// What the user hears when the order's card token expired or was used by another order.
    static let cardTokenMessage =
        "The card's single-use token has expired (tokens last 15 minutes) or was used already; enter the card again."

    private static func cardField(_ field: String?) -> CardField? {
        switch field {
        case "number": .number
        case "exp_month", "exp_year": .expiry
        case "cvc": .cvc
        default: nil
        }
    }

    private static func cardMessage(_ field: String?) -> String {
        switch cardField(field) {
        case .number: "The card number was not accepted."
        case .expiry: "The expiry date was not accepted."
        case .cvc: "The security code was not accepted."
        case nil: "The card was not accepted."
        }
    }
}

import Foundation
import Models
import Networking

/// How a product's availability reads on screen: a label and a tone the view turns into a colour.
public struct AvailabilityLabel: Hashable, Sendable {
    /// What the tone of the label says.
    public enum Tone: Hashable, Sendable {
        /// Can be bought now.
        case positive
        /// Can be bought, with a caveat (few left, not released yet).
        case caution
        /// Cannot be bought now.
        case negative
        /// Not known.
        case neutral
    }

    /// The label: `In stock`, `Only a few left`, `Out of stock`, `Pre-order`, `Availability unknown`.
    public let text: String
    /// The tone.
    public let tone: Tone

    /// The label of `availability`; a value this version does not know reads `Availability unknown`.
    public init(_ availability: Availability) {
        switch availability {
        case .inStock: (text, tone) = ("In stock", .positive)
        case .lowStock: (text, tone) = ("Only a few left", .caution)
        case .outOfStock: (text, tone) = ("Out of stock", .negative)
        case .preorder: (text, tone) = ("Pre-order", .caution)
        case .unknown: (text, tone) = ("Availability unknown", .neutral)
        }
    }
}

/// The formatting rules both screens share, for one locale.
struct ProductFormat {
    let locale: Locale

    /// The price in the locale's currency format: `€1,299.00` (en_US).
    func price(_ money: Money) -> String {
        money.formatted(locale: locale)
    }

    /// A rating with one decimal in the locale: `4.5/5` (en_US), `4,5/5` (de_DE).
    func rating(_ rating: Double) -> String {
        rating.formatted(.number.precision(.fractionLength(1)).locale(locale)) + "/5"
    }

    /// A count with the locale's grouping: `1,234` (en_US).
    func count(_ count: Int) -> String {
        count.formatted(.number.locale(locale))
    }

    /// What to tell the user about `error`, for an operation described by `failedTo` (`Couldn't search.`).
    static func message(for error: SearchError, failedTo: String) -> String {
        let reason: String
        switch error {
        case .savedProductsUnavailable(_, let network) where network != nil:
            reason = "You're offline, and saved products can't be opened."
        case .savedProductsUnavailable:
            reason = "Saved products can't be opened."
        case .diskFull(let full, _):
            reason = full.sentence
        case .productNotSaved:
            reason = "You're offline, and this product isn't saved on this device."
        case .api(let failure):
            reason = failure.userMessage
        case .unexpected:
            reason = APIError.Category.unexpected.userMessage
        }
        return "\(failedTo) \(reason)"
    }

    /// The retry hint shared by both screens.
    static let retryHint = "Press ctrl-r to retry"
}

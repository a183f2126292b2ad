import FeatureKit
import Foundation
import Models

/// A cart line as `--json` prints it.
struct CartLineOutput: Encodable {
    let productId: String
    let title: String
    let quantity: Int
    let unitPrice: Money

    init(_ line: CartLine) {
        productId = line.productID.rawValue
        title = line.title
        quantity = line.quantity
        unitPrice = line.unitPrice
    }
}

/// The cart as `--json` prints it.
struct CartOutput: Encodable {
    let lines: [CartLineOutput]
    let subtotal: Money?
}

/// The checkout command's options, checked before anything is sent.
struct CheckoutForm {
    /// A card as typed.
    struct Card {
        let number: String
        let expiry: String
        let cvc: String
    }

    let address: ShippingAddress
    let shipping: String
    let card: Card?
    let confirmed: Bool
    let startOver: Bool

    /// Reads the options.
    ///
    /// - Throws: `UsageError` naming the missing options, or card options that do not fit the payment method.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let required = ["--name", "--street", "--city", "--postal-code", "--country", "--shipping", "--payment"]
        let missing = required.filter { (arguments.value($0) ?? "").isEmpty }
        guard missing.isEmpty else {
            throw UsageError("'checkout' needs " + missing.joined(separator: ", "))
        }
        func value(_ name: String) -> String { arguments.value(name) ?? "" }
        // The address is printed on order screens and labels: one line of plain text per field, refused here.
        func field(_ name: String) throws(UsageError) -> String {
            try UsageError.requirePlainText(
                value(name), field: name, kind: "an address field is one line of plain text")
        }
        address = ShippingAddress(
            name: try field("--name"), street: try field("--street"), city: try field("--city"),
            postalCode: try field("--postal-code"), country: try field("--country"))
        shipping = value("--shipping")
        confirmed = arguments.has("--yes")
        startOver = arguments.has("--start-over")
        let cardOptions = ["--card-number", "--card-expiry", "--card-cvc"]
        switch value("--payment") {
        case "invoice":
            if let given = cardOptions.first(where: { arguments.value($0) != nil }) {
                throw UsageError("option '\(given)' goes with '--payment card'")
            }
            card = nil
        case "card":
            let missingCard = cardOptions.filter { (arguments.value($0) ?? "").isEmpty }
            guard missingCard.isEmpty else {
                throw UsageError("'--payment card' needs " + missingCard.joined(separator: ", "))
            }
            card = Card(number: value("--card-number"), expiry: value("--card-expiry"), cvc: value("--card-cvc"))
        case let other:
            throw UsageError("invalid payment method '\(other)' (expected card or invoice)")
        }
    }
}

/// An order as `--json` prints it (the API's field names).
struct OrderOutput: Encodable {
    struct Item: Encodable {
        let productId: String
        let title: String
        let quantity: Int
        let unitPrice: Money
    }

    let id: String
    let clientId: String
    let status: String
    let items: [Item]
    let shippingOption: String
    let total: Money
    let placedAt: Date
    /// For a checkout's order: `this_checkout`, `earlier_submission` (an unknown outcome that turned out placed) or
    /// `another_checkout` (a concurrent run placed it); absent elsewhere.
    let placedBy: String?

    init(_ order: Order, origin: PlacementOrigin? = nil) {
        id = order.id.rawValue
        clientId = order.clientID
        status = order.status.label.lowercased()
        items = order.items.map {
            Item(productId: $0.productID.rawValue, title: $0.title, quantity: $0.quantity, unitPrice: $0.unitPrice)
        }
        shippingOption = order.shippingOptionID
        total = order.total
        placedAt = order.placedAt
        placedBy =
            switch origin {
            case .thisCheckout: "this_checkout"
            case .earlierSubmission: "earlier_submission"
            case .anotherCheckout: "another_checkout"
            case nil: nil
            }
    }
}

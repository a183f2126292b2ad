import Foundation
import Models

/// The body of `POST /v1/orders` (DESIGN.md, "API contract").
struct OrderRequest: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        let productID: WireID
        let quantity: Int

        enum CodingKeys: String, CodingKey {
            case quantity
            case productID = "product_id"
        }
    }

    struct Address: Codable, Sendable, Hashable {
        let name: String
        let street: String
        let city: String
        let postalCode: String
        let country: String

        enum CodingKeys: String, CodingKey {
            case name, street, city, country
            case postalCode = "postal_code"
        }
    }

    struct Payment: Decodable, Sendable {
        let method: String
        let cardToken: String?

        enum CodingKeys: String, CodingKey {
            case method
            case cardToken = "card_token"
        }
    }

    let clientID: String
    let items: [Item]
    let shippingAddress: Address
    let shippingOption: String
    let payment: Payment
    let expectedTotal: Money

    enum CodingKeys: String, CodingKey {
        case items, payment
        case clientID = "client_id"
        case shippingAddress = "shipping_address"
        case shippingOption = "shipping_option"
        case expectedTotal = "expected_total"
    }

    /// The most lines an order may have, and the most of one product per order.
    static let maximumLines = 50
    static let maximumQuantity = 99

    /// Checks the values that need no data: every rule of the contract that the JSON shape cannot express.
    ///
    /// - Throws: `APIError` 422 `validation_failed` naming the field.
    func validate(currency: Currency) throws(APIError) {
        guard !RequestSupport.isBlank(clientID),
            RequestSupport.fits(clientID, scalars: 1...255, maximumBytes: 1020)
        else {
            throw .validationFailed("client_id", "client_id must be 1 to 255 Unicode scalars (at most 1020 bytes).")
        }
        guard !items.isEmpty, items.count <= Self.maximumLines else {
            throw .validationFailed("items", "An order needs 1 to \(Self.maximumLines) items.")
        }
        for (index, item) in items.enumerated() where !(1...Self.maximumQuantity).contains(item.quantity) {
            throw .validationFailed(
                "items[\(index)].quantity", "quantity must be 1 to \(Self.maximumQuantity), not \(item.quantity).")
        }
        let address: [(String, String)] = [
            ("name", shippingAddress.name), ("street", shippingAddress.street), ("city", shippingAddress.city),
            ("postal_code", shippingAddress.postalCode), ("country", shippingAddress.country),
        ]
        for (field, value) in address
        where RequestSupport.isBlank(value)
            || !RequestSupport.fits(value, scalars: 1...200, maximumBytes: 800)
        {
            throw .validationFailed(
                "shipping_address.\(field)",
                "shipping_address.\(field) must be 1 to 200 Unicode scalars (at most 800 bytes), not blank.")
        }
        guard expectedTotal.currency == currency else {
            throw .validationFailed(
                "expected_total.currency", "expected_total must be in \(currency.code), the store's currency.")
        }
        switch payment.method {
        case "card":
            guard let token = payment.cardToken, !token.isEmpty else {
                throw .validationFailed("payment.card_token", "A card payment needs card_token.")
            }
        case "invoice":
            break
        default:
            throw .validationFailed("payment.method", "payment.method must be \"card\" or \"invoice\".")
        }
    }

    /// The quantities per product, lines for the same product added up, in first-appearance order.
    var quantitiesByProduct: [(String, Int)] {
        var order: [String] = []
        var quantities: [String: Int] = [:]
        for item in items {
            if quantities[item.productID.value] == nil {
                order.append(item.productID.value)
            }
            quantities[item.productID.value, default: 0] += item.quantity
        }
        return order.map { ($0, quantities[$0] ?? 0) }
    }
}

import Foundation
import Models
import Networking

/// The body of `POST /v1/orders` (API contract): `client_id`, `items[{product_id, quantity}]`, `shipping_address`,
/// `shipping_option`, `payment` and `expected_total`. Encoded with `APIJSON.makeEncoder()` (snake_case keys, sorted),
/// so the same submission always sends the same bytes.
struct OrderRequestDTO: Encodable, Sendable, Hashable {
    struct Item: Encodable, Sendable, Hashable {
        let productId: ProductID
        let quantity: Int
    }

    struct Address: Encodable, Sendable, Hashable {
        let name: String
        let street: String
        let city: String
        let postalCode: String
        let country: String
    }

    let clientId: String
    let items: [Item]
    let shippingAddress: Address
    let shippingOption: String
    /// `{"method": "card", "card_token": "…"}` or `{"method": "invoice"}`: wire names already.
    let payment: [String: String]
    let expectedTotal: Money
}

/// The contract's `Order`, tolerant of what the server may leave out.
struct OrderDTO: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        let productId: ProductID
        let title: String?
        let quantity: Int
        let unitPrice: Money
        let lineTotal: Money?
    }

    struct Address: Decodable, Sendable {
        let name: String
        let street: String
        let city: String
        let postalCode: String
        let country: String
    }

    struct Shipping: Decodable, Sendable {
        let option: String
        let price: Money
        let address: Address?
    }

    struct Payment: Decodable, Sendable {
        let method: String
        let brand: String?
        let last4: String?
    }

    let id: OrderID
    let clientId: String?
    let status: String
    let items: LossyArray<Item>
    let shipping: Shipping?
    let payment: Payment?
    let total: Money
    let placedAt: Date
}

/// `GET /v1/orders`: `{"orders": [Order], "next_cursor": "…" | null}`.
struct OrderPageDTO: Decodable, Sendable {
    let orders: LossyArray<OrderDTO>
    let nextCursor: String?
}

/// `details` of `409 price_changed`: `{"current_total": Money}`.
struct PriceChangedDetailsDTO: Decodable, Sendable {
    let currentTotal: Money
}

/// `details` of `409 out_of_stock`: `{"product_ids": [id]}`.
struct OutOfStockDetailsDTO: Decodable, Sendable {
    let productIds: [ProductID]
}

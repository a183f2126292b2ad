import Foundation
import Models

/// An id as the API sends it: a string, except that an id made only of digits (the messy records' numeric ids) is
/// sent as a JSON number. Decodes from either.
struct WireID: Codable, Sendable, Hashable {
    let value: String

    init(_ value: String) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            value = String(number)
        } else {
            value = try container.decode(String.self)
        }
    }

    /// Digits only, without a leading zero (which a number would lose).
    var isNumeric: Bool {
        !value.isEmpty && value.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (value == "0" || !value.hasPrefix("0"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if isNumeric, let number = Int64(value) {
            try container.encode(number)
        } else {
            try container.encode(value)
        }
    }
}

/// `Post` of the contract; missing optional values are left out.
struct PostPayload: JSONWritable, Sendable {
    let row: PostRow
    /// `http://host:port` of the request, which pictures under the API are linked from (`ImageLinks`).
    let origin: String?

    init(_ row: PostRow, origin: String?) {
        self.row = row
        self.origin = origin
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("author_name")
            writer.string(row.authorName)
            if let caption = row.caption {
                writer.key("caption")
                writer.string(caption)
            }
            writer.key("created_at")
            writer.string(row.createdAt)
            writer.key("id")
            writer.id(WireID(row.id))
            if let imageURL = row.imageURL {
                writer.key("image_url")
                writer.string(ImageLinks.wireValue(imageURL, origin: origin))
            }
            writer.key("kind")
            writer.string(row.kind)
            writer.key("like_count")
            writer.integer(row.likeCount)
            writer.key("liked_by_me")
            writer.bool(row.likedByMe)
            if let productID = row.productID {
                writer.key("product_id")
                writer.id(WireID(productID))
            }
        }
    }
}

/// `Product` of the contract (`description` only on the product route); missing optional values are left out.
struct ProductPayload: JSONWritable, Sendable {
    let row: ProductRow
    let currency: Currency
    let includesDescription: Bool
    /// `http://host:port` of the request, which pictures under the API are linked from (`ImageLinks`).
    let origin: String?

    init(_ row: ProductRow, currency: Currency, includeDescription: Bool, origin: String?) {
        self.row = row
        self.currency = currency
        self.includesDescription = includeDescription
        self.origin = origin
    }

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("availability")
            writer.string(row.shownAvailability)
            if includesDescription, let description = row.description {
                writer.key("description")
                writer.string(description)
            }
            writer.key("id")
            writer.id(WireID(row.id))
            if let imageURL = row.imageURL {
                writer.key("image_url")
                writer.string(ImageLinks.wireValue(imageURL, origin: origin))
            }
            writer.key("price")
            writer.money(Money(amountMinor: row.priceMinor, currency: currency))
            if let rating = row.rating {
                writer.key("rating")
                writer.number(rating)
            }
            writer.key("title")
            writer.string(row.title)
        }
    }
}

/// `{"post_id", "like_count", "liked_by_me"}`.
struct LikePayload: Encodable, Sendable {
    let postID: WireID
    let likeCount: Int
    let likedByMe: Bool

    enum CodingKeys: String, CodingKey {
        case postID = "post_id"
        case likeCount = "like_count"
        case likedByMe = "liked_by_me"
    }
}

/// The answer of `POST /v1/session`.
struct SessionPayload: Encodable, Sendable {
    struct User: Encodable, Sendable {
        let id: String
        let name: String
    }

    let token: String
    let user: User
    /// Seconds until the token expires.
    let expiresIn: Int64
    /// The server data set's id (`ServerStore.Preparation.instanceID`): user ids are unique only within it.
    let instanceID: String

    enum CodingKeys: String, CodingKey {
        case token, user
        case expiresIn = "expires_in"
        case instanceID = "instance_id"
    }
}

/// The answer of `GET /v1/session`: whose the token is, on which data set.
struct CurrentSessionPayload: Encodable, Sendable {
    let user: SessionPayload.User
    /// The server data set's id, as `SessionPayload.instanceID`.
    let instanceID: String

    enum CodingKeys: String, CodingKey {
        case user
        case instanceID = "instance_id"
    }
}

/// The answer of `POST /v1/payment-methods/card`.
struct CardTokenPayload: Encodable, Sendable {
    let token: String
    let brand: String
    let last4: String
}

/// One shipping option of `GET /v1/config`.
struct ShippingOptionPayload: Codable, Sendable, Hashable {
    let id: String
    let title: String
    let price: Money
    let days: Int
}

/// The answer of `GET /v1/config`.
struct ConfigPayload: Encodable, Sendable {
    let flags: [String: Bool]
    let shippingOptions: [ShippingOptionPayload]

    enum CodingKeys: String, CodingKey {
        case flags
        case shippingOptions = "shipping_options"
    }
}

/// `Order` of the contract, as stored and as sent.
struct OrderPayload: Codable, Sendable {
    struct Item: Codable, Sendable {
        let productID: WireID
        let title: String
        let quantity: Int
        let unitPrice: Money
        let lineTotal: Money

        enum CodingKeys: String, CodingKey {
            case title, quantity
            case productID = "product_id"
            case unitPrice = "unit_price"
            case lineTotal = "line_total"
        }
    }

    struct Shipping: Codable, Sendable {
        let option: String
        let price: Money
        let address: OrderRequest.Address
    }

    struct Payment: Codable, Sendable {
        let method: String
        let brand: String?
        let last4: String?
    }

    let id: String
    let clientID: String
    let status: String
    let items: [Item]
    let shipping: Shipping
    let payment: Payment
    let total: Money
    let placedAt: String

    enum CodingKeys: String, CodingKey {
        case id, status, items, shipping, payment, total
        case clientID = "client_id"
        case placedAt = "placed_at"
    }
}

/// A page of the signed-in user's orders.
struct OrderPagePayload: Encodable, Sendable {
    let orders: [OrderPayload]
    let nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case orders
        case nextCursor = "next_cursor"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(orders, forKey: .orders)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

/// A page of the feed.
struct FeedPagePayload: JSONWritable, Sendable {
    let posts: [PostPayload]
    let nextCursor: String?

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("next_cursor")
            if let nextCursor { writer.string(nextCursor) } else { writer.null() }
            writer.key("posts")
            writer.array(posts) { writer, post in post.write(to: &writer) }
        }
    }
}

/// A page of search results.
struct SearchPagePayload: JSONWritable, Sendable {
    let products: [ProductPayload]
    let total: Int
    /// Whether `total` is a lower bound (more matches than the server counts) rather than exact.
    let totalIsEstimate: Bool
    let offset: Int

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("offset")
            writer.integer(offset)
            writer.key("products")
            writer.array(products) { writer, product in product.write(to: &writer) }
            writer.key("total")
            writer.integer(total)
            writer.key("total_is_estimate")
            writer.bool(totalIsEstimate)
        }
    }
}

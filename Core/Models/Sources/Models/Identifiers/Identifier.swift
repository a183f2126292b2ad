/// A typed identifier: a server-assigned id string tagged with the kind of thing it names, so a `PostID` cannot be
/// passed where a `ProductID` is expected. `Tag` is a marker type that is never instantiated.
///
/// Codable as a JSON string. Decoding also accepts a JSON integer (servers send `"sku_12"` and `12` alike) and
/// keeps its decimal digits as the raw value, so `12` and `"12"` decode to the same identifier; encoding always
/// writes a string.
public struct Identifier<Tag>: Hashable, Sendable {
    /// The id exactly as the server spells it, such as `"sku_12"` or `"42"`.
    public let rawValue: String

    /// Wraps an id string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}

/// Marks an `Identifier` as naming a product of the catalog.
public enum ProductTag {}
/// Marks an `Identifier` as naming a post of the feed.
public enum PostTag {}
/// Marks an `Identifier` as naming a placed order.
public enum OrderTag {}
/// Marks an `Identifier` as naming a user account.
public enum UserTag {}

/// The id of a catalog product (the contract's `Product.id`, `product_id`).
public typealias ProductID = Identifier<ProductTag>
/// The id of a feed post (the contract's `Post.id`, `post_id`).
public typealias PostID = Identifier<PostTag>
/// The id of a placed order (the contract's `Order.id`).
public typealias OrderID = Identifier<OrderTag>
/// The id of a user account (the contract's `user.id`).
public typealias UserID = Identifier<UserTag>

extension Identifier: ExpressibleByStringLiteral {
    /// Creates an identifier from a literal: `let id: ProductID = "sku_12"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

extension Identifier: CustomStringConvertible {
    /// The raw id string.
    public var description: String { rawValue }
}

extension Identifier: Codable {
    /// Decodes an id from a JSON string or a JSON integer.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an empty string; `DecodingError.typeMismatch` for anything that
    ///   is neither a string nor an integer (a fractional number, a bool, null, an object).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            guard !string.isEmpty else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "an id must not be empty")
            }
            self.init(rawValue: string)
        } else if let number = try? container.decode(Int64.self) {
            self.init(rawValue: String(number))
        } else if let number = try? container.decode(UInt64.self) {
            self.init(rawValue: String(number))
        } else {
            throw DecodingError.typeMismatch(
                String.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected an id as a JSON string or integer"
                )
            )
        }
    }

    /// Encodes the id as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

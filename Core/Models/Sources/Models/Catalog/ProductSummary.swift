import Foundation

/// The product as Feed, Search and Checkout all show it: a list row, a tagged product in a post, a cart line.
///
/// Features map their own API DTOs to this value at their repository boundary (the contract's `Product` without
/// `description`); the App hands it from one feature to another.
public struct ProductSummary: Hashable, Sendable, Identifiable {
    /// The product's id.
    public let id: ProductID
    /// The display title.
    public let title: String
    /// The current unit price.
    public let price: Money
    /// Whether it can be bought now.
    public let availability: Availability
    /// The product image, or nil when the server sent none or a broken URL (see `ImageURL.parse(_:)`).
    public let imageURL: URL?
    /// The average customer rating on the contract's 0 to 5 scale, or nil when the product has none.
    public let rating: Double?

    /// Creates a summary; pass the server's image string through `ImageURL.parse(_:)` to get `imageURL`.
    public init(
        id: ProductID,
        title: String,
        price: Money,
        availability: Availability,
        imageURL: URL?,
        rating: Double? = nil
    ) {
        self.id = id
        self.title = title
        self.price = price
        self.availability = availability
        self.imageURL = imageURL
        self.rating = rating
    }
}

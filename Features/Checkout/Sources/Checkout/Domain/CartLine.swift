import Foundation
import Models

/// One line of the cart: a product as it was when added (title, unit price, availability, image) and how many of
/// it the user wants.
///
/// A plain value: the App reads a cart's lines with `CartFeature.allLines()` and hands them to another cart's
/// `CartFeature.merge(_:)` (the guest cart merging into the account's cart at sign-in). Codable with stable keys,
/// money as integer minor units (`{"amount_minor": 129900, "currency": "EUR"}`).
public struct CartLine: Hashable, Sendable, Identifiable, Codable {
    /// The product's id; a cart holds at most one line per product.
    public let productID: ProductID
    /// The product's title when it was last added.
    public var title: String
    /// The price of one item when the product was last added.
    public var unitPrice: Money
    /// How many items: `Cart.quantityRange` (1 to 99).
    public var quantity: Int
    /// Whether the product could be bought when it was last added.
    public var availability: Availability
    /// The product image, or nil.
    public var imageURL: URL?

    /// The line's id: its product's id.
    public var id: ProductID { productID }

    /// Creates a line; `quantity` is checked by the cart that takes the line (`Cart.quantityRange`).
    public init(
        productID: ProductID,
        title: String,
        unitPrice: Money,
        quantity: Int,
        availability: Availability = .inStock,
        imageURL: URL? = nil
    ) {
        self.productID = productID
        self.title = title
        self.unitPrice = unitPrice
        self.quantity = quantity
        self.availability = availability
        self.imageURL = imageURL
    }

    /// A line for `product` with `quantity` items.
    public init(product: ProductSummary, quantity: Int) {
        self.init(
            productID: product.id,
            title: product.title,
            unitPrice: product.price,
            quantity: quantity,
            availability: product.availability,
            imageURL: product.imageURL
        )
    }

    /// The unit price times the quantity, exact in minor units.
    ///
    /// - Throws: `MoneyError.overflow` when the product does not fit in `Int64` minor units.
    public func lineTotal() throws(MoneyError) -> Money {
        try unitPrice * quantity
    }

    private enum CodingKeys: String, CodingKey {
        case productID = "product_id"
        case title
        case unitPrice = "unit_price"
        case quantity
        case availability
        case imageURL = "image_url"
    }
}

/// A line of an order as text: what the review step and the order detail show in their tables.
public struct PricedLine: Hashable, Sendable {
    /// The product's title.
    public let title: String
    /// `"2"`.
    public let quantity: String
    /// The unit price, such as `"€12.50"`.
    public let unitPrice: String
    /// The line total, such as `"€25.00"`.
    public let lineTotal: String

    /// Creates a line.
    public init(title: String, quantity: String, unitPrice: String, lineTotal: String) {
        self.title = title
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.lineTotal = lineTotal
    }
}

import Models

/// One cart line ready to show: the title, the quantity, the prices as text and whether it is marked.
public struct CartLineRow: Hashable, Sendable, Identifiable {
    /// The product.
    public let productID: ProductID
    /// The product's title.
    public let title: String
    /// `"2 × €12.50"`.
    public let quantityText: String
    /// The quantity.
    public let quantity: Int
    /// The line total, such as `"€25.00"`; `"—"` when it cannot be computed.
    public let lineTotal: String
    /// A short status to show beside the line (`"Out of stock"`, `"Low stock"`), or nil.
    public let status: LineStatus?

    /// The row's id: the product's id.
    public var id: ProductID { productID }

    /// A status shown beside a line.
    public enum LineStatus: Hashable, Sendable {
        /// The server reported the product out of stock in this quantity (a blocking problem).
        case outOfStock
        /// The product was low on stock when added (information).
        case lowStock
        /// The product is a preorder (information).
        case preorder

        /// The label, such as `"Out of stock"`.
        public var label: String {
            switch self {
            case .outOfStock: "Out of stock"
            case .lowStock: "Low stock"
            case .preorder: "Preorder"
            }
        }
    }

    /// The rows for `lines`, marking `outOfStock` products (and those that were out of stock when added).
    static func rows(_ lines: [CartLine], outOfStock: Set<ProductID>, format: DisplayFormat) -> [CartLineRow] {
        lines.map { line in
            let status: LineStatus? =
                if outOfStock.contains(line.productID) || line.availability == .outOfStock {
                    .outOfStock
                } else if line.availability == .lowStock {
                    .lowStock
                } else if line.availability == .preorder {
                    .preorder
                } else {
                    nil
                }
            return CartLineRow(
                productID: line.productID,
                title: line.title,
                quantityText: "\(line.quantity) × \(format.money(line.unitPrice))",
                quantity: line.quantity,
                lineTotal: (try? line.lineTotal()).map(format.money) ?? "—",
                status: status
            )
        }
    }

    /// The subtotal of `lines` as text, nil for no lines, `"—"` when it cannot be computed.
    static func subtotal(_ lines: [CartLine], format: DisplayFormat) -> String? {
        guard !lines.isEmpty else { return nil }
        return ((try? Cart(lines: lines).subtotal()) ?? nil).map(format.money) ?? "—"
    }
}

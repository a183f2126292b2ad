import Checkout
import Foundation
import Models

/// The preview's data: products, shipping options, an address and orders, all fixed, so every run shows the same.
/// The tests' samples take their shipping options and address from here.
public enum PreviewSamples {
    /// en_US in UTC, as the snapshot tests write money and dates.
    static let format = DisplayFormat(
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? TimeZone.current)

    /// Two lamps (the snapshot tests' cart): 1 × sku_94 in stock and 2 × sku_196, low stock.
    static let cartLines: [(ProductSummary, Int)] =
        [(product(94, "Harbor Cork Lamp Limited Edition", 32_295), 1)]
        + [(product(196, "Weekend Cork Lamp Limited Edition", 28_699, availability: .lowStock), 2)]

    /// 30 products, one each: more lines than a screen holds.
    static let longCartLines: [(ProductSummary, Int)] = (1...30).map { index in
        (
            product(
                1_000 + index, "\(adjectives[index % adjectives.count]) Linen Cushion No. \(index)", 1_990 + index * 137
            ), 1
        )
    }

    /// The sample server's shipping options (`config.json`).
    public static let shippingOptions = [
        ShippingOption(id: "standard", title: "Standard", price: Money(amountMinor: 490, currency: .eur), days: 5),
        ShippingOption(id: "express", title: "Express", price: Money(amountMinor: 1490, currency: .eur), days: 1),
        ShippingOption(id: "pickup", title: "Pick-up point", price: Money(amountMinor: 0, currency: .eur), days: 3),
    ]

    /// Where the orders go.
    public static let address = ShippingAddress(
        name: "Ada Lovelace", street: "Invalidenstrasse 1", city: "Berlin", postalCode: "10115", country: "DE")

    /// `count` orders, newest first, one a day before `now`, their statuses in turn confirmed, shipped, cancelled.
    static func orders(count: Int, now: Date) -> [Order] {
        let statuses: [OrderStatus] = [.confirmed, .shipped, .cancelled]
        return (0..<count).map { index in
            let quantity = index % 3 + 1
            let unit = Money(amountMinor: Int64(2_490 + index * 310), currency: .eur)
            let shipping = shippingOptions[index % 2]
            let line = Money(amountMinor: unit.amountMinor * Int64(quantity), currency: .eur)
            return Order(
                id: OrderID(rawValue: "ord_\(1_000 - index)"), clientID: "client-\(index)",
                status: statuses[index % statuses.count],
                items: [
                    OrderItem(
                        productID: ProductID(rawValue: "sku_\(200 + index)"),
                        title: "\(adjectives[index % adjectives.count]) Ceramic Vase", quantity: quantity,
                        unitPrice: unit, lineTotal: line)
                ], shippingOptionID: shipping.id, shippingPrice: shipping.price, shippingAddress: address,
                paymentSummary: index.isMultiple(of: 2) ? "Invoice" : "Visa ending in 4242",
                total: Money(amountMinor: line.amountMinor + shipping.price.amountMinor, currency: .eur),
                placedAt: now.addingTimeInterval(-Double(index + 1) * 86_400))
        }
    }

    private static let adjectives = ["Harbor", "Weekend", "Nordic", "Coastal", "Amber", "Quiet", "Field"]

    private static func product(
        _ number: Int, _ title: String, _ priceMinor: Int, availability: Availability = .inStock
    ) -> ProductSummary {
        ProductSummary(
            id: ProductID(rawValue: "sku_\(number)"), title: title,
            price: Money(amountMinor: Int64(priceMinor), currency: .eur),
            availability: availability, imageURL: nil)
    }
}

import Checkout
import CheckoutPreviewCatalog
import Foundation
import Models

/// Products and values the tests share: the two lamps of the captured server data, and others.
enum Sample {
    /// `sku_94`, 322.95 EUR, in stock (as the sample server lists it).
    static let harborLamp = ProductSummary(
        id: "sku_94", title: "Harbor Cork Lamp Limited Edition", price: Money(amountMinor: 32_295, currency: .eur),
        availability: .inStock, imageURL: URL(string: "https://images.storefront.example/products/sku_94.jpg"))

    /// `sku_196`, 286.99 EUR, low stock.
    static let weekendLamp = ProductSummary(
        id: "sku_196", title: "Weekend Cork Lamp Limited Edition", price: Money(amountMinor: 28_699, currency: .eur),
        availability: .lowStock, imageURL: nil)

    /// A product priced in US dollars.
    static let dollarMug = ProductSummary(
        id: "sku_usd", title: "Dollar Mug", price: Money(amountMinor: 999, currency: .usd), availability: .inStock,
        imageURL: nil)

    /// The sample server's shipping options (`config.json`): standard, express, pick-up point.
    static let shippingOptions = PreviewSamples.shippingOptions

    /// The address of the captured orders.
    static let address = PreviewSamples.address

    /// 2026-01-15T00:00:00Z: the tests' "now".
    static let now = Date(timeIntervalSince1970: 1_768_435_200)

    /// en_US in UTC.
    static let format = DisplayFormat(
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? TimeZone.current)
}

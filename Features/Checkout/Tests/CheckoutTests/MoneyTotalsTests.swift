import Foundation
import Models
import Networking
import Testing

@testable import Checkout

/// Money over the cart and the totals stays exact: integer minor units end to end.
@MainActor
@Suite("Money in the cart and totals", .timeLimit(.minutes(2)))
struct MoneyTotalsTests {
    @Test("quantities and shipping add up exactly in minor units")
    func quantitiesAndShipping() throws {
        let lines = [
            CartLine(productID: "a", title: "A", unitPrice: Money(amountMinor: 1999, currency: .eur), quantity: 3),
            CartLine(productID: "b", title: "B", unitPrice: Money(amountMinor: 1, currency: .eur), quantity: 99),
            CartLine(productID: "c", title: "C", unitPrice: Money(amountMinor: 10, currency: .eur), quantity: 7),
        ]
        let shipping = ShippingOption(
            id: "standard", title: "Standard", price: Money(amountMinor: 490, currency: .eur), days: 5)

        let totals = try OrderTotals(lines: lines, shipping: shipping)

        #expect(totals.subtotal == Money(amountMinor: 5997 + 99 + 70, currency: .eur))
        #expect(totals.shipping == Money(amountMinor: 490, currency: .eur))
        #expect(totals.total == Money(amountMinor: 6656, currency: .eur))
        #expect(try Cart(lines: lines).subtotal() == totals.subtotal)
    }

    @Test("a currency with three minor digits stays exact through the cart, the request and the text")
    func threeMinorDigits() async throws {
        let harness = try Harness()
        let dinar = try Currency(code: "KWD")
        let product = ProductSummary(
            id: "sku_kwd", title: "Brass Lantern", price: Money(amountMinor: 1234, currency: dinar),
            availability: .inStock, imageURL: nil)
        try await harness.feature.add(product, quantity: 3)
        let shipping = [
            ShippingOption(id: "standard", title: "Standard", price: Money(amountMinor: 500, currency: dinar), days: 5)
        ]
        let coordinator = harness.makeCoordinator(shippingOptions: shipping)
        harness.transport.enqueue(.apiError(status: 503, code: "unavailable"))
        try await harness.walk(coordinator, to: .placeOrder)

        let total = try coordinator.draft.expectedTotal(shipping: shipping[0])
        #expect(total == Money(amountMinor: 4202, currency: dinar))
        #expect(total.decimalString == "4.202")
        await coordinator.placeOrder()
        let sent = try #require(harness.orderRequests.first?.jsonBody?["expected_total"])
        #expect(sent == .object(["amount_minor": .integer(4202), "currency": .string("KWD")]))
        #expect(Sample.format.money(total).contains("4.202"))
    }

    @Test("the client's expected total equals the server's total for the same cart")
    func clientAndServerAgree() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let coordinator = harness.makeCoordinator()
        try await harness.walk(coordinator, to: .placeOrder)
        let option = try #require(coordinator.chosenShippingOption)

        let expected = try coordinator.draft.expectedTotal(shipping: option)

        let serverOrder = try Fixture.json("order_placed")
        #expect(
            serverOrder["total"]
                == .object(["amount_minor": .integer(expected.amountMinor), "currency": .string("EUR")]))
        let request = try Fixture.json("order_request")
        #expect(request["expected_total"] == serverOrder["total"])
        let serverItems = try APIJSON.makeDecoder().decode(ServerOrderItems.self, from: Fixture.data("order_placed"))
        let lineTotals = coordinator.draft.lines.map { try? $0.lineTotal() }
        #expect(lineTotals == serverItems.items.map(\.lineTotal))
    }

    @Test("an amount that does not fit is an error, never a wrapped number")
    func overflowIsAnError() throws {
        let huge = CartLine(
            productID: "a", title: "A", unitPrice: Money(amountMinor: .max / 2, currency: .eur), quantity: 3)
        #expect(throws: CartError.amountOverflow) { try Cart(lines: [huge]).subtotal() }
        let shipping = ShippingOption(id: "s", title: "S", price: Money(amountMinor: 1, currency: .usd), days: 1)
        let line = CartLine(productID: "b", title: "B", unitPrice: Money(amountMinor: 1, currency: .eur), quantity: 1)
        #expect(throws: MoneyError.currencyMismatch(.eur, .usd)) { try OrderTotals(lines: [line], shipping: shipping) }
    }

    @Test("display text is built from minor units in the given locale")
    func displayText() {
        let format = DisplayFormat(
            locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(format.money(Money(amountMinor: 129_900, currency: .eur)) == "1.299,00\u{00A0}€")
        #expect(Sample.format.money(Money(amountMinor: 1500, currency: .jpy)) == "¥1,500")
    }

    private struct ServerOrderItems: Decodable {
        struct Item: Decodable {
            let lineTotal: Money
        }

        let items: [Item]
    }
}

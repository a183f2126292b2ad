import Foundation
import Models
import Testing

@testable import Checkout

@MainActor
@Suite("Cart (CartFeature)", .timeLimit(.minutes(2)))
struct CartFeatureTests {
    @Test("\"never loaded\" and \"loaded, empty\" are different states")
    func loadStates() async throws {
        let harness = try Harness()
        #expect(!harness.feature.hasLoaded)
        await harness.feature.load()
        #expect(harness.feature.hasLoaded)
        #expect(harness.feature.lines.isEmpty)
        #expect(harness.feature.error == nil)
    }

    @Test("loading only reads the stored lines: a cart opened over the same store writes nothing")
    func loadingOnlyReads() async throws {
        let harness = try Harness()
        try await harness.fillCart()
        let reader = CartFeature(
            repository: StrictCartRepository(base: harness.cartRepository, allowed: [.lines]), logger: harness.logger)

        await reader.load()

        #expect(reader.lines.map(\.productID) == ["sku_94", "sku_196"])
        #expect(reader.itemCount == 3)
        #expect(reader.error == nil)
    }

    @Test("adding, changing quantities and removing; the subtotal follows in Money")
    func addChangeRemove() async throws {
        let harness = try Harness()
        let feature = harness.feature
        try await feature.add(Sample.harborLamp)
        let line = try await feature.add(Sample.harborLamp, quantity: 2)
        try await feature.add(Sample.weekendLamp)

        #expect(line.quantity == 3)
        #expect(feature.lines.map(\.productID) == ["sku_94", "sku_196"])
        #expect(feature.itemCount == 4)
        #expect(try feature.cart.subtotal() == Money(amountMinor: 3 * 32_295 + 28_699, currency: .eur))

        try await feature.setQuantity(99, for: "sku_196")
        #expect(feature.lines.last?.quantity == 99)
        try await feature.remove("sku_94")
        #expect(feature.lines.map(\.productID) == ["sku_196"])
        await #expect(throws: CartError.lineNotFound("sku_94")) { try await feature.remove("sku_94") }
        try await feature.removeAll()
        #expect(feature.lines.isEmpty)
    }

    @Test("quantities outside 1 to 99 are rejected with a message and change nothing", arguments: [0, -1, 100, 1000])
    func quantityBounds(quantity: Int) async throws {
        let harness = try Harness()
        try await harness.feature.add(Sample.harborLamp, quantity: 5)

        await #expect(throws: CartError.invalidQuantity(quantity)) {
            try await harness.feature.setQuantity(quantity, for: "sku_94")
        }
        await #expect(throws: CartError.invalidQuantity(quantity)) {
            try await harness.feature.add(Sample.weekendLamp, quantity: quantity)
        }

        #expect(
            CartError.invalidQuantity(quantity).description == "A quantity must be between 1 and 99 (not \(quantity)).")
        #expect(harness.feature.lines.map(\.quantity) == [5])
        #expect(try await harness.cartRepository.lines().map(\.quantity) == [5])
        #expect(harness.feature.error == nil)
    }

    @Test("adding past 99 of one product is rejected")
    func addingPastTheLimit() async throws {
        let harness = try Harness()
        try await harness.feature.add(Sample.harborLamp, quantity: 98)
        try await harness.feature.add(Sample.harborLamp)
        await #expect(throws: CartError.invalidQuantity(100)) { try await harness.feature.add(Sample.harborLamp) }
        #expect(harness.feature.lines.first?.quantity == 99)
    }

    private static func lamp(availability: Availability) -> ProductSummary {
        let lamp = Sample.harborLamp
        return ProductSummary(
            id: lamp.id, title: lamp.title, price: lamp.price, availability: availability, imageURL: nil)
    }

    @Test("an out-of-stock product is not added, and the refusal says so")
    func outOfStock() async throws {
        let harness = try Harness()
        let soldOut = Self.lamp(availability: .outOfStock)
        await #expect(throws: CartError.outOfStock(title: "\(soldOut.title)")) {
            try await harness.feature.add(soldOut)
        }
        #expect(harness.feature.lines.isEmpty)
        #expect(
            CartError.outOfStock(title: "Lamp").description
                == "\u{201C}Lamp\u{201D} is out of stock, so it wasn't added to the cart.")
        try await harness.feature.add(Self.lamp(availability: .unknown("backorder")))
        #expect(harness.feature.lines.count == 1, "an availability the app does not know is left to the server")
    }

    @Test("a product in another currency is rejected")
    func mixedCurrencies() async throws {
        let harness = try Harness()
        try await harness.feature.add(Sample.harborLamp)

        await #expect(throws: CartError.mixedCurrency(cart: .eur, product: .usd)) {
            try await harness.feature.add(Sample.dollarMug)
        }
        #expect(harness.feature.lines.count == 1)
        #expect(CartError.mixedCurrency(cart: .eur, product: .usd).description.contains("USD"))
    }

    @Test("the cart survives a restart")
    func survivesRestart() async throws {
        let device = try DeviceStore()
        let before = try device.harness()
        try await before.fillCart()
        try await before.feature.setQuantity(4, for: "sku_94")
        await before.database.close()

        let after = try device.harness()
        await after.feature.load()

        #expect(after.feature.lines.map(\.productID) == ["sku_94", "sku_196"])
        #expect(after.feature.lines.map(\.quantity) == [4, 2])
        #expect(after.feature.lines.first?.unitPrice == Sample.harborLamp.price)
        #expect(after.feature.lines.first?.imageURL == Sample.harborLamp.imageURL)
        #expect(after.feature.lines.last?.availability == .lowStock)
        await after.database.close()
    }

    @Test("merging adds quantities up, caps at 99 with a clear outcome, and leaves out other currencies")
    func merge() async throws {
        let harness = try Harness()
        try await harness.feature.add(Sample.harborLamp, quantity: 60)
        try await harness.feature.add(Sample.weekendLamp, quantity: 1)
        let guest = [
            CartLine(product: Sample.harborLamp, quantity: 50),
            CartLine(product: Sample.weekendLamp, quantity: 2),
            CartLine(
                productID: "sku_new", title: "New Lamp", unitPrice: Money(amountMinor: 100, currency: .eur), quantity: 1
            ),
            CartLine(product: Sample.dollarMug, quantity: 1),
        ]

        let report = try await harness.feature.merge(guest)

        #expect(
            report.entries.map(\.outcome) == [
                .capped(requested: 110, kept: 99), .combined(quantity: 3), .added(quantity: 1),
                .skippedMixedCurrency(cart: .eur, line: .usd),
            ])
        #expect(!report.isComplete)
        #expect(
            report.messages == [
                "Harbor Cork Lamp Limited Edition: capped at 99 (the carts held 110 together).",
                "Dollar Mug: left out, priced in USD while the cart is in EUR.",
            ])
        #expect(harness.feature.lines.map(\.quantity) == [99, 3, 1])
        #expect(try await harness.cartRepository.lines().map(\.productID) == ["sku_94", "sku_196", "sku_new"])
    }

    @Test("the App reads every line as plain values to merge them into another cart")
    func allLinesIntoAnotherCart() async throws {
        let guest = try Harness()
        try await guest.fillCart()
        let account = try Harness()
        try await account.feature.add(Sample.harborLamp)

        let lines = try await guest.feature.allLines()
        let report = try await account.feature.merge(lines)

        #expect(report.isComplete)
        #expect(account.feature.lines.map(\.quantity) == [2, 2])
        let encoded = try JSONEncoder().encode(lines)
        #expect(try JSONDecoder().decode([CartLine].self, from: encoded) == lines)
    }

    @Test("a store that cannot be opened fails honestly, keeps the file and never shows an empty cart as loaded")
    func storeUnavailable() async throws {
        let garbage = Data("not a database, but somebody's cart".utf8) + Data(repeating: 7, count: 4096)
        let device = try DeviceStore(contents: garbage)
        let harness = try device.harness()

        await harness.feature.load()

        guard case .storeUnavailable = harness.feature.error else {
            Issue.record("expected storeUnavailable, got \(String(describing: harness.feature.error))")
            return
        }
        #expect(!harness.feature.hasLoaded)
        await #expect(throws: CartError.self) { try await harness.feature.add(Sample.harborLamp) }
        #expect(harness.feature.lines.isEmpty)
        #expect(try Data(contentsOf: device.file) == garbage)
        let viewModel = CartViewModel(feature: harness.feature, format: Sample.format)
        #expect(
            viewModel.message == "The cart could not be opened on this device. Your cart on disk was left as it is.")
        #expect(!viewModel.isEmpty)
        await harness.database.close()
    }

    @Test("changes asked for together are applied in order")
    func changesRunInOrder() async throws {
        let harness = try Harness()
        try await harness.feature.add(Sample.harborLamp)
        let feature = harness.feature
        async let first: Void = feature.setQuantity(5, for: "sku_94")
        async let second: Void = feature.setQuantity(7, for: "sku_94")
        async let third: Void = feature.setQuantity(9, for: "sku_94")
        _ = try await (first, second, third)

        let stored = try await harness.cartRepository.lines().first?.quantity
        #expect(feature.lines.first?.quantity == stored)
        #expect(!feature.isWorking)
    }
}

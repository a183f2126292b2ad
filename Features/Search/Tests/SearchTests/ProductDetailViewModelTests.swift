import DesignSystem
import Foundation
import Models
import Networking
import TerminalUI
import TestSupport
import Testing

@testable import Search

@MainActor
@Suite("ProductDetailViewModel")
struct ProductDetailViewModelTests {
    private static let locale = Locale(identifier: "en_US")

    private func model(
        _ id: ProductID, preview: ProductSummary? = nil, harness: FeatureHarness
    ) -> ProductDetailViewModel {
        ProductDetailViewModel(productID: id, preview: preview, feature: harness.feature, locale: Self.locale)
    }

    @Test("a product with unknown availability and no image still shows everything it has")
    func unknownAvailabilityAndNoImage() async throws {
        let harness = try FeatureHarness()
        let product = TestValues.product(
            "77", title: "Mystery lantern", priceMinor: 1_500, availability: .unknown("discontinued_soon"),
            hasImage: false, rating: nil)
        harness.repository.setProduct(
            "77", .success(ProductDetail(summary: product, description: nil, source: .server)))
        let model = model("77", harness: harness)

        try await model.load().finish()

        #expect(model.title == "Mystery lantern")
        #expect(model.price == "€15.00")
        #expect(model.availability == AvailabilityLabel(.unknown("discontinued_soon")))
        #expect(model.availability?.text == "Availability unknown")
        #expect(model.availability?.tone == .neutral)
        #expect(model.image == "No image")
        #expect(model.rating == "No ratings yet")
        #expect(model.descriptionLines(width: 40) == ["No description."])
        #expect(model.canAddToCart)
        #expect(model.notice == nil)
    }

    @Test("the description is wrapped to the width at spaces, keeping its line breaks")
    func descriptionIsWrapped() async throws {
        let harness = try FeatureHarness()
        let description = "A brass desk lamp with a weighted base and an adjustable arm.\nTakes an E27 bulb."
        harness.repository.setProduct(
            "sku_12",
            .success(ProductDetail(summary: TestValues.product("sku_12"), description: description, source: .server)))
        let model = model("sku_12", harness: harness)

        try await model.load().finish()

        let lines = model.descriptionLines(width: 20)
        #expect(
            lines == ["A brass desk lamp", "with a weighted base", "and an adjustable", "arm.", "Takes an E27 bulb."])
        #expect(model.descriptionLines(width: 0).isEmpty)
        #expect(model.image == "Image: https://images.storefront.test/sku_12.jpg")
        #expect(model.rating == "Rated 4.5/5")
    }

    @Test("opened from a list it shows the preview while loading; a missing product is an honest error")
    func previewThenFailure() async throws {
        let harness = try FeatureHarness()
        let preview = TestValues.product("sku_9", title: "Oak shelf")
        let model = model("sku_9", preview: preview, harness: harness)

        #expect(model.state == .loading)
        #expect(model.title == "Oak shelf")
        #expect(model.loadingLine == "Loading…")
        #expect(model.descriptionLines(width: 40).isEmpty)

        try await model.load().finish()

        #expect(model.notice?.kind == .error)
        #expect(model.notice?.message == "Couldn't load this product. It no longer exists.")
        #expect(model.notice?.actionHint == "Press ctrl-r to retry")
    }

    @Test("a saved copy shown offline says so")
    func savedCopyIsMarked() async throws {
        let harness = try FeatureHarness()
        harness.repository.setProduct(
            "sku_3", .success(ProductDetail(summary: TestValues.product("sku_3"), description: "Oak.", source: .saved)))
        let model = model("sku_3", harness: harness)

        try await model.load().finish()

        #expect(model.notice?.kind == .warning)
        #expect(model.notice?.message == "You're offline. Showing the saved copy of this product.")
    }

    @Test("add to cart hands the product to the App, once it is known and not out of stock")
    func addToCart() async throws {
        let harness = try FeatureHarness()
        var added: [ProductID] = []
        harness.feature.onAddToCart = { added.append($0.id) }
        let soldOut = model("sku_1", preview: TestValues.product("sku_1", availability: .outOfStock), harness: harness)
        let unknown = model("sku_2", harness: harness)
        let inStock = model("sku_3", preview: TestValues.product("sku_3"), harness: harness)

        func press(_ model: ProductDetailViewModel, _ key: KeyEvent) -> KeyHandling {
            ProductDetailView(viewModel: model, theme: .ascii, keyMap: .defaults).handle(key)
        }
        #expect(press(soldOut, .character("a")) == .handled)
        #expect(press(unknown, .character("a")) == .handled)
        #expect(press(inStock, .character("a")) == .handled)
        #expect(press(inStock, KeyEvent(.escape)) == .ignored)

        #expect(added == ["sku_3"])
        #expect(!soldOut.canAddToCart)
        #expect(inStock.cartMessage == Notice(.info, message: "Added \u{201C}Product sku_3\u{201D} to the cart."))
        #expect(
            soldOut.cartMessage
                == Notice(
                    .warning, message: "\u{201C}Product sku_1\u{201D} is out of stock, so it wasn't added to the cart.")
        )
        #expect(unknown.cartMessage == nil, "nothing happens while the product is loading")
    }
}

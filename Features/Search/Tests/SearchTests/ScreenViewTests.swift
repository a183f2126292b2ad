import DesignSystem
import Foundation
import Models
import TerminalUI
import TestSupport
import Testing

@testable import Search

@MainActor
@Suite("Console views")
struct ScreenViewTests {
    private let locale = Locale(identifier: "en_US")

    private func text(_ lines: [StyledLine]) -> [String] {
        lines.map(\.plainText)
    }

    @Test("the search view shows the input, the count, each result with its price and badge, and key hints")
    func searchViewWithResults() async throws {
        let harness = try FeatureHarness()
        try await harness.search("lamp", call: 0, answer: TestValues.page(for: "lamp", count: 3, total: 12))
        let view = SearchView(viewModel: SearchViewModel(feature: harness.feature, locale: locale), theme: .ascii)

        let lines = view.render(size: TerminalSize(columns: 60, rows: 16))
        let plain = text(lines)

        #expect(lines.count == 16)
        #expect(lines.allSatisfy { $0.width <= 60 })
        #expect(plain[0] == "Search")
        #expect(plain[1].contains("lamp"))
        #expect(plain.contains("12 results"))
        #expect(plain.contains { $0.contains("lamp result 0") && $0.contains("[In stock]") })
        #expect(plain.contains { $0.contains("€19.99") && $0.contains("4.5/5") })
        #expect(plain.last?.contains("enter search") == true)
    }

    @Test("the search view shows the error banner and the recent searches")
    func searchViewStates() async throws {
        let harness = try FeatureHarness()
        try harness.feature.recentSearchesList.record("oak desk")
        let model = SearchViewModel(feature: harness.feature, locale: locale)
        let view = SearchView(viewModel: model, theme: .ascii)

        #expect(text(view.render(size: TerminalSize(columns: 40, rows: 10))).contains { $0.contains("oak desk") })

        try await harness.submit(
            "lamp", call: 0, answer: .failure(SearchError.api(.transport(.notConnectedToInternet))))

        let plain = text(view.render(size: TerminalSize(columns: 40, rows: 10)))
        #expect(plain.contains { $0.contains("Couldn't search. You're offline.") })
        #expect(plain.contains { $0.contains("Press ctrl-r to retry") })
        #expect(view.render(size: TerminalSize(columns: 0, rows: 10)).isEmpty)
    }

    @Test("the product view shows the product, a wrapped description within the width, and the add-to-cart hint")
    func productDetailView() async throws {
        let harness = try FeatureHarness()
        let product = TestValues.product(
            "77", title: "Mystery lantern", priceMinor: 1_500, availability: .unknown("x"), hasImage: false,
            rating: nil)
        let description = String(repeating: "A lantern of unknown origin. ", count: 4)
        harness.repository.setProduct(
            "77", .success(ProductDetail(summary: product, description: description, source: .server)))
        let model = ProductDetailViewModel(productID: "77", preview: nil, feature: harness.feature, locale: locale)
        let view = ProductDetailView(viewModel: model, theme: .ascii, keyMap: .defaults)
        try await model.load().finish()

        let lines = view.render(size: TerminalSize(columns: 30, rows: 20))
        let plain = text(lines)

        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.width <= 30 })
        #expect(plain[0] == "Mystery lantern")
        #expect(plain[1] == "€15.00")
        #expect(plain.contains("[Availability unknown]"))
        #expect(plain.contains("No image"))
        #expect(plain.contains("No ratings yet"))
        #expect(plain.contains("A lantern of unknown origin. A"))
        #expect(plain.last?.hasPrefix("a add to cart") == true)
        #expect(view.handle(.character("z")) == .ignored)
    }
}

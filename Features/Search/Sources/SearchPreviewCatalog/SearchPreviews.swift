import FeaturePreview
import Foundation
import Logging
import Models
import Persistence
import Search
import TerminalUI

/// Every Search screen in its states over preview data: the search screen (nothing typed, recent searches, a search
/// on its way, results, no results, saved results offline, offline, a long list) and the product screen (loading,
/// loading with the list's copy, loaded, long, offline). No server: products come from a preview repository; recent
/// searches are kept in a preferences file in a directory of the state's own (`PreviewEnvironment.makeDirectory`).
public enum SearchPreviews {
    /// The catalog `SearchPreview` shows.
    public static let catalog = PreviewCatalog(feature: "Search", screens: [search, product])

    static let locale = Locale(identifier: "en_US")

    static let search = PreviewScreen(
        "Search", routes: [SearchEntry.searchPattern],
        states: [
            PreviewState("loaded") { try await searchView(typing: "lamp", $0) },
            PreviewState("prompt") { try await searchView($0) },
            PreviewState("recent") { try await searchView(recent: ["oak desk", "reading lamp", "linen sheets"], $0) },
            PreviewState("searching") { try await searchView(typing: "lamp", answer: .pending, $0) },
            PreviewState("empty") { try await searchView(typing: "zzz", $0) },
            PreviewState("saved offline") { try await searchView(typing: "oak", answer: .saved, $0) },
            PreviewState("offline") { try await searchView(typing: "lamp", answer: .offline, $0) },
            PreviewState("long") {
                try await searchView(
                    typing: "desk", products: PreviewProducts.longTitles, claimedTotal: 400, $0)
            },
        ])

    static let product = PreviewScreen(
        "Product", routes: [SearchEntry.productPattern],
        states: [
            PreviewState("loaded") { try productView(id: "sku_2", $0) },
            PreviewState("long") { try productView(id: "sku_1", $0) },
            PreviewState("loading") { try productView(id: "sku_2", answer: .pending, $0) },
            PreviewState("loading with preview") {
                try productView(id: "sku_2", answer: .pending, withPreview: true, $0)
            },
            PreviewState("offline") { try productView(id: "sku_2", answer: .offline, $0) },
        ])

    @MainActor
    static func feature(
        _ repository: PreviewSearchRepository, recent: [String] = [], _ environment: PreviewEnvironment
    ) throws -> SearchFeature {
        let logger = Logger(label: "search-preview", handler: CapturingLogHandler(logLevel: .critical))
        let directory = try environment.makeDirectory("search")
        let now = environment.now
        let recentSearches = RecentSearches(
            preferences: PreferencesStore(
                fileURL: directory.appending(path: "search.json"), now: { now }, logger: logger))
        for query in recent.reversed() { _ = try recentSearches.record(query) }
        let feature = SearchFeature(
            repository: repository, recentSearches: recentSearches, clock: ContinuousClock(), logger: logger)
        feature.onOpenProduct = { environment.report("open product \($0.id)") }
        feature.onAddToCart = { environment.report("add \($0.id) to the cart") }
        return feature
    }

    /// The search screen with `query` typed and searched (waiting for its results unless they never come).
    @MainActor
    static func searchView(
        typing query: String? = nil, answer: PreviewSearchRepository.Answer = .server,
        products: [ProductSummary] = PreviewProducts.all, claimedTotal: Int? = nil, recent: [String] = [],
        _ environment: PreviewEnvironment
    ) async throws -> any TerminalView {
        let repository = PreviewSearchRepository(products: products, answer: answer, claimedTotal: claimedTotal)
        let feature = try feature(repository, recent: recent, environment)
        feature.loadRecentSearches()
        if let query {
            feature.updateQuery(query)
            let search = feature.submit()
            if answer != .pending { await search?.value }
        }
        return SearchView(viewModel: SearchViewModel(feature: feature, locale: locale), theme: environment.theme)
    }

    @MainActor
    static func productView(
        id: ProductID, answer: PreviewSearchRepository.Answer = .server, withPreview: Bool = false,
        _ environment: PreviewEnvironment
    ) throws -> any TerminalView {
        let repository = PreviewSearchRepository(products: PreviewProducts.all, answer: answer)
        let feature = try feature(repository, environment)
        let preview = withPreview ? PreviewProducts.all.first { $0.id == id } : nil
        let viewModel = ProductDetailViewModel(productID: id, preview: preview, feature: feature, locale: locale)
        viewModel.send(.load)
        return ProductDetailView(viewModel: viewModel, theme: environment.theme, keyMap: .defaults)
    }
}

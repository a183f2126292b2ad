import DesignSystem
import FeatureKit
import Foundation
import Models
import Networking
import SnapshotTestSupport
import TerminalUI
import TestSupport
import Testing

@testable import Search

/// Every Search screen in its states at the four layouts of every screen (80x24, 120x40, 40x12 without colour,
/// 120x40 with 256 colours), as text and style grids in `Snapshots/` (`<Screen>.<state>.<layout>.snap`). The
/// feature runs on the harness's manual clock and a controlled repository, so nothing depends on today or on a
/// server. Re-record with `RECORD_SNAPSHOTS=1` (see DesignSystem/README.md, "Snapshot tests").
@MainActor
@Suite("Search screen snapshots", .timeLimit(.minutes(2)))
struct ScreenSnapshotTests {
    private static let locale = Locale(identifier: "en_US")

    /// The search screen: nothing typed (`prompt`), nothing typed with recent searches, a search on its way, a
    /// page of results, no results, results from the saved products while offline, offline with nothing saved,
    /// and a long list of long titles.
    enum SearchState: String, CaseIterable, Sendable {
        case prompt, recent, searching, loaded, empty
        case savedOffline = "saved_offline"
        case offline
        case long
    }

    @Test("the search screen", arguments: SearchState.allCases, SnapshotLayout.everyScreen)
    func search(state: SearchState, layout: SnapshotLayout) async throws {
        let harness = try FeatureHarness(pageSize: 40)
        let name = "Search.\(state.rawValue)"
        // The screen's model is made once the feature is in the state, as the App makes it when the tab opens: it
        // takes the query from the feature then.
        func render() -> [StyledLine] {
            let viewModel = SearchViewModel(feature: harness.feature, locale: Self.locale)
            return SearchView(viewModel: viewModel, theme: .unicode).render(size: layout.size)
        }
        switch state {
        case .prompt:
            break
        case .recent:
            for query in ["oak desk", "reading lamp", "linen sheets"] {
                try harness.feature.recentSearchesList.record(query)
            }
        case .searching:
            harness.feature.updateQuery("lamp")
            let task = harness.feature.submit()
            try await harness.repository.waitForCalls(count: 1)
            expectSnapshot(of: render(), named: name, layout: layout)
            harness.repository.resolve(0, with: .success(TestValues.page(for: "lamp")))
            try await task?.finish()
            return
        case .loaded:
            try await harness.submit("lamp", call: 0, answer: .success(TestValues.page(for: "lamp", total: 12)))
        case .empty:
            try await harness.submit("zzz", call: 0, answer: .success(TestValues.page(for: "zzz", count: 0)))
        case .savedOffline:
            let page = TestValues.page(for: "lamp", count: 2)
            try await harness.submit(
                "lamp", call: 0, answer: .success(SearchPage(results: page.results, source: .saved)))
        case .offline:
            try await harness.submit(
                "lamp", call: 0, answer: .failure(SearchError.api(.transport(.notConnectedToInternet))))
        case .long:
            let products = (0..<40).map {
                TestValues.product(
                    "long-\($0)",
                    title: "Hand-finished solid oak writing desk with two drawers and brass handles, model \($0)",
                    priceMinor: 129_900 + Int64($0), availability: $0.isMultiple(of: 3) ? .outOfStock : .inStock)
            }
            let page = SearchPage(results: OffsetPage(items: products, offset: 0, total: 400), source: .server)
            try await harness.submit("desk", call: 0, answer: .success(page))
        }
        expectSnapshot(of: render(), named: name, layout: layout)
    }

    /// The product screen: loading (opened from a deep link, nothing known yet), loading with the list's preview,
    /// loaded, loaded with a long description, and offline.
    enum ProductState: String, CaseIterable, Sendable {
        case loading
        case loadingPreview = "loading_preview"
        case loaded, long, offline
    }

    @Test("the product screen", arguments: ProductState.allCases, SnapshotLayout.everyScreen)
    func product(state: ProductState, layout: SnapshotLayout) async throws {
        let harness = try FeatureHarness()
        let summary = TestValues.product("77", title: "Brass reading lamp", priceMinor: 4_950, hasImage: false)
        let description: String
        switch state {
        case .long:
            description = String(
                repeating: "A brass lamp with a linen shade, a dimmer on its cord and a weighted base. ", count: 20)
        default:
            description = "A brass lamp with a linen shade and a dimmer on its cord."
        }
        switch state {
        case .offline:
            harness.repository.setProduct("77", .failure(SearchError.api(.transport(.notConnectedToInternet))))
        default:
            harness.repository.setProduct(
                "77", .success(ProductDetail(summary: summary, description: description, source: .server)))
        }
        let viewModel = ProductDetailViewModel(
            productID: "77", preview: state == .loadingPreview ? summary : nil, feature: harness.feature,
            locale: Self.locale)
        let view = ProductDetailView(viewModel: viewModel, theme: .unicode, keyMap: .defaults)
        switch state {
        case .loading, .loadingPreview: break
        case .loaded, .long, .offline: await viewModel.load().value
        }
        expectSnapshot(of: view.render(size: layout.size), named: "Product.\(state.rawValue)", layout: layout)
    }

    /// Issue 29's contract: every destination of the entry has snapshots, each under the screen name given here.
    @Test("every destination of the entry has a snapshot in each of its states at the four layouts")
    func everyDestinationHasSnapshots() {
        let screens = [SearchEntry.searchPattern: "Search", SearchEntry.productPattern: "Product"]
        expectSnapshotCoverage(feature: SearchEntry.name, destinations: SearchDestination.patterns, screens: screens)
    }
}

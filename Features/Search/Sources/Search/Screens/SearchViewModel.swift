import DesignSystem
import FeaturePictures
import Foundation
import Models
import Observation
import TerminalUI

/// One search result as the screen (and the `storefront search` command) shows it.
public struct SearchResultRow: Hashable, Sendable, Identifiable {
    /// The product's id.
    public let id: ProductID
    /// The title.
    public let title: String
    /// The price in the locale's format: `€1,299.00`.
    public let price: String
    /// The availability label and tone.
    public let availability: AvailabilityLabel
    /// The rating, `4.5/5`, or nil when the product has none.
    public let rating: String?
}

/// The search screen: turns `SearchFeature` state into ready-to-show values, and the screen's intents into feature
/// calls. It never sees a key: `SearchView` maps keys to `Intent`s.
///
/// The input sends every edit to `SearchFeature.updateQuery(_:)` (debounced there); it takes at most
/// `SearchViewModel.maximumQueryLength` characters, what the API accepts. While the query is blank the list shows
/// the recent searches; otherwise the results.
@MainActor
@Observable
public final class SearchViewModel {
    /// Where the keys go.
    public enum Focus: Hashable, Sendable {
        /// The search input.
        case input
        /// The list below it (results or recent searches).
        case list
    }

    /// What the area below the input shows.
    public enum Content: Hashable, Sendable {
        /// The query is blank and there are no recent searches: a prompt.
        case prompt
        /// The query is blank: the recent searches, newest first.
        case recentSearches([String])
        /// The first search of a query is on its way and there is nothing to show yet.
        case searching
        /// Result rows (`rows`), possibly of the previous query while a search runs (`rowsArePrevious`).
        case results
        /// The search finished and nothing matched.
        case noResults(query: String)
        /// The search failed before anything could be shown (`notice` says why).
        case failed
    }

    /// What the user asks of the screen (the view maps keys to these).
    public enum Intent: Hashable, Sendable {
        /// The input after an edit (typing, deleting, moving the cursor).
        case edit(TextFieldState)
        /// Search the query now and remember it (Enter in the input).
        case submit
        /// Move from the input to the list, when it has items.
        case focusList
        /// Leave the input, keeping its text (then letters are the App's keys again).
        case leaveInput
        /// Go back to the input.
        case focusInput
        /// Move the selection in the list.
        case move(ListState.Move)
        /// Open the selected product, or run the selected recent search.
        case activate
        /// Add the selected product to the cart.
        case addSelectedToCart
        /// Forget the recent searches.
        case clearRecentSearches
        /// Repeat the search that failed.
        case retry
    }

    /// The most characters a query has: `q` is `maxLength: 200` in openapi.yaml, and the server rejects longer.
    public static let maximumQueryLength = 200

    /// The feature this screen shows.
    public let feature: SearchFeature
    /// The input's text and cursor.
    public private(set) var input = TextFieldState(maximumLength: SearchViewModel.maximumQueryLength)
    /// The selection in the list.
    public private(set) var listState = ListState()
    /// Where the keys go.
    public private(set) var focus = Focus.input
    /// What the last "add to cart" did: the product was added, or why it was not (out of stock); cleared by the
    /// next edit or move.
    public private(set) var cartMessage: Notice?
    /// How many list rows fit on screen, set by the view as it renders; the page size of Page Up and Page Down.
    @ObservationIgnored public var visibleRowCount = 10

    private let format: ProductFormat
    @ObservationIgnored private let prefetcher: PicturePrefetcher?

    /// Creates the screen's model; it loads the recent searches (a small file).
    ///
    /// - Parameters:
    ///   - locale: Formats prices, ratings and counts.
    ///   - pictures: Loads ahead the pictures of the rows about to appear; nil loads none.
    public init(feature: SearchFeature, locale: Locale, pictures: ScreenPictures? = nil) {
        prefetcher = pictures.map(PicturePrefetcher.init(pictures:))
        self.feature = feature
        self.format = ProductFormat(locale: locale)
        input.setText(feature.query)
        feature.loadRecentSearches()
    }

    // MARK: - Values to show

    /// The input's label.
    public var inputLabel: String { "Search" }
    /// What the empty input shows.
    public var placeholder: String { "Search products" }

    /// The result rows: the results of `SearchFeature.resultsQuery`.
    public var rows: [SearchResultRow] {
        feature.results.map { product in
            SearchResultRow(
                id: product.id, title: product.title, price: format.price(product.price),
                availability: AvailabilityLabel(product.availability), rating: product.rating.map(format.rating))
        }
    }

    /// Whether `rows` belong to an earlier query than the one typed (a search for it is running or failed); the
    /// view shows them subdued.
    public var rowsArePrevious: Bool {
        guard let resultsQuery = feature.resultsQuery else { return false }
        return resultsQuery != SearchText.normalized(feature.query)
    }

    /// What the area below the input shows.
    public var content: Content {
        let query = SearchText.normalized(feature.query)
        if query.isEmpty {
            let recent = feature.recentSearches
            return recent.isEmpty ? .prompt : .recentSearches(recent)
        }
        if !feature.results.isEmpty { return .results }
        if feature.isSearching { return .searching }
        if feature.error != nil { return .failed }
        if feature.resultsQuery == query { return .noResults(query: query) }
        return .searching
    }

    /// The line under the input: `Searching for “lamp”…`, `1 result`, `1,234 results`, `No results for “lamp”`;
    /// nil when the query is blank.
    public var statusLine: String? {
        let query = SearchText.normalized(feature.query)
        guard !query.isEmpty else { return nil }
        if feature.isSearching { return "Searching for \u{201C}\(query)\u{201D}\u{2026}" }
        guard feature.resultsQuery == query else { return nil }
        if feature.total == 0 && feature.results.isEmpty { return "No results for \u{201C}\(query)\u{201D}" }
        let total = max(feature.total, feature.results.count)
        if feature.totalIsEstimate { return "\(format.count(total))+ results" }
        return total == 1 ? "1 result" : "\(format.count(total)) results"
    }

    /// The notice above the list: an error (with a retry hint), or the offline warning when the results are saved
    /// products, or a note that saved products are unavailable; nil when all is well.
    public var notice: Notice? {
        if let failure = feature.error {
            let failedTo = failure.operation == .search ? "Couldn't search." : "Couldn't load more results."
            return Notice(
                .error, message: ProductFormat.message(for: failure.error, failedTo: failedTo),
                actionHint: ProductFormat.retryHint)
        }
        if feature.isOffline && !rowsArePrevious {
            return Notice(
                .warning, message: "You're offline. Showing saved products.",
                actionHint: "Press ctrl+r to search online again")
        }
        let queryIsBlank = SearchText.normalized(feature.query).isEmpty
        if let full = feature.savedProductsDiskFull, !queryIsBlank {
            return Notice(.info, message: "Results can't be saved for offline use. \(full.sentence)")
        }
        if feature.savedProductsProblem != nil && !queryIsBlank {
            return Notice(.info, message: "Saved products can't be opened, so search won't work offline.")
        }
        if feature.recentSearchesProblem != nil && queryIsBlank {
            return Notice(.info, message: "Recent searches can't be read or saved.")
        }
        return nil
    }

    /// `Loading more…` while a further page loads, nil otherwise.
    public var loadingMoreLine: String? {
        feature.isLoadingMore ? "Loading more\u{2026}" : nil
    }

    /// The product under the selection when the list shows results.
    public var selectedProduct: ProductSummary? {
        guard content == .results, feature.results.indices.contains(listState.selectedIndex) else { return nil }
        return feature.results[listState.selectedIndex]
    }

    /// How many items the list below the input has (results, or recent searches while the query is blank).
    public var listItemCount: Int {
        switch content {
        case .results: return feature.results.count
        case .recentSearches(let recent): return recent.count
        default: return 0
        }
    }

    // MARK: - Intents

    /// Does what the user asked (see `Intent`).
    public func send(_ intent: Intent) {
        if intent != .addSelectedToCart { cartMessage = nil }
        switch intent {
        case .edit(let edited):
            let changed = edited.text != input.text
            input = edited
            if changed { setQuery(edited.text, keepingCursor: true) }
        case .submit:
            feature.submit()
            if listItemCount > 0 { focus = .list }
        case .focusList:
            if listItemCount > 0 { focus = .list }
        case .leaveInput:
            focus = .list
        case .focusInput:
            focus = .input
        case .move(let move):
            guard listState.apply(move, itemCount: listItemCount, visibleCount: visibleRowCount) else { return }
            if content == .results { feature.resultAppeared(at: listState.selectedIndex) }
        case .activate:
            activateSelection()
        case .addSelectedToCart:
            guard let product = selectedProduct else { return }
            guard product.availability != .outOfStock else {
                cartMessage = Notice(.warning, message: CartMessage.outOfStock(product.title))
                return
            }
            feature.addToCart(product)
            cartMessage = Notice(.info, message: CartMessage.added(product.title))
        case .clearRecentSearches:
            guard case .recentSearches = content else { return }
            feature.clearRecentSearches()
            focus = .input
        case .retry:
            feature.retry()
        }
    }

    // MARK: - Private

    private func activateSelection() {
        switch content {
        case .results:
            if let product = selectedProduct { feature.openProduct(product) }
        case .recentSearches(let recent) where recent.indices.contains(listState.selectedIndex):
            setQuery(recent[listState.selectedIndex])
            feature.submit()
        default:
            break
        }
    }

    private func setQuery(_ text: String, keepingCursor: Bool = false) {
        if !keepingCursor { input.setText(text) }
        listState = ListState()
        feature.updateQuery(input.text)
    }
}

extension SearchViewModel {
    /// Loads ahead the pictures of the results on screen and of the next screenful (the rows about to appear, from
    /// `listState.firstVisibleIndex` and `visibleRowCount`); pictures of rows scrolled further away stop loading.
    /// The view calls it as it lays the results out; without results nothing is wanted.
    func prefetchPictures() {
        guard let prefetcher else { return }
        guard case .results = content else {
            prefetcher.prefetch([])
            return
        }
        prefetcher.prefetch(
            feature.results, firstVisible: listState.firstVisibleIndex, visibleCount: visibleRowCount, url: \.imageURL)
    }

    /// The pictures being loaded ahead, for tests.
    var prefetchedPictures: Set<URL> { prefetcher?.wanted ?? [] }
}

import DesignSystem
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

/// The search screen: turns `SearchFeature` state into ready-to-show values and keys into feature calls.
///
/// The input sends every edit to `SearchFeature.updateQuery(_:)` (debounced there). While the query is blank the
/// list shows the recent searches; otherwise the results. Keys: typing edits; Enter submits; ↓ or Tab moves to the
/// list; in the list ↑↓ move, Enter opens the product (or runs the recent search), `a` adds it to the cart, `x`
/// clears the recent searches, Tab or `/` goes back to the input; Escape clears the input (unhandled when it is
/// empty, so the App can go back); Ctrl-R retries a failed search.
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

    /// The feature this screen shows.
    public let feature: SearchFeature
    /// The input's text and cursor.
    public private(set) var input = TextFieldState()
    /// The selection in the list.
    public private(set) var listState = ListState()
    /// Where the keys go.
    public private(set) var focus = Focus.input
    /// How many list rows fit on screen, set by the view as it renders; the page size of Page Up and Page Down.
    @ObservationIgnored public var visibleRowCount = 10

    private let format: ProductFormat

    /// Creates the screen's model; it loads the recent searches (a small file).
    ///
    /// - Parameter locale: Formats prices, ratings and counts.
    public init(feature: SearchFeature, locale: Locale) {
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

    // MARK: - Keys

    /// Handles a key (see the type's documentation); `.ignored` for keys the App may use (Escape on an empty input,
    /// unknown keys).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if key == .control("r") {
            feature.retry()
            return .handled
        }
        switch focus {
        case .input: return handleInput(key)
        case .list: return handleList(key)
        }
    }

    // MARK: - Private

    private var listItemCount: Int {
        switch content {
        case .results: return feature.results.count
        case .recentSearches(let recent): return recent.count
        default: return 0
        }
    }

    private func handleInput(_ key: KeyEvent) -> KeyHandling {
        switch key.key {
        case .enter:
            feature.submit()
            if listItemCount > 0 { focus = .list }
            return .handled
        case .down where key.modifiers.isEmpty, .tab where key.modifiers.isEmpty:
            if listItemCount > 0 { focus = .list }
            return .handled
        case .escape:
            guard !input.text.isEmpty else { return .ignored }
            setQuery("")
            return .handled
        default:
            let before = input.text
            guard input.handle(key) == .handled else { return .ignored }
            if input.text != before { setQuery(input.text, keepingCursor: true) }
            return .handled
        }
    }

    private func handleList(_ key: KeyEvent) -> KeyHandling {
        switch key.key {
        case .up where key.modifiers.isEmpty && listState.selectedIndex == 0, .tab, .character("/"), .escape:
            focus = .input
            return .handled
        case .enter:
            activateSelection()
            return .handled
        case .character("a") where key.modifiers.isEmpty:
            if let product = selectedProduct { feature.addToCart(product) }
            return .handled
        case .character("x") where key.modifiers.isEmpty:
            if case .recentSearches = content {
                feature.clearRecentSearches()
                focus = .input
            }
            return .handled
        default:
            let handling = listState.handle(key, itemCount: listItemCount, visibleCount: visibleRowCount)
            if handling == .handled, content == .results {
                feature.resultAppeared(at: listState.selectedIndex)
            }
            return handling
        }
    }

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
        feature.updateQuery(text)
        if listItemCount == 0 { focus = .input }
    }
}

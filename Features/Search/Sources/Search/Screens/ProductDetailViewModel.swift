import DesignSystem
import FeatureKit
import FeaturePictures
import Foundation
import Models
import Observation
import TerminalUI

/// The product detail screen (`GET /v1/products/{id}`): title, price, availability, rating, image and the
/// description wrapped to the width, with "add to cart" handed to the App through `SearchFeature.onAddToCart`.
///
/// Opened from search results it shows the summary at once while the description loads; opened from a deep link or
/// the feed it has only the id until the product arrives. Keys: `a` adds to the cart, Ctrl-R loads again.
@MainActor
@Observable
public final class ProductDetailViewModel {
    /// Where the screen is.
    public enum State: Hashable, Sendable {
        /// The product is on its way.
        case loading
        /// The product arrived.
        case loaded(ProductDetail)
        /// It could not be loaded; `notice` says why.
        case failed(SearchError)
    }

    /// The product's id.
    public let productID: ProductID
    /// Where the screen is.
    public private(set) var state = State.loading
    /// Set after `addToCart()`: that the product was added, or why it was not.
    public private(set) var cartMessage: Notice?
    /// How far the screen's body is scrolled.
    public private(set) var scroll = ScrollState()

    /// The product's picture (none when pictures are off or the product has none).
    let picture = PictureSlot()
    private let feature: SearchFeature
    private let pictures: ScreenPictures?
    private let preview: ProductSummary?
    private let format: ProductFormat
    @ObservationIgnored private var loadTask: Task<Void, Never>?

    /// Creates the screen's model; call `load()` to fetch the product.
    ///
    /// - Parameters:
    ///   - productID: The product to show.
    ///   - preview: The product as a list showed it, shown while the detail loads; nil from a deep link.
    ///   - feature: Loads the product and receives the add-to-cart event.
    ///   - locale: Formats the price and the rating.
    ///   - pictures: Loads the product's picture; nil shows none.
    public init(
        productID: ProductID, preview: ProductSummary?, feature: SearchFeature, locale: Locale,
        pictures: ScreenPictures? = nil
    ) {
        self.productID = productID
        self.preview = preview
        self.feature = feature
        self.pictures = pictures
        self.format = ProductFormat(locale: locale)
        picture.show(preview?.imageURL, pictures: pictures)
    }

    isolated deinit {
        // A closed screen stops waiting for its picture; the shared download stops if nobody else waits.
        picture.cancel()
    }

    // MARK: - Intents

    /// What the product screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Load the product (again).
        case load
        /// Hand the product to the cart.
        case addToCart
        /// Scroll the body from where `layout` (the last one drawn) shows it.
        case scroll(ScrollState.Move, in: ScrollView.Layout)
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .load:
            return .started(load())
        case .addToCart:
            addToCart()
            return .handled
        case .scroll(let move, let layout):
            scroll.apply(move, in: layout)
            return .handled
        }
    }

    // MARK: - Loading

    /// Loads the product (again), cancelling a load on its way; cancellation is never shown as an error.
    ///
    /// - Returns: The task of the load: it ends once `state` is updated.
    @discardableResult
    func load() -> Task<Void, Never> {
        loadTask?.cancel()
        if case .failed = state { state = .loading }
        let task = Task { [weak self] in
            guard let self else { return }
            do {
                let detail = try await self.feature.product(id: self.productID)
                guard !Task.isCancelled else { return }
                self.state = .loaded(detail)
                self.picture.show(detail.summary.imageURL, pictures: self.pictures)
            } catch let error as SearchError {
                guard !Task.isCancelled else { return }
                self.state = .failed(error)
            } catch {
                return
            }
        }
        loadTask = task
        return task
    }

    // MARK: - Values to show

    /// The product as known so far: the loaded one, else the preview.
    public var summary: ProductSummary? {
        if case .loaded(let detail) = state { return detail.summary }
        return preview
    }

    /// The title, or `Product` while nothing is known.
    public var title: String { summary?.title ?? "Product" }

    /// The price in the locale's format, or nil while nothing is known.
    public var price: String? { summary.map { format.price($0.price) } }

    /// The availability label, or nil while nothing is known.
    public var availability: AvailabilityLabel? { summary.map { AvailabilityLabel($0.availability) } }

    /// `Rated 4.5/5`, `No ratings yet`, or nil while nothing is known.
    public var rating: String? {
        guard let summary else { return nil }
        return summary.rating.map { "Rated \(format.rating($0))" } ?? "No ratings yet"
    }

    /// `Image: <url>`, `No image`, or nil while nothing is known; nil too while the picture itself is shown.
    public var image: String? {
        guard let summary else { return nil }
        if case .loaded = picture.state { return nil }
        return summary.imageURL.map { "Image: \($0.absoluteString)" } ?? "No image"
    }

    /// Whether the product can be added to the cart: known, and not out of stock (an unknown availability is left
    /// to the server to decide at checkout).
    public var canAddToCart: Bool {
        guard let summary else { return false }
        return summary.availability != .outOfStock
    }

    /// `Loading…` while the product (or its description) is on its way, nil otherwise.
    public var loadingLine: String? {
        state == .loading ? "Loading\u{2026}" : nil
    }

    /// An error with a retry hint, or a warning when the product is the saved copy shown offline; nil otherwise.
    public var notice: Notice? {
        switch state {
        case .failed(let error):
            return Notice(
                .error, message: ProductFormat.message(for: error, failedTo: "Couldn't load this product."),
                actionHint: ProductFormat.retryHint)
        case .loaded(let detail) where detail.source == .saved:
            return Notice(
                .warning, message: "You're offline. Showing the saved copy of this product.",
                actionHint: ProductFormat.retryHint)
        default:
            return nil
        }
    }

    /// The description wrapped to `width` cells (breaking at spaces, measured in terminal cells), one string per
    /// line; `No description.` when the product has none; empty while it loads or when `width` is below 1.
    public func descriptionLines(width: Int) -> [String] {
        guard width > 0, case .loaded(let detail) = state else { return [] }
        let text = detail.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !text.isEmpty else { return ["No description."] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            StyledLine(String(paragraph)).wrapped(toWidth: width).map(\.plainText)
        }
    }

    /// The picture's lines at most `columns` wide and `maxRows` high (redrawn from the decoded picture when the size
    /// changes), a one-line placeholder while it loads or when it is unavailable, or none.
    public func pictureLines(columns: Int, maxRows: Int) -> [StyledLine] {
        picture.lines(columns: columns, maxRows: maxRows)
    }

    // MARK: - Actions

    /// Hands the product to the cart (`SearchFeature.onAddToCart`) when `canAddToCart`, and says so in
    /// `cartMessage`; an out-of-stock product is not handed over, and `cartMessage` says why. While the product is
    /// still loading nothing happens.
    func addToCart() {
        guard let summary else { return }
        guard canAddToCart else {
            cartMessage = Notice(.warning, message: CartMessage.outOfStock(summary.title))
            return
        }
        feature.addToCart(summary)
        cartMessage = Notice(.info, message: CartMessage.added(summary.title))
    }
}

/// What a screen says after "add to cart": the same words on the results and on the product page.
enum CartMessage {
    /// `Added “Desk lamp” to the cart.`
    static func added(_ title: String) -> String {
        "Added \u{201C}\(title)\u{201D} to the cart."
    }

    /// `“Desk lamp” is out of stock, so it wasn't added to the cart.`
    static func outOfStock(_ title: String) -> String {
        "\u{201C}\(title)\u{201D} is out of stock, so it wasn't added to the cart."
    }
}

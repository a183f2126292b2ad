import DesignSystem
import FeatureKit
import Observation
import TerminalUI

/// The Cart screen: the lines with quantities and totals, the subtotal, editing, and the way into checkout.
@MainActor
@Observable
public final class CartViewModel {
    /// Called when the user asks to check out a non-empty cart: the App starts a `CheckoutCoordinator`.
    @ObservationIgnored public var onCheckout: (@MainActor () -> Void)?

    @ObservationIgnored private let feature: CartFeature
    @ObservationIgnored private let format: DisplayFormat
    @ObservationIgnored let editor: CartLineEditor

    /// Creates the view model over the app's cart.
    ///
    /// - Parameters:
    ///   - feature: The cart.
    ///   - format: How money is written.
    public init(feature: CartFeature, format: DisplayFormat) {
        self.feature = feature
        self.format = format
        self.editor = CartLineEditor(feature: feature, lines: { [feature] in feature.lines })
    }

    /// The lines to show.
    public var rows: [CartLineRow] { CartLineRow.rows(feature.lines, outOfStock: [], format: format) }

    /// The subtotal, such as `"€25.00"`; nil for an empty cart.
    public var subtotal: String? { CartLineRow.subtotal(feature.lines, format: format) }

    /// `"3 items"`.
    public var itemCountText: String { feature.itemCount == 1 ? "1 item" : "\(feature.itemCount) items" }

    /// Whether the cart is being read for the first time.
    public var isLoading: Bool { !feature.hasLoaded && feature.isWorking }

    /// Whether the cart was read and has no lines ("loaded, empty", not "never loaded").
    public var isEmpty: Bool { feature.hasLoaded && feature.lines.isEmpty }

    /// What went wrong last: a refused change, or a store that cannot be opened; nil when all is well.
    public var message: String? {
        if let error = feature.error { return error.description + " Your cart on disk was left as it is." }
        return editor.message
    }

    /// The selection and scroll position.
    public var listState: ListState { editor.listState }

    /// What the cart screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Read the cart.
        case load
        /// Check out, when the cart has lines.
        case checkout
        /// One more of the selected line.
        case increaseSelected
        /// One fewer of the selected line.
        case decreaseSelected
        /// Remove the selected line.
        case removeSelected
        /// Move the selection; `visibleCount` is how many lines fit (a page).
        case move(ListState.Move, visibleCount: Int)
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .load: return .started(Task { await self.load() })
        case .checkout:
            guard !feature.lines.isEmpty else { return .ignored }
            checkout()
            return .handled
        case .increaseSelected: return .started(editor.start(.increase))
        case .decreaseSelected: return .started(editor.start(.decrease))
        case .removeSelected: return .started(editor.start(.remove))
        case .move(let move, let visibleCount):
            return moveSelection(move, visibleCount: visibleCount) ? .handled : .ignored
        }
    }

    /// Reads the cart.
    func load() async {
        await feature.load()
    }

    /// Asks to check out (`onCheckout`) when the cart has lines.
    func checkout() {
        guard !feature.lines.isEmpty else { return }
        onCheckout?()
    }

    /// Adds one to the selected line.
    func increaseSelected() async { await editor.increaseSelected() }

    /// Takes one from the selected line.
    func decreaseSelected() async { await editor.decreaseSelected() }

    /// Removes the selected line.
    func removeSelected() async { await editor.removeSelected() }

    /// Moves the selection; `visibleCount` is how many lines fit (a page).
    ///
    /// - Returns: Whether there was a line to move to.
    @discardableResult
    func moveSelection(_ move: ListState.Move, visibleCount: Int) -> Bool {
        editor.moveSelection(move, visibleCount: visibleCount)
    }
}

import DesignSystem
import FeatureKit
import Models
import Networking
import Observation
import TerminalUI

/// The signed-in user's orders, newest first, a page at a time (`GET /v1/orders`, cursor-paginated).
///
/// Keeps the orders it has when a refresh or a further page fails; "never loaded" and "loaded, empty" are different
/// states; a cancelled load is not an error. A 401 calls `onSignInNeeded`.
@MainActor
@Observable
public final class OrderHistoryViewModel {
    /// One order ready to show.
    public struct Row: Hashable, Sendable, Identifiable {
        /// The order's id.
        public let id: OrderID
        /// `"Order ord_12"`.
        public let title: String
        /// `"Jan 2, 2026 · 3 items"`.
        public let subtitle: String
        /// The total, such as `"€29.40"`.
        public let total: String
        /// The status, such as `"Confirmed"`.
        public let status: String
    }

    /// The orders loaded so far, newest first.
    public private(set) var orders: [Order] = []
    /// Whether the first page was loaded at least once.
    public private(set) var hasLoaded = false
    /// Whether the first page is loading (a load or a refresh).
    public private(set) var isLoading = false
    /// Whether a further page is loading.
    public private(set) var isLoadingMore = false
    /// The last failure, or nil once a load succeeds.
    public private(set) var error: CheckoutError?
    /// The selection and scroll position.
    public var listState = ListState()

    /// Called with the selected order's id to open its detail.
    @ObservationIgnored public var onOpenOrder: (@MainActor (OrderID) -> Void)?
    /// Called when loading needs the user to sign in.
    @ObservationIgnored public var onSignInNeeded: (@MainActor () -> Void)?

    @ObservationIgnored private var nextCursor: String?
    @ObservationIgnored private let repository: any OrderRepository
    @ObservationIgnored private let format: DisplayFormat
    @ObservationIgnored private let pageSize: Int

    /// Creates the view model; nothing loads until `load()`.
    ///
    /// - Parameters:
    ///   - repository: The orders (`LiveOrderRepository`).
    ///   - format: How money and dates are written.
    ///   - pageSize: Orders per page, 1 to 50 (the contract's `limit`); values outside are clamped.
    public init(repository: any OrderRepository, format: DisplayFormat, pageSize: Int) {
        self.repository = repository
        self.format = format
        self.pageSize = min(max(pageSize, 1), 50)
    }

    /// The orders as rows.
    public var rows: [Row] {
        orders.map { order in
            let items = order.itemCount == 1 ? "1 item" : "\(order.itemCount) items"
            return Row(
                id: order.id, title: "Order \(order.id)", subtitle: "\(format.date(order.placedAt)) · \(items)",
                total: format.money(order.total), status: order.status.label)
        }
    }

    /// Shows `status` for the order `id` when it is among `orders` (an `order.status` live event), in place.
    ///
    /// - Returns: Whether the order is shown here.
    @discardableResult
    public func applyLiveStatus(_ status: OrderStatus, of id: OrderID) -> Bool {
        guard let index = orders.firstIndex(where: { $0.id == id }) else { return false }
        if orders[index].status != status { orders[index] = orders[index].settingStatus(status) }
        return true
    }

    /// Whether another page can be loaded.
    public var canLoadMore: Bool { nextCursor != nil }

    /// Whether the orders were loaded and there are none.
    public var isEmpty: Bool { hasLoaded && orders.isEmpty }

    /// The message for the last failure, or nil.
    public var errorMessage: String? { error?.message }

    /// What the order history screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Load the first page again.
        case load
        /// Open the selected order.
        case openSelected
        /// Move the selection; `visibleCount` is how many orders fit (a page).
        case move(ListState.Move, visibleCount: Int)
    }

    /// The screen's one entry point: does `intent`, starting (and owning) the task of what waits.
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .load:
            return .started(Task { await self.load() })
        case .openSelected:
            openSelected()
            return .handled
        case .move(let move, let visibleCount):
            return moveSelection(move, visibleCount: visibleCount) ? .handled : .ignored
        }
    }

    /// Loads the first page (again), replacing the orders when it succeeds and keeping them when it fails.
    func load() async {
        guard !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        if let page = await fetch(cursor: nil) {
            orders = page.items
            nextCursor = page.nextCursor
            hasLoaded = true
            listState = ListState()
        }
    }

    /// Loads the next page and appends its orders (an order already shown is not repeated).
    public func loadMore() async {
        guard let cursor = nextCursor, !isLoading, !isLoadingMore else { return }
        isLoadingMore = true
        defer { isLoadingMore = false }
        if let page = await fetch(cursor: cursor) {
            let known = Set(orders.map(\.id))
            orders += page.items.filter { !known.contains($0.id) }
            nextCursor = page.nextCursor
        }
    }

    /// Opens the selected order (`onOpenOrder`).
    func openSelected() {
        guard !orders.isEmpty else { return }
        onOpenOrder?(orders[min(max(listState.selectedIndex, 0), orders.count - 1)].id)
    }

    /// Moves the selection; at the last row it loads the next page when there is one.
    ///
    /// - Returns: Whether there was an order to move to.
    @discardableResult
    func moveSelection(_ move: ListState.Move, visibleCount: Int) -> Bool {
        let moved = listState.apply(move, itemCount: orders.count, visibleCount: visibleCount)
        if moved, listState.selectedIndex >= orders.count - 1, canLoadMore {
            Task { await loadMore() }
        }
        return moved
    }

    private func fetch(cursor: String?) async -> CursorPage<Order>? {
        do {
            let page = try await repository.orders(cursor: cursor, limit: pageSize)
            error = nil
            return page
        } catch let failure as CheckoutError {
            error = failure
            if failure == .signInRequired { onSignInNeeded?() }
        } catch {
            // Cancelled: not an error; the orders stay as they are.
        }
        return nil
    }
}

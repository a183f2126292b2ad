import FeatureKit
import Models
import Observation

/// One of the signed-in user's orders (`GET /v1/orders/{id}`): lines, shipping, total, address and payment.
@MainActor
@Observable
public final class OrderDetailViewModel {
    /// The order's id.
    public let orderID: OrderID
    /// The order, once loaded.
    public private(set) var order: Order?
    /// Whether it is loading.
    public private(set) var isLoading = false
    /// The last failure, or nil once a load succeeds.
    public private(set) var error: CheckoutError?

    /// Called when loading needs the user to sign in.
    @ObservationIgnored public var onSignInNeeded: (@MainActor () -> Void)?

    @ObservationIgnored private let repository: any OrderRepository
    @ObservationIgnored private let format: DisplayFormat
    /// A live status that arrived while a load was in flight (the answer may predate it).
    @ObservationIgnored private var statusDuringLoad: OrderStatus?

    /// Creates the view model for `orderID`; nothing loads until `load()`. Pass an order already at hand (the one
    /// just placed) as `order` to show it at once.
    ///
    /// - Parameters:
    ///   - orderID: The order to show.
    ///   - order: The order when it is already known, or nil.
    ///   - repository: The orders (`LiveOrderRepository`).
    ///   - format: How money and dates are written.
    public init(orderID: OrderID, order: Order?, repository: any OrderRepository, format: DisplayFormat) {
        self.orderID = orderID
        self.order = order
        self.repository = repository
        self.format = format
    }

    /// `"Order ord_12"`.
    public var title: String { "Order \(orderID)" }

    /// `"Confirmed · placed Jan 2, 2026 at 10:00 AM"`, once loaded.
    public var subtitle: String? {
        order.map { "\($0.status.label) · placed \(format.dateTime($0.placedAt))" }
    }

    /// The lines.
    public var lines: [PricedLine] {
        (order?.items ?? []).map { item in
            PricedLine(
                title: item.title, quantity: "\(item.quantity)", unitPrice: format.money(item.unitPrice),
                lineTotal: format.money(item.lineTotal))
        }
    }

    /// `"Shipping (standard)"` and its price.
    public var shipping: (label: String, price: String)? {
        order.map { ("Shipping (\($0.shippingOptionID))", format.money($0.shippingPrice)) }
    }

    /// The total.
    public var total: String? { order.map { format.money($0.total) } }

    /// The address, one line per part, when the server sent it.
    public var addressLines: [String] {
        guard let address = order?.shippingAddress else { return [] }
        return address.displayLines
    }

    /// How it was paid, when the server said.
    public var paymentSummary: String? { order?.paymentSummary }

    /// The message for the last failure, or nil.
    public var errorMessage: String? {
        error == .notFound ? "There is no order \(orderID) in your account." : error?.message
    }

    /// Shows `status` when `id` is this order (an `order.status` live event), in place; a status that arrives while
    /// the order loads is applied to the answer.
    ///
    /// - Returns: Whether `id` is this order.
    @discardableResult
    public func applyLiveStatus(_ status: OrderStatus, of id: OrderID) -> Bool {
        guard id == orderID else { return false }
        if isLoading { statusDuringLoad = status }
        if let order, order.status != status { self.order = order.settingStatus(status) }
        return true
    }

    /// What the order screen asks of its view model.
    public enum Intent: Hashable, Sendable {
        /// Load the order again.
        case load
    }

    /// The screen's one entry point: does `intent` in a task it starts (and owns).
    @discardableResult
    public func send(_ intent: Intent) -> IntentOutcome {
        switch intent {
        case .load: .started(Task { await self.load() })
        }
    }

    /// Loads the order; a failure keeps what was shown.
    func load() async {
        guard !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        statusDuringLoad = nil
        do {
            let loaded = try await repository.order(id: orderID)
            order = statusDuringLoad.map { loaded.settingStatus($0) } ?? loaded
            statusDuringLoad = nil
            error = nil
        } catch let failure as CheckoutError {
            error = failure
            if failure == .signInRequired { onSignInNeeded?() }
        } catch {
            // Cancelled: not an error.
        }
    }
}

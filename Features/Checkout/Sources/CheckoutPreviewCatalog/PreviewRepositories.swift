import Checkout
import FeaturePreview
import Foundation
import Logging
import Models
import Networking
import Persistence
import Primitives

/// How a preview repository answers: with its data, never (the loading state), or with an error.
enum PreviewAnswer: Sendable {
    /// Answers from the repository's data.
    case data
    /// Never answers (the request is still on its way).
    case pending
    /// Fails with this error.
    case failure(CheckoutError)
}

/// The signed-in user's orders as a preview holds them: pages of `pageSize` newest first, one order by id, and a
/// placement that answers with a confirmed order (or as `placement` says).
struct PreviewOrderRepository: OrderRepository {
    let orders: [Order]
    var answer = PreviewAnswer.data
    var placement = PreviewAnswer.data
    let now: Date

    func placeOrder(_ request: OrderRequest) async throws -> Order {
        try await respond(placement)
        return Order(
            id: "ord_preview", clientID: request.submissionID, status: .confirmed,
            items: request.items.map { item in
                OrderItem(
                    productID: item.productID, title: "\(item.productID)", quantity: item.quantity,
                    unitPrice: Money(amountMinor: 0, currency: request.expectedTotal.currency),
                    lineTotal: Money(amountMinor: 0, currency: request.expectedTotal.currency))
            }, shippingOptionID: request.shippingOptionID,
            shippingPrice: Money(amountMinor: 0, currency: request.expectedTotal.currency),
            shippingAddress: request.shippingAddress, paymentSummary: nil, total: request.expectedTotal,
            placedAt: now)
    }

    func orders(cursor: String?, limit: Int) async throws -> CursorPage<Order> {
        try await respond(answer)
        let start = cursor.flatMap(Int.init) ?? 0
        let end = min(start + limit, orders.count)
        return CursorPage(items: Array(orders[start..<end]), nextCursor: end < orders.count ? "\(end)" : nil)
    }

    func order(id: OrderID) async throws -> Order {
        try await respond(answer)
        guard let order = orders.first(where: { $0.id == id }) else { throw CheckoutError.notFound }
        return order
    }

    func order(clientID: String) async throws -> Order? {
        try await respond(answer)
        return orders.first { $0.clientID == clientID }
    }

    private func respond(_ answer: PreviewAnswer) async throws {
        switch answer {
        case .data: return
        case .pending: try await PreviewData.pending() as Void
        case .failure(let error): throw error
        }
    }
}

/// Card tokens as the demo payment provider gives them: any card passes as a Visa ending in its last four digits.
struct PreviewPaymentRepository: PaymentRepository {
    func tokenizeCard(_ card: CardDetails) async throws -> CardPayment {
        CardPayment(token: "tok_preview", brand: "Visa", last4: card.last4)
    }
}

/// A cart whose store never answers (the loading state) or cannot be opened (the error state).
struct UnavailableCartRepository: CartRepository {
    /// Whether it never answers (otherwise it fails).
    let isPending: Bool

    func lines() async throws(CartError) -> [CartLine] {
        try await wait()
        return []
    }

    func update<Value: Sendable>(_ change: @escaping @Sendable (inout Cart) throws(CartError) -> Value)
        async throws(CartError) -> (lines: [CartLine], value: Value)
    {
        try await wait()
        throw CartError.storeUnavailable(reason: "the preview's store is unavailable")
    }

    private func wait() async throws(CartError) {
        if isPending {
            do {
                try await PreviewData.pending() as Void
            } catch {
                throw CartError.storeUnavailable(reason: "cancelled")
            }
        }
        throw CartError.storeUnavailable(reason: "the disk is not there (preview)")
    }
}

/// Checkout's tables in an in-memory database of its own, and the live repositories over them: each preview state
/// starts from empty tables.
@MainActor
struct PreviewStore {
    let logger: Logger
    let database: Database
    let cart: CartFeature
    let drafts: LiveCheckoutDraftRepository
    let submissions: LiveCheckoutSubmissionRepository

    init() throws {
        logger = Self.makeLogger()
        var migrator = DatabaseMigrator()
        try migrator.register(CheckoutStorage.migrations)
        database = Database(
            location: .inMemory, migrator: migrator, configuration: DatabaseConfiguration(), logger: logger)
        cart = CartFeature(repository: LiveCartRepository(database: database, logger: logger), logger: logger)
        drafts = LiveCheckoutDraftRepository(database: database, logger: logger)
        let pid = ProcessInfo.processInfo.processIdentifier
        submissions = LiveCheckoutSubmissionRepository(
            database: database, logger: logger, processID: pid, isProcessAlive: { $0 == pid }, claimLifetime: 60)
    }

    /// A logger that keeps only critical records, in memory: a preview writes no log file.
    static func makeLogger() -> Logger {
        Logger(label: "checkout-preview", handler: CapturingLogHandler(logLevel: .critical))
    }

    /// Adds `lines` (product and quantity) to the cart.
    func fill(_ lines: [(ProductSummary, Int)]) async throws {
        for (product, quantity) in lines {
            _ = try await cart.add(product, quantity: quantity)
        }
    }

    /// A checkout flow over this store's cart and drafts, with `orders` and the demo payment provider.
    func coordinator(orders: PreviewOrderRepository, now: Date) -> CheckoutCoordinator {
        let ids = Locked(0)
        return CheckoutCoordinator(
            cart: cart, orders: orders, payments: PreviewPaymentRepository(), drafts: drafts,
            submissions: submissions, clock: ContinuousClock(), shippingOptions: PreviewSamples.shippingOptions,
            isExpressShippingEnabled: true,
            makeIdentifier: {
                ids.withLock { count in
                    count += 1
                    return "preview-\(count)"
                }
            }, currentDate: { now }, format: PreviewSamples.format, logger: logger)
    }
}

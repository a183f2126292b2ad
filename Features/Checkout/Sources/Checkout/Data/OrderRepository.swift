import Logging
import Models
import Networking

/// Orders on the server: placing one (the only write of the checkout), and reading the signed-in user's history.
///
/// Every method throws `CancellationError` when its task is cancelled and a `CheckoutError` otherwise.
public protocol OrderRepository: Sendable {
    /// Sends `POST /v1/orders` with `request.submissionID` as `Idempotency-Key` and `client_id`.
    ///
    /// - Returns: The order the server created (or, for a repeated submission, the one it created before).
    /// - Throws: `CheckoutError.priceChanged`, `.outOfStock`, `.signInRequired`, `.offline`, `.timedOut`,
    ///   `.serverUnavailable`, `.submissionReused`, `.rejected`, `.unexpected`; `CancellationError`.
    func placeOrder(_ request: OrderRequest) async throws -> Order

    /// One page of the signed-in user's orders, newest first (`GET /v1/orders`); pass the previous page's
    /// `nextCursor` for the next. Orders that do not decode are logged and left out.
    ///
    /// - Throws: `CheckoutError` (`.signInRequired` when signed out); `CancellationError`.
    func orders(cursor: String?, limit: Int) async throws -> CursorPage<Order>

    /// One of the signed-in user's orders (`GET /v1/orders/{id}`).
    ///
    /// - Throws: `CheckoutError.notFound` for an unknown id or another user's order; other `CheckoutError`s;
    ///   `CancellationError`.
    func order(id: OrderID) async throws -> Order
}

/// `OrderRepository` over the API: maps DTOs to domain values and `APIError` to `CheckoutError`, once, here.
public struct LiveOrderRepository: OrderRepository {
    private let client: APIClient
    private let logger: Logger

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - client: The API client (its retry policy repeats a placement whose answer was lost, with the same key).
    ///   - logger: Receives failures (never bodies, addresses or payment fields).
    public init(client: APIClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// See `OrderRepository.placeOrder(_:)`.
    public func placeOrder(_ request: OrderRequest) async throws -> Order {
        do {
            let dto = try await client.send(.placeOrder(OrderRequestDTO(request)))
            return Order(dto: dto, logger: logger)
        } catch {
            throw APIErrorMapping.checkoutError(from: error, logger: logger, operation: "placing an order")
        }
    }

    /// See `OrderRepository.orders(cursor:limit:)`.
    public func orders(cursor: String?, limit: Int) async throws -> CursorPage<Order> {
        do {
            let dto = try await client.send(.orders(cursor: cursor, limit: limit))
            for dropped in dto.orders.dropped {
                logger.warning(
                    "dropped an order that did not decode",
                    metadata: ["index": "\(dropped.index)", "reason": "\(dropped.failure)"])
            }
            let orders = dto.orders.elements.map { Order(dto: $0, logger: logger) }
            return CursorPage(items: orders, nextCursor: dto.nextCursor)
        } catch {
            throw APIErrorMapping.checkoutError(from: error, logger: logger, operation: "loading orders")
        }
    }

    /// See `OrderRepository.order(id:)`.
    public func order(id: OrderID) async throws -> Order {
        do {
            return Order(dto: try await client.send(.order(id: id)), logger: logger)
        } catch {
            throw APIErrorMapping.checkoutError(from: error, logger: logger, operation: "loading an order")
        }
    }
}

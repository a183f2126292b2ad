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

    /// The signed-in user's order placed with submission id `clientID` (`GET /v1/orders?client_id=`), or nil when
    /// the server has none: what reconciling a submission whose outcome is unknown asks.
    ///
    /// - Throws: `CheckoutError` (`.signInRequired`, `.offline`, …); `CancellationError`.
    func order(clientID: String) async throws -> Order?
}

/// `OrderRepository` over the API: maps DTOs to domain values and `APIError` to `CheckoutError`, once, here.
///
/// A placement answered `409 idempotency_request_in_progress` (the server is still processing an earlier attempt
/// with the same key) is sent again with the same key after the server's `Retry-After` (1 s when it names none),
/// until the client's overall deadline (`RequestTimeouts.overall`) is used up; then it fails as
/// `.serverUnavailable`, its outcome unknown.
public struct LiveOrderRepository: OrderRepository {
    private let client: APIClient
    private let clock: any Clock<Duration>
    private let logger: Logger

    /// Creates the repository.
    ///
    /// - Parameters:
    ///   - client: The API client (its retry policy repeats a placement whose answer was lost, with the same key).
    ///   - clock: Waits between attempts answered `409 idempotency_request_in_progress` (`ContinuousClock()` in the
    ///     App, a manual clock in tests).
    ///   - logger: Receives failures (never bodies, addresses or payment fields).
    public init(client: APIClient, clock: any Clock<Duration>, logger: Logger) {
        self.client = client
        self.clock = clock
        self.logger = logger
    }

    /// The error code of `409` while the first request with a key is still being processed (`openapi.yaml`).
    static let requestInProgressCode = "idempotency_request_in_progress"

    /// See `OrderRepository.placeOrder(_:)`.
    public func placeOrder(_ request: OrderRequest) async throws -> Order {
        var waited = Duration.zero
        let budget = client.timeouts.overall
        while true {
            do {
                let dto = try await client.send(.placeOrder(OrderRequestDTO(request)))
                return Order(dto: dto, logger: logger)
            } catch let error as APIError {
                guard case .http(409, let body, let retryAfter) = error, body.code == Self.requestInProgressCode else {
                    throw APIErrorMapping.checkoutError(from: error, logger: logger, operation: "placing an order")
                }
                let wait = max(retryAfter ?? body.retryAfter ?? .seconds(1), .milliseconds(100))
                guard waited + wait <= budget else {
                    logger.warning(
                        "placing an order: the server was still processing the first attempt at the deadline",
                        metadata: ["client_id": "\(request.submissionID)", "waited": "\(waited)"])
                    throw CheckoutError.serverUnavailable
                }
                logger.info(
                    "placing an order: the first attempt is still in progress on the server; waiting",
                    metadata: ["client_id": "\(request.submissionID)", "wait": "\(wait)"])
                try await clock.sleep(for: wait)
                waited += wait
            } catch {
                throw APIErrorMapping.checkoutError(from: error, logger: logger, operation: "placing an order")
            }
        }
    }

    /// See `OrderRepository.order(clientID:)`.
    public func order(clientID: String) async throws -> Order? {
        do {
            return Order(dto: try await client.send(.order(clientID: clientID)), logger: logger)
        } catch let error as APIError where error.status == 404 {
            return nil
        } catch {
            throw APIErrorMapping.checkoutError(
                from: error, logger: logger, operation: "looking up an order by its submission id")
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

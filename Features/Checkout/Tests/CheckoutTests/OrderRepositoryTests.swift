import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import TestSupport
import Testing

@testable import Checkout

@Suite("Order repository", .timeLimit(.minutes(2)))
struct OrderRepositoryTests {
    private struct Parts {
        let transport: ScriptedTransport
        let repository: LiveOrderRepository
        let logs: CapturingLogHandler
    }

    private func makeParts(retryPolicy: RetryPolicy = .noRetries) -> Parts {
        let clock = ManualClock()
        let transport = ScriptedTransport(clock: clock)
        let logs = CapturingLogHandler()
        let client = APIClient.testing(
            transport: transport, clock: clock, tokenProvider: InMemoryTokenProvider(token: "t"),
            retryPolicy: retryPolicy)
        return Parts(
            transport: transport,
            repository: LiveOrderRepository(client: client, clock: clock, logger: Logger(label: "t", handler: logs)),
            logs: logs)
    }

    private var request: OrderRequest {
        OrderRequest(
            submissionID: "id-2",
            items: [
                OrderRequest.Item(productID: "sku_94", quantity: 1),
                OrderRequest.Item(productID: "sku_196", quantity: 2),
            ],
            shippingAddress: Sample.address, shippingOptionID: "standard", payment: InvoicePayment(),
            expectedTotal: Money(amountMinor: 90_183, currency: .eur))
    }

    @Test("placing sends the contract's body with the submission id as key and client_id, and maps the answer")
    func placeOrder() async throws {
        let parts = makeParts()
        parts.transport.enqueue(try Fixture.response("order_placed", status: 201))

        let order = try await parts.repository.placeOrder(request)

        let sent = try #require(parts.transport.requests.first)
        #expect(sent.summary == "POST /v1/orders")
        #expect(sent.header("Idempotency-Key") == "id-2")
        #expect(sent.jsonBody == (try Fixture.json("order_request")))
        #expect(order.id == "ord_1")
        #expect(order.clientID == "id-3")
        #expect(order.status == .confirmed)
        #expect(order.items.map(\.quantity) == [1, 2])
        #expect(order.items.last?.lineTotal == Money(amountMinor: 57_398, currency: .eur))
        #expect(order.shippingOptionID == "standard")
        #expect(order.shippingPrice == Money(amountMinor: 490, currency: .eur))
        #expect(order.shippingAddress == Sample.address)
        #expect(order.paymentSummary == "Invoice")
        #expect(order.total == Money(amountMinor: 90_183, currency: .eur))
    }

    @Test("a card payment sends its token and reads back the brand and last four digits")
    func cardPayment() async throws {
        let parts = makeParts()
        parts.transport.enqueue(try Fixture.response("order_placed_card", status: 201))
        let card = CardPayment(token: "card_tok_1", brand: "visa", last4: "4242")
        let cardRequest = OrderRequest(
            submissionID: "id-5", items: [OrderRequest.Item(productID: "sku_94", quantity: 1)],
            shippingAddress: Sample.address, shippingOptionID: "express", payment: card,
            expectedTotal: Money(amountMinor: 33_785, currency: .eur))

        let order = try await parts.repository.placeOrder(cardRequest)

        #expect(
            parts.transport.requests.first?.jsonBody?["payment"]
                == .object(["method": .string("card"), "card_token": .string("card_tok_1")]))
        #expect(order.paymentSummary == "Visa ending in 4242")
    }

    @Test(
        "the contract's refusals become checkout errors",
        arguments: [
            (
                "price_changed", 409,
                CheckoutError.priceChanged(currentTotal: Money(amountMinor: 90_183, currency: .eur))
            ),
            ("out_of_stock", 409, CheckoutError.outOfStock(productIDs: ["sku_196"])),
            ("idempotency_key_reused", 422, CheckoutError.submissionReused),
        ])
    func refusals(fixture: String, status: Int, expected: CheckoutError) async throws {
        let parts = makeParts()
        parts.transport.enqueue(try Fixture.response(fixture, status: status))
        await #expect(throws: expected) { try await parts.repository.placeOrder(request) }
    }

    @Test(
        "failures map by kind",
        arguments: [
            (ScriptedResponse.apiError(status: 401, code: "unauthorized"), CheckoutError.signInRequired),
            (.failure(.notConnectedToInternet), .offline),
            (.failure(.timedOut), .timedOut),
            (
                .failure(.networkConnectionLost),
                .interrupted(TransferInterruption(kind: .connectionDropped, server: "api.storefront.test:443"))
            ),
            (
                .failure(.serverCertificateUntrusted),
                .interrupted(TransferInterruption(kind: .tls, server: "api.storefront.test:443"))
            ),
            (.apiError(status: 503, code: "unavailable"), .serverUnavailable),
            (.apiError(status: 429, code: "rate_limited"), .serverUnavailable),
            (.html("<p>Bad gateway</p>", status: 502), .serverUnavailable),
            (.apiError(status: 404, code: "not_found"), .notFound),
            (
                .apiError(status: 422, code: "validation_failed", message: "bad"),
                .rejected(code: "validation_failed", message: "bad")
            ),
        ])
    func failureKinds(response: ScriptedResponse, expected: CheckoutError) async throws {
        let parts = makeParts()
        parts.transport.enqueue(response)
        await #expect(throws: expected) { try await parts.repository.order(id: "ord_1") }
    }

    @Test("price_changed without readable details is reported as unexpected")
    func priceChangedWithoutDetails() async throws {
        let parts = makeParts()
        parts.transport.enqueue(.apiError(status: 409, code: "price_changed"))
        do {
            _ = try await parts.repository.placeOrder(request)
            Issue.record("expected a failure")
        } catch let error as CheckoutError {
            guard case .unexpected = error else {
                Issue.record("expected unexpected, got \(error)")
                return
            }
        }
    }

    @Test("the history is read a page at a time with the server's cursor")
    func pages() async throws {
        let parts = makeParts()
        parts.transport.enqueue(try Fixture.response("orders_page_1"))
        parts.transport.enqueue(try Fixture.response("orders_page_2"))

        let first = try await parts.repository.orders(cursor: nil, limit: 1)
        let second = try await parts.repository.orders(cursor: first.nextCursor, limit: 1)

        #expect(first.items.map(\.id) == ["ord_2"])
        #expect(first.nextCursor == "bzE6Mg")
        #expect(second.items.map(\.id) == ["ord_1"])
        #expect(!second.hasMore)
        let queries = parts.transport.requests.map { $0.queryItems.map { "\($0.name)=\($0.value ?? "")" } }
        #expect(queries == [["limit=1"], ["cursor=bzE6Mg", "limit=1"]])
        #expect(parts.transport.requests.allSatisfy { $0.header("Authorization") == "Bearer t" })
    }

    @Test("a messy page keeps what it can: numeric ids, unknown statuses, broken items and orders dropped and logged")
    func messyPage() async throws {
        let parts = makeParts()
        parts.transport.enqueue(try Fixture.response("orders_page_messy"))

        let page = try await parts.repository.orders(cursor: nil, limit: 20)

        #expect(page.items.map(\.id) == ["77", "ord_3"])
        #expect(page.items[0].status == .unknown("returned"))
        #expect(page.items[0].status.label == "Returned")
        #expect(page.items[0].items.map(\.productID) == ["12"])
        #expect(page.items[0].items.first?.title == "12")
        #expect(page.items[0].total.currency.minorUnitExponent == 3)
        #expect(page.items[1].status == .shipped)
        #expect(page.items[1].placedAt == Date(timeIntervalSince1970: 1_767_250_800))
        #expect(page.nextCursor == nil)
        #expect(parts.logs.messages.contains("dropped an order that did not decode"))
        #expect(parts.logs.messages.contains("dropped an order item that did not decode"))
    }

    @Test("one order is read by id; another user's order is not found")
    func detail() async throws {
        let parts = makeParts()
        parts.transport.enqueue(try Fixture.response("order_detail"))
        parts.transport.enqueue(.apiError(status: 404, code: "not_found", message: "There is no order ord_999."))

        let order = try await parts.repository.order(id: "ord_1")
        await #expect(throws: CheckoutError.notFound) { try await parts.repository.order(id: "ord_999") }

        #expect(order.id == "ord_1")
        #expect(parts.transport.requests.map(\.path) == ["/v1/orders/ord_1", "/v1/orders/ord_999"])
    }
}

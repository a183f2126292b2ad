import Foundation
import TestSupport
import Testing

@testable import SampleBackend

private let tidy = CatalogConfiguration(productCount: 40, postCount: 10, authorCount: 5, messyShare: 0)

/// The unit price in minor units of a product, read from the API.
private func unitPrice(_ client: TestClient, _ productID: String) async throws -> Int64 {
    let product = try await client.get("/v1/products/\(productID)")
    let price = try #require(product.object["price"] as? [String: Any])
    return try #require((price["amount_minor"] as? NSNumber)?.int64Value)
}

/// Runs `body` with a started server (with `faults`), `productID` stocked with 10, a token per name in `buyers`
/// and the total in minor units of one `productID` with standard shipping.
private func withStocked<Value>(
    _ productID: String, buyers: [String], faults: [String] = [],
    _ body: (TestServer, [String], Int64) async throws -> Value
) async throws -> Value {
    try await withTestServer(catalog: tidy, faults: faults) { server in
        try await server.server.setStock(productID: productID, stock: 10)
        var tokens: [String] = []
        for name in buyers {
            tokens.append(try await server.client.signIn(name))
        }
        return try await body(server, tokens, try await unitPrice(server.client, productID) + 490)
    }
}

/// Waits until `condition` holds, checking every 10 ms for at most `limit`; false when it never did.
private func eventually(within limit: Duration = .seconds(10), _ condition: () -> Bool) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

@Suite("API: reconciling orders (client_id lookup, keys in progress)")
struct OrderReconciliationTests {
    @Test("GET /v1/orders?client_id= finds the user's order by its submission id, and 404 for anything else")
    func lookupByClientID() async throws {
        try await withStocked("sku_4", buyers: ["reconciler", "bystander"]) { server, tokens, total in
            let client = server.client
            let (buyer, other) = (tokens[0], tokens[1])
            let placed = try await client.placeOrder(
                orderBody(clientID: "sub-lookup", items: [("sku_4", 1)], expectedTotal: total), key: "sub-lookup",
                token: buyer)
            #expect(placed.status == 201)

            let found = try await client.get("/v1/orders?client_id=sub-lookup", token: buyer)
            #expect(found.status == 200)
            #expect(found.body == placed.body, "the answer is the order as placed")
            #expect(found.header("Cache-Control") == "private, no-cache")
            #expect(found.header("ETag") != nil)

            let unknown = try await client.get("/v1/orders?client_id=sub-never-sent", token: buyer)
            #expect(unknown.status == 404)
            #expect(unknown.errorCode == "not_found")

            let othersOrder = try await client.get("/v1/orders?client_id=sub-lookup", token: other)
            #expect(othersOrder.status == 404, "another user's order is not found")

            let blank = try await client.get("/v1/orders?client_id=%20", token: buyer)
            #expect(blank.status == 400)
            #expect(blank.errorCode == "invalid_parameter")
            let long = try await client.get(
                "/v1/orders?client_id=" + String(repeating: "k", count: 256), token: buyer)
            #expect(long.status == 400)

            #expect(try await client.get("/v1/orders?client_id=sub-lookup").status == 401)
            let badCursor = try await client.get("/v1/orders?client_id=sub-lookup&cursor=nope", token: buyer)
            #expect(badCursor.errorCode == "invalid_cursor", "the other parameters are still checked")
        }
    }

    @Test("a second request with a key whose first is still held is 409 in progress with Retry-After; then replays")
    func keyInProgress() async throws {
        try await withStocked("sku_5", buyers: ["impatient", "unrelated"]) { server, tokens, total in
            let client = server.client
            let (buyer, other) = (tokens[0], tokens[1])
            let body = orderBody(clientID: "sub-held", items: [("sku_5", 1)], expectedTotal: total)
            // Holds the first order; the second is answered while the first still waits.
            try server.server.setFaults(parsing: ["POST /v1/orders latency=2s times=1"])

            let bytes = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
            let first = Task {
                try await client.send(
                    "POST", "/v1/orders", body: bytes, token: buyer, headers: ["Idempotency-Key": "sub-held"])
            }
            #expect(try await eventually { server.server.idempotencyKeysInProgress == 1 })
            let second = try await client.placeOrder(body, key: "sub-held", token: buyer)
            #expect(second.status == 409)
            #expect(second.errorCode == "idempotency_request_in_progress")
            #expect(second.header("Retry-After") == "1")
            #expect((second.error["retry_after"] as? NSNumber)?.intValue == 1)
            #expect(second.header("X-Request-Id") != nil)
            // Keys are scoped to the user: the same key of another user is not held up.
            let othersOrder = try await client.placeOrder(body, key: "sub-held", token: other)
            #expect(othersOrder.status == 201)

            let firstAnswer = try await first.value
            #expect(firstAnswer.status == 201)
            #expect(server.server.idempotencyKeysInProgress == 0)
            let retry = try await client.placeOrder(body, key: "sub-held", token: buyer)
            #expect(retry.status == 201)
            #expect(retry.header("Idempotent-Replayed") == "true")
            #expect(retry.body == firstAnswer.body)
            let orders = try await client.get("/v1/orders", token: buyer)
            #expect((orders.object["orders"] as? [[String: Any]])?.count == 1, "one order for the buyer")
        }
    }

    @Test("a key is released when its request fails, so the retry is served")
    func releasedAfterFailure() async throws {
        let failOnce = ["POST /v1/orders status=503 times=1"]
        try await withStocked("sku_6", buyers: ["unlucky"], faults: failOnce) { (server, tokens, total) async throws in
            let client = server.client
            let buyer = tokens[0]
            let body = orderBody(clientID: "sub-503", items: [("sku_6", 1)], expectedTotal: total)
            #expect(try await client.placeOrder(body, key: "sub-503", token: buyer).status == 503)
            #expect(server.server.idempotencyKeysInProgress == 0)
            #expect(try await client.placeOrder(body, key: "sub-503", token: buyer).status == 201)
        }
    }

    @Test("two server processes on one database: a key held by one is placed once by the other, then replayed")
    func keyAcrossServers() async throws {
        let directory = try TemporaryDirectory()
        let holding = try await TestServer.start(catalog: tidy, dataDirectory: directory.url)
        let other = try await TestServer.start(catalog: tidy, dataDirectory: directory.url)
        do {
            try await holding.server.setStock(productID: "sku_7", stock: 10)
            let token = try await holding.client.signIn("two-processes")
            let total = try await unitPrice(holding.client, "sku_7") + 490
            let bytes = try JSONSerialization.data(
                withJSONObject: orderBody(clientID: "sub-shared", items: [("sku_7", 1)], expectedTotal: total),
                options: [.sortedKeys])
            let headers = ["Idempotency-Key": "sub-shared"]
            try holding.server.setFaults(parsing: ["POST /v1/orders latency=2s times=1"])
            let client = holding.client
            let held = Task { try await client.send("POST", "/v1/orders", body: bytes, token: token, headers: headers) }
            #expect(try await eventually { holding.server.idempotencyKeysInProgress == 1 })
            // The other process does not see the claim; the database still lets one order through.
            let placed = try await other.client.send(
                "POST", "/v1/orders", body: bytes, token: token, headers: headers)
            #expect(placed.status == 201)
            let late = try await held.value
            #expect(late.status == 201)
            #expect(late.header("Idempotent-Replayed") == "true")
            #expect(late.body == placed.body)
            let orders = try await other.client.get("/v1/orders", token: token)
            #expect((orders.object["orders"] as? [[String: Any]])?.count == 1)
        } catch {
            await holding.stop()
            await other.stop()
            throw error
        }
        await holding.stop()
        await other.stop()
    }
}

import Foundation
import Testing

@testable import SampleBackend

/// The price in minor units of a product, read from the API.
private func price(_ client: TestClient, _ productID: String) async throws -> Int64 {
    let product = try await client.get("/v1/products/\(productID)")
    let price = try #require(product.object["price"] as? [String: Any])
    return try #require((price["amount_minor"] as? NSNumber)?.int64Value)
}

private let tidy = CatalogConfiguration(productCount: 60, postCount: 10, authorCount: 5, messyShare: 0)

/// Runs `body` with a started server, a signed-in buyer's token, and `productID` stocked with `stock`, whose unit
/// price in minor units it also passes.
private func withBuyer<Value>(
    stocking productID: String, stock: Int = 10,
    _ body: (TestServer, TestClient, String, Int64) async throws -> Value
) async throws -> Value {
    try await withTestServer(catalog: tidy) { server in
        let token = try await server.client.signIn("buyer")
        try await server.server.setStock(productID: productID, stock: stock)
        return try await body(server, server.client, token, try await price(server.client, productID))
    }
}

/// `count` copies of one `POST /v1/orders` sent at the same time, each on a client of its own.
private func sendConcurrently(
    _ count: Int, _ body: Data, key: String, token: String, to client: TestClient
) async throws -> [TestResponse] {
    try await withThrowingTaskGroup(of: TestResponse.self) { group in
        for _ in 0..<count {
            group.addTask {
                try await TestClient(baseURL: client.baseURL).send(
                    "POST", "/v1/orders", body: body, token: token, headers: ["Idempotency-Key": key])
            }
        }
        var all: [TestResponse] = []
        for try await response in group { all.append(response) }
        return all
    }
}

@Suite("API: orders")
struct OrderAPITests {
    @Test("an order is placed once per key: a replay returns the same status and bytes, marked as replayed")
    func idempotentReplay() async throws {
        try await withBuyer(stocking: "sku_2") { _, client, token, unit in
            let total = unit * 2 + 490
            let body = orderBody(clientID: "sub-1", items: [("sku_2", 2)], expectedTotal: total)
            let first = try await client.placeOrder(body, key: "sub-1", token: token)
            #expect(first.status == 201)
            #expect(first.header("Idempotent-Replayed") == nil)
            let order = first.object
            #expect(order["client_id"] as? String == "sub-1")
            #expect(order["status"] as? String == "confirmed")
            #expect(((order["total"] as? [String: Any])?["amount_minor"] as? NSNumber)?.int64Value == total)
            #expect((order["items"] as? [[String: Any]])?.first?["quantity"] as? Int == 2)
            #expect(order["placed_at"] is String)
            #expect((order["shipping"] as? [String: Any])?["option"] as? String == "standard")

            let replay = try await client.send(
                "POST", "/v1/orders", json: body, token: token, headers: ["idempotency-key": "sub-1"])
            #expect(replay.status == 201)
            #expect(replay.body == first.body)
            #expect(replay.header("Idempotent-Replayed") == "true")

            let orders = try await client.get("/v1/orders", token: token)
            #expect((orders.object["orders"] as? [[String: Any]])?.count == 1)
            #expect(try await client.get("/v1/products/sku_2").status == 200)
        }
    }

    @Test("the same key with another body is 422 idempotency_key_reused; the key needs a header")
    func keyRules() async throws {
        try await withBuyer(stocking: "sku_3") { _, client, token, unit in
            let body = orderBody(clientID: "sub-2", items: [("sku_3", 1)], expectedTotal: unit + 490)
            let placed = try await client.placeOrder(body, key: "k2", token: token)
            #expect(placed.status == 201)
            let changed = orderBody(clientID: "sub-2", items: [("sku_3", 2)], expectedTotal: unit * 2 + 490)
            let reused = try await client.placeOrder(changed, key: "k2", token: token)
            #expect(reused.status == 422)
            #expect(reused.errorCode == "idempotency_key_reused")

            let noKey = try await client.send("POST", "/v1/orders", json: body, token: token)
            #expect(noKey.status == 400)
            #expect(noKey.errorCode == "missing_idempotency_key")
            let anonymous = try await client.send("POST", "/v1/orders", json: body, headers: ["Idempotency-Key": "k3"])
            #expect(anonymous.status == 401)

            let otherUser = try await client.signIn("someone-else")
            let sameKeyOtherUser = try await client.placeOrder(body, key: "k2", token: otherUser)
            #expect(sameKeyOtherUser.status == 201, "keys are scoped to the user")
        }
    }

    @Test("a stale expected_total is 409 price_changed with the current total; the answer is kept for the key")
    func priceChanged() async throws {
        try await withBuyer(stocking: "sku_4") { server, client, token, old in
            try await server.server.setPrice(productID: "sku_4", amountMinor: old + 1000)
            let body = orderBody(
                clientID: "sub-3", items: [("sku_4", 1)], expectedTotal: old + 1490, shipping: "express")
            let stale = try await client.placeOrder(body, key: "k4", token: token)
            #expect(stale.status == 409)
            #expect(stale.errorCode == "price_changed")
            let current = try #require((stale.error["details"] as? [String: Any])?["current_total"] as? [String: Any])
            #expect((current["amount_minor"] as? NSNumber)?.int64Value == old + 1000 + 1490)
            #expect(current["currency"] as? String == "EUR")
            let replay = try await client.placeOrder(body, key: "k4", token: token)
            #expect(replay.status == 409)
            #expect(replay.body == stale.body)
            #expect(replay.header("Idempotent-Replayed") == "true")
            let orders = try await client.get("/v1/orders", token: token)
            #expect((orders.object["orders"] as? [[String: Any]])?.isEmpty == true)
        }
    }

    @Test("missing stock is 409 out_of_stock naming the products; placing an order takes the stock")
    func stock() async throws {
        try await withTestServer(catalog: tidy) { server in
            let client = server.client
            let token = try await client.signIn("buyer")
            try await server.server.setStock(productID: "sku_5", stock: 2)
            try await server.server.setStock(productID: "sku_6", stock: 10)
            let total = try await price(client, "sku_5") * 2 + (try await price(client, "sku_6")) + 0
            let body = orderBody(
                clientID: "a", items: [("sku_5", 2), ("sku_6", 1)], expectedTotal: total, shipping: "pickup")
            let placed = try await client.placeOrder(body, key: "a", token: token)
            #expect(placed.status == 201)
            #expect(try await client.get("/v1/products/sku_5").object["availability"] as? String == "out_of_stock")
            let again = orderBody(
                clientID: "b", items: [("sku_6", 1), ("sku_5", 1)], expectedTotal: total, shipping: "pickup")
            let refused = try await client.placeOrder(again, key: "b", token: token)
            #expect(refused.status == 409)
            #expect(refused.errorCode == "out_of_stock")
            #expect((refused.error["details"] as? [String: Any])?["product_ids"] as? [String] == ["sku_5"])
            #expect(try await client.get("/v1/products/sku_6").object["availability"] as? String == "in_stock")
        }
    }

    @Test("orders list newest first with a cursor; another user's order is 404")
    func listAndPrivacy() async throws {
        try await withTestServer(catalog: tidy) { server in
            let client = server.client
            let token = try await client.signIn("collector")
            try await server.server.setStock(productID: "sku_7", stock: 50)
            let unit = try await price(client, "sku_7")
            var ids: [String] = []
            for index in 0..<5 {
                let cardToken = try await client.cardToken(token: token)
                let body = orderBody(
                    clientID: "c\(index)", items: [("sku_7", 1)], expectedTotal: unit + 490,
                    payment: ["method": "card", "card_token": cardToken])
                let placed = try await client.placeOrder(body, key: "c\(index)", token: token)
                #expect(placed.status == 201)
                #expect((placed.object["payment"] as? [String: Any])?["last4"] as? String == "4242")
                ids.append(try #require(placed.object["id"] as? String))
            }
            var listed: [String] = []
            var cursor: String?
            repeat {
                let page = try await client.get(
                    "/v1/orders?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), token: token)
                #expect(page.status == 200)
                listed += try #require(page.object["orders"] as? [[String: Any]]).compactMap { $0["id"] as? String }
                cursor = page.object["next_cursor"] as? String
            } while cursor != nil
            #expect(listed == ids.reversed())

            let mine = try await client.get("/v1/orders/\(ids[0])", token: token)
            #expect(mine.status == 200)
            #expect(mine.object["id"] as? String == ids[0])
            let intruder = try await client.signIn("intruder")
            let theirs = try await client.get("/v1/orders/\(ids[0])", token: intruder)
            #expect(theirs.status == 404)
            #expect(theirs.errorCode == "not_found")
            #expect((try await client.get("/v1/orders", token: intruder).object["orders"] as? [Any])?.isEmpty == true)
            #expect(try await client.get("/v1/orders/\(ids[0])").status == 401)
            #expect(try await client.get("/v1/orders?cursor=bogus", token: token).errorCode == "invalid_cursor")
        }
    }

    @Test("bodies with the wrong shape or values are 4xx naming the field, never 500")
    func badBodies() async throws {
        try await withTestServer(catalog: tidy) { server in
            let client = server.client
            let token = try await client.signIn("careless")
            let good = orderBody(clientID: "x", items: [("sku_1", 1)], expectedTotal: 100)
            func post(_ body: Any, key: String = UUID().uuidString) async throws -> TestResponse {
                try await client.placeOrder(body, key: key, token: token)
            }
            var noItems = good
            noItems["items"] = [[String: Any]]()
            var badQuantity = good
            badQuantity["items"] = [["product_id": "sku_1", "quantity": 0]]
            var stringQuantity = good
            stringQuantity["items"] = [["product_id": "sku_1", "quantity": "two"]]
            var unknownProduct = good
            unknownProduct["items"] = [["product_id": "sku_nope", "quantity": 1]]
            var badShipping = good
            badShipping["shipping_option"] = "teleport"
            var badPayment = good
            badPayment["payment"] = ["method": "card", "card_token": "card_tok_forged"]
            var floatTotal = good
            floatTotal["expected_total"] = ["amount_minor": 12.5, "currency": "EUR"]
            var otherCurrency = good
            otherCurrency["expected_total"] = ["amount_minor": 100, "currency": "USD"]
            var missingAddress = good
            missingAddress["shipping_address"] = nil
            let cases: [(Any, Int, String, String)] = [
                (noItems, 422, "validation_failed", "items"),
                (badQuantity, 422, "validation_failed", "quantity"),
                (stringQuantity, 400, "invalid_request", "quantity"),
                (unknownProduct, 422, "unknown_product", "sku_nope"),
                (badShipping, 422, "validation_failed", "shipping_option"),
                (badPayment, 422, "validation_failed", "card_token"),
                (floatTotal, 400, "invalid_request", "amount_minor"),
                (otherCurrency, 422, "validation_failed", "currency"),
                (missingAddress, 400, "invalid_request", "shipping_address"),
            ]
            for (body, status, code, mention) in cases {
                let response = try await post(body)
                #expect(response.status == status, "\(code): \(response.text)")
                #expect(response.errorCode == code)
                #expect(response.text.contains(mention), "\(response.text) should mention \(mention)")
            }
            let malformed = try await client.send(
                "POST", "/v1/orders", body: Data("{\"items\": [".utf8), token: token, headers: ["Idempotency-Key": "m"])
            #expect(malformed.status == 400)
            #expect(malformed.errorCode == "malformed_json")
            let huge = try await client.send(
                "POST", "/v1/orders", body: Data(repeating: 0x20, count: 200_000), token: token,
                headers: ["Idempotency-Key": "h"])
            #expect(huge.status == 413)
            #expect(huge.errorCode == "payload_too_large")
        }
    }

    @Test("concurrent submissions under one key place one order; the overlapping ones are told it is in progress")
    func concurrentReplays() async throws {
        try await withBuyer(stocking: "sku_8", stock: 100) { _, client, token, unit in
            let body = try JSONSerialization.data(
                withJSONObject: orderBody(clientID: "race", items: [("sku_8", 1)], expectedTotal: unit + 490))
            let responses = try await sendConcurrently(8, body, key: "race", token: token, to: client)
            let placed = responses.filter { $0.status == 201 }
            let busy = responses.filter { $0.status == 409 }
            #expect(placed.count + busy.count == responses.count)
            #expect(busy.allSatisfy { $0.errorCode == "idempotency_request_in_progress" })
            #expect(placed.filter { $0.header("Idempotent-Replayed") == nil }.count == 1)
            // Those told to wait retry with the same key and get the one order's answer.
            var answers = placed
            for _ in busy {
                answers.append(
                    try await client.send(
                        "POST", "/v1/orders", body: body, token: token, headers: ["Idempotency-Key": "race"]))
            }
            #expect(answers.allSatisfy { $0.status == 201 })
            #expect(Set(answers.map(\.body)).count == 1)
            let orders = try await client.get("/v1/orders", token: token)
            #expect((orders.object["orders"] as? [Any])?.count == 1)
        }
    }

    @Test("concurrent replays of a key whose answer is stored all get that answer, none is told to wait")
    func concurrentReplaysOfStoredAnswer() async throws {
        try await withBuyer(stocking: "sku_9", stock: 100) { _, client, token, unit in
            let body = try JSONSerialization.data(
                withJSONObject: orderBody(clientID: "stored", items: [("sku_9", 1)], expectedTotal: unit + 490))
            let first = try await client.send(
                "POST", "/v1/orders", body: body, token: token, headers: ["Idempotency-Key": "stored"])
            #expect(first.status == 201)
            let replays = try await sendConcurrently(16, body, key: "stored", token: token, to: client)
            #expect(replays.map(\.status) == Array(repeating: 201, count: 16))
            #expect(replays.allSatisfy { $0.body == first.body && $0.header("Idempotent-Replayed") == "true" })
            let orders = try await client.get("/v1/orders", token: token)
            #expect((orders.object["orders"] as? [Any])?.count == 1)
        }
    }

    @Test("a replay with other bytes for the same JSON (key order, whitespace) is replayed; another value is 422")
    func replayWithOtherBytes() async throws {
        try await withBuyer(stocking: "sku_3") { _, client, token, unit in
            let object = orderBody(clientID: "bytes", items: [("sku_3", 1)], expectedTotal: unit + 490)
            let compact = try JSONSerialization.data(withJSONObject: object)
            let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            #expect(compact != pretty)
            let first = try await client.send(
                "POST", "/v1/orders", body: compact, token: token, headers: ["Idempotency-Key": "bytes"])
            #expect(first.status == 201)
            let replay = try await client.send(
                "POST", "/v1/orders", body: pretty, token: token, headers: ["Idempotency-Key": "bytes"])
            #expect(replay.status == 201)
            #expect(replay.body == first.body)
            #expect(replay.header("Idempotent-Replayed") == "true")
            var changed = object
            changed["client_id"] = "other"
            let reused = try await client.send(
                "POST", "/v1/orders", body: try JSONSerialization.data(withJSONObject: changed), token: token,
                headers: ["Idempotency-Key": "bytes"])
            #expect(reused.status == 422)
            #expect(reused.errorCode == "idempotency_key_reused")
        }
    }
}

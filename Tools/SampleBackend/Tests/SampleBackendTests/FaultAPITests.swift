import Foundation
import TestSupport
import Testing

@testable import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("API: fault rules over HTTP")
struct FaultAPITests {
    @Test("latency applies to the matching query only")
    func latencyPerQuery() async throws {
        try await withTestServer(faults: ["GET /v1/search?q=slow latency=300ms"]) { server in
            let clock = ContinuousClock()
            let started = clock.now
            let slow = try await server.client.get("/v1/search?q=slow")
            let elapsed = clock.now - started
            let fast = try await server.client.get("/v1/search?q=fast")
            #expect(slow.status == 200)
            #expect(fast.status == 200)
            #expect(elapsed >= .milliseconds(300))
            let records = server.log.records.filter { $0.message.description == "request" }
            let faulted = records.filter { $0.metadata["fault"] != nil }
            #expect(faulted.count == 1)
            #expect(faulted.first?.metadata["query"]?.description == "q=slow")
        }
    }

    @Test("a status rule answers a reproducible share of requests with the error shape and Retry-After")
    func statusShare() async throws {
        func statuses(seed: UInt64) async throws -> [Int] {
            try await withTestServer(seed: seed, faults: ["GET /v1/config status=503 share=0.5 retry-after=4"]) {
                server in
                var statuses: [Int] = []
                for _ in 0..<40 {
                    let response = try await server.client.get("/v1/config")
                    statuses.append(response.status)
                    if response.status == 503 {
                        #expect(response.header("Retry-After") == "4")
                        #expect(response.errorCode == "unavailable")
                        #expect(response.error["retry_after"] as? Int == 4)
                    }
                }
                return statuses
            }
        }
        let first = try await statuses(seed: 11)
        #expect(Set(first) == [200, 503])
        #expect(try await statuses(seed: 11) == first)
        #expect(try await statuses(seed: 12) != first)
    }

    @Test("a rate limit answers 429 with Retry-After until the window passes")
    func rateLimit() async throws {
        let clock = ManualClock()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let now: @Sendable () -> Date = {
            let offset = clock.now.offset.components
            return start.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
        }
        try await withTestServer(faults: ["GET /v1/feed rate=2/s"], now: now) { server in
            #expect(try await server.client.get("/v1/feed?limit=1").status == 200)
            #expect(try await server.client.get("/v1/feed?limit=1").status == 200)
            let limited = try await server.client.get("/v1/feed?limit=1")
            #expect(limited.status == 429)
            #expect(limited.errorCode == "rate_limited")
            #expect(limited.header("Retry-After") == "1")
            #expect(limited.error["retry_after"] as? Int == 1)
            #expect(try await server.client.get("/v1/config").status == 200, "other routes are not limited")
            clock.advance(by: .seconds(1))
            #expect(try await server.client.get("/v1/feed?limit=1").status == 200)
        }
    }

    @Test("drop-after-commit: the client gets no answer, the order exists once, and the replay returns it")
    func dropAfterCommit() async throws {
        let catalog = CatalogConfiguration(productCount: 30, postCount: 5, authorCount: 2, messyShare: 0)
        try await withTestServer(catalog: catalog, faults: ["POST /v1/orders drop-after-commit"]) { server in
            let client = server.client
            let token = try await client.signIn("unlucky")
            try await server.server.setStock(productID: "sku_9", stock: 5)
            let product = try await client.get("/v1/products/sku_9")
            let unit = try #require(
                ((product.object["price"] as? [String: Any])?["amount_minor"] as? NSNumber)?.int64Value)
            let body = orderBody(clientID: "dropped", items: [("sku_9", 2)], expectedTotal: unit * 2 + 490)

            let freshConnection = try TestClient(baseURL: client.baseURL)
            await #expect(throws: URLError.self) {
                _ = try await freshConnection.placeOrder(body, key: "dropped", token: token)
            }
            let replay = try await client.placeOrder(body, key: "dropped", token: token)
            #expect(replay.status == 201)
            #expect(replay.header("Idempotent-Replayed") == "true")
            let orders = try #require(
                try await client.get("/v1/orders", token: token).object["orders"] as? [[String: Any]])
            #expect(orders.count == 1)
            #expect(orders.first?["id"] as? String == replay.object["id"] as? String)
            let stock = try await client.get("/v1/products/sku_9")
            #expect(stock.object["availability"] as? String == "low_stock", "5 - 2 = 3 left: taken once")
            #expect(server.log.records.contains { $0.metadata["status"]?.description == "dropped" })
        }
    }

    @Test("rules can be replaced at runtime; a bad rule is refused and leaves the rules unchanged")
    func runtimeRules() async throws {
        try await withTestServer { server in
            #expect(try await server.client.get("/v1/config").status == 200)
            try server.server.setFaults(parsing: ["GET /v1/config status=500 times=1"])
            #expect(server.server.faults.map(\.text) == ["GET /v1/config status=500 times=1"])
            let failed = try await server.client.get("/v1/config")
            #expect(failed.status == 500)
            #expect(failed.errorCode == "internal_error")
            #expect(try await server.client.get("/v1/config").status == 200, "times=1 is used up")
            #expect(throws: FaultRuleError.self) { try server.server.setFaults(parsing: ["GET /v1/config oops"]) }
            #expect(server.server.faults.count == 1)
            server.server.setFaults([])
            #expect(server.server.faults.isEmpty)
        }
    }
}

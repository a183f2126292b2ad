import Foundation
import TestSupport
import Testing

@testable import SampleBackend

@Suite("Lifetimes, fault seed and access log")
struct LifetimeAndLogTests {
    /// A wall clock that starts at `start` and moves only when `clock` is advanced.
    static func manualNow(_ clock: ManualClock, start: Date = Date(timeIntervalSince1970: 1_800_000_000))
        -> @Sendable () -> Date
    {
        {
            let offset = clock.now.offset.components
            return start.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
        }
    }

    @Test("a session expires after the configured lifetime; the answer says when, and the token is then 401")
    func sessionExpiry() async throws {
        let clock = ManualClock()
        let hourLong: (inout SampleServerConfiguration) -> Void = { $0.sessionLifetime = .seconds(3600) }
        try await withTestServer(now: Self.manualNow(clock), configure: hourLong) { server in
            let client = server.client
            let session = try await client.send("POST", "/v1/session", json: ["user_name": "brief"])
            #expect(session.object["expires_in"] as? Int == 3600)
            let token = try #require(session.object["token"] as? String)
            clock.advance(by: .seconds(3599))
            #expect(try await client.get("/v1/orders", token: token).status == 200)
            clock.advance(by: .seconds(1))
            let expired = try await client.get("/v1/orders", token: token)
            #expect(expired.status == 401)
            #expect(expired.errorCode == "unauthorized")
            #expect(expired.header("WWW-Authenticate") == "Bearer")
            let again = try await client.signIn("brief")
            #expect(try await client.get("/v1/orders", token: again).status == 200, "signing in again works")
        }
    }

    @Test("a card token pays for one order only, and not after its lifetime")
    func cardTokens() async throws {
        let clock = ManualClock()
        let tidy = CatalogConfiguration(productCount: 50, postCount: 10, authorCount: 5, messyShare: 0)
        let tenMinutes: (inout SampleServerConfiguration) -> Void = { $0.cardTokenLifetime = .seconds(600) }
        try await withTestServer(catalog: tidy, now: Self.manualNow(clock), configure: tenMinutes) { server in
            let client = server.client
            let token = try await client.signIn("card-holder")
            let price = try #require(
                (try await client.get("/v1/products/sku_3").object["price"] as? [String: Any])?["amount_minor"] as? Int)
            func order(_ key: String, card: String) async throws -> TestResponse {
                try await client.placeOrder(
                    orderBody(
                        clientID: key, items: [("sku_3", 1)], expectedTotal: Int64(price) + 490,
                        payment: ["method": "card", "card_token": card]),
                    key: key, token: token)
            }
            let card = try await client.cardToken(token: token)
            #expect(try await order("k1", card: card).status == 201)
            let replay = try await order("k1", card: card)
            #expect(replay.status == 201, "a replay of the same order is the stored answer")
            #expect(replay.header("Idempotent-Replayed") == "true")
            let reused = try await order("k2", card: card)
            #expect(reused.status == 422)
            #expect((reused.error["details"] as? [String: Any])?["field"] as? String == "payment.card_token")
            #expect((reused.error["message"] as? String)?.contains("used") == true)

            let late = try await client.cardToken(token: token)
            clock.advance(by: .seconds(600))
            let expired = try await order("k3", card: late)
            #expect(expired.status == 422)
            #expect((expired.error["message"] as? String)?.contains("expired") == true)
        }
    }

    @Test("the fault seed varies the share draws over the same catalog; the same fault seed repeats them")
    func faultSeed() async throws {
        func run(faultSeed: UInt64?) async throws -> (statuses: [Int], firstPost: String) {
            let seeded: (inout SampleServerConfiguration) -> Void = { $0.faultSeed = faultSeed }
            return try await withTestServer(
                seed: 7, faults: ["GET /v1/config status=503 share=0.5"], configure: seeded
            ) { server in
                var statuses: [Int] = []
                for _ in 0..<24 {
                    statuses.append(try await server.client.get("/v1/config").status)
                }
                let feed = try await server.client.get("/v1/feed?limit=1")
                let first = try #require(feed.object["posts"] as? [[String: Any]]).first?["id"]
                return (statuses, "\(first ?? "")")
            }
        }
        let first = try await run(faultSeed: 1)
        let repeated = try await run(faultSeed: 1)
        let other = try await run(faultSeed: 2)
        #expect(first.statuses == repeated.statuses)
        #expect(first.statuses != other.statuses, "24 draws at 0.5 differ for another fault seed")
        #expect(first.firstPost == other.firstPost, "the catalog follows --seed alone")
        #expect(Set(first.statuses) == [200, 503])
    }

    @Test("access-log lines carry the arrival time and the request id, which the answer echoes")
    func accessLog() async throws {
        let clock = ManualClock()
        try await withTestServer(now: Self.manualNow(clock)) { server in
            let sent = try await server.client.get("/v1/config", headers: ["X-Request-Id": "trace-42"])
            #expect(sent.header("X-Request-Id") == "trace-42")
            let made = try await server.client.get("/v1/nowhere")
            let madeID = try #require(made.header("X-Request-Id"))
            #expect(madeID.hasPrefix("req_"))
            let unusable = try await server.client.get("/v1/config", headers: ["X-Request-Id": "has space"])
            #expect(unusable.header("X-Request-Id")?.hasPrefix("req_") == true)
            let lines = server.log.records.filter { $0.message.description == "request" }
            let byID = Dictionary(
                lines.map { ($0.metadata["request_id"]?.description ?? "", $0) }, uniquingKeysWith: { a, _ in a })
            #expect(byID["trace-42"]?.metadata["time"]?.description == "2027-01-15T08:00:00Z")
            #expect(byID[madeID]?.metadata["status"]?.description == "404")
        }
    }
}

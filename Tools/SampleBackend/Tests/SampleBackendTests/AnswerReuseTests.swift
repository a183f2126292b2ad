import Foundation
import Logging
import TestSupport
import Testing

@testable import SampleBackend

/// The fast lane (`AnswerReuse`) needs a database file (its commit stamps live in the wal-index) and a log level
/// above `info` (every request logged takes the full path).
private func withLaneServers<Value>(
    count: Int = 1, _ body: ([TestServer]) async throws -> Value
) async throws -> Value {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("sample-backend-reuse-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let tidy = CatalogConfiguration(productCount: 50, postCount: 10, authorCount: 5, messyShare: 0)
    var servers: [TestServer] = []
    do {
        for _ in 0..<count {
            servers.append(
                try await TestServer.start(
                    catalog: tidy, dataDirectory: directory,
                    configure: { configuration in
                        configuration.logger.logLevel = .notice
                    }))
        }
        let value = try await body(servers)
        for server in servers { await server.stop() }
        return value
    } catch {
        for server in servers { await server.stop() }
        throw error
    }
}

/// A server over a new database file with a manual clock and hour-long sessions (the fast lane on when `lane`,
/// through a log level above `info`), and the JSON (keys sorted) of an order of one `product` at its price.
private func withReplayServer<Value>(
    lane: Bool, product: String, clientID: String,
    _ body: (TestServer, ManualClock, Data) async throws -> Value
) async throws -> Value {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("sample-backend-replays-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = ManualClock()
    let tidy = CatalogConfiguration(productCount: 50, postCount: 10, authorCount: 5, messyShare: 0)
    let configure: (inout SampleServerConfiguration) -> Void = { configuration in
        configuration.sessionLifetime = .seconds(3600)
        if lane { configuration.logger.logLevel = .notice }
    }
    return try await withTestServer(
        catalog: tidy, dataDirectory: directory, now: LifetimeAndLogTests.manualNow(clock), configure: configure
    ) { server in
        let price = try #require(
            (try await server.client.get("/v1/products/\(product)").object["price"] as? [String: Any])?["amount_minor"]
                as? Int)
        let object = orderBody(clientID: clientID, items: [(product, 1)], expectedTotal: Int64(price) + 490)
        return try await body(server, clock, try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}

/// The head of an answer without the lines that differ per request (`Date`, `X-Request-Id`).
private func stableHead(_ answer: RawAnswer) -> [String] {
    answer.head.split(separator: "\r\n").map(String.init).filter {
        !$0.lowercased().hasPrefix("date:") && !$0.lowercased().hasPrefix("x-request-id:")
    }.sorted()
}

@Suite("The fast lane: answers kept while the database file is unchanged")
struct AnswerReuseTests {
    @Test("a kept answer is the made one byte for byte (but its request id), revalidates to 304, keeps the connection")
    func sameBytes() async throws {
        try await withLaneServers { servers in
            let server = servers[0]
            let port = server.server.port
            let request = "GET /v1/products/sku_5 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
            let made = try await rawExchange(port: port, request)
            #expect(server.server.reusedAnswerCounts?.kept == 1)
            let kept = try await rawExchange(port: port, request)
            #expect(server.server.reusedAnswerCounts?.hits == 1)
            #expect(kept.status == 200)
            #expect(kept.body == made.body)
            #expect(stableHead(kept) == stableHead(made))
            #expect(kept.header("X-Request-Id") != made.header("X-Request-Id"))

            let tag = try #require(made.header("ETag"))
            let revalidated = try await rawExchange(
                port: port,
                "GET /v1/products/sku_5 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nIf-None-Match: \(tag)\r\n"
                    + "X-Request-Id: lane-304\r\nConnection: close\r\n\r\n")
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            #expect(revalidated.header("ETag") == tag)
            #expect(revalidated.header("X-Request-Id") == "lane-304")
            // Two If-None-Match lines are one list (RFC 9110 §5.3): the full path joins them, the lane passes.
            let twoLines = try await rawExchange(
                port: port,
                "GET /v1/products/sku_5 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nIf-None-Match: \"other\"\r\n"
                    + "If-None-Match: \(tag)\r\nConnection: close\r\n\r\n")
            #expect(twoLines.status == 304)
            #expect(server.server.reusedAnswerCounts?.hits == 2)

            // Keep-alive: two requests on one connection, both answered, the connection stays open.
            let open = "GET /v1/products/sku_5 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
            let answers = try await onOwnThread {
                let connection = try RawConnection(port: port, receiveTimeout: .seconds(10))
                _ = connection.send(open + open + request)
                return connection.readAll()
            }
            let parts = answers.components(separatedBy: "HTTP/1.1 200 OK").dropFirst()
            #expect(parts.count == 3)
            #expect(parts.prefix(2).allSatisfy { !$0.lowercased().contains("connection: close") })
        }
    }

    @Test("a commit by another server process over the same file ends every kept answer at once")
    func commitElsewhereEndsThem() async throws {
        try await withLaneServers(count: 2) { servers in
            let (first, second) = (servers[0], servers[1])
            let before = try await first.client.get("/v1/products/sku_5")
            _ = try await first.client.get("/v1/products/sku_5")
            #expect(first.server.reusedAnswerCounts?.hits == 1)
            let feed = try await first.client.get("/v1/feed?limit=3")
            #expect(try await first.client.get("/v1/feed?limit=3").body == feed.body)
            #expect(first.server.reusedAnswerCounts?.hits == 2)

            try await second.server.setPrice(productID: "sku_5", amountMinor: 777)
            let after = try await first.client.get("/v1/products/sku_5")
            #expect((after.object["price"] as? [String: Any])?["amount_minor"] as? Int == 777)
            #expect(after.header("ETag") != before.header("ETag"))

            let added = try await second.server.addPostToFeed()
            let grown = try await first.client.get("/v1/feed?limit=3")
            #expect((grown.object["posts"] as? [[String: Any]])?.first?["id"] as? String == added)
        }
    }

    @Test("an absolute-form target is served for its own authority (RFC 9112 §3.2.2) and never kept for Host's")
    func absoluteFormTarget() async throws {
        try await withLaneServers { servers in
            let port = servers[0].server.port
            func imageURL(_ target: String) async throws -> String? {
                let answer = try await rawExchange(
                    port: port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                #expect(answer.status == 200, "\(target): \(answer.head)")
                let object = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) as? [String: Any]
                return object?["image_url"] as? String
            }
            for target in ["http://shop.example:8443/v1/products/sku_1", "HTTP://shop.example:8443/v1/products/sku_1"] {
                for _ in 0..<3 {
                    let url = try await imageURL(target)
                    #expect(url == "http://shop.example:8443/v1/images/products/sku_1.jpg", "\(target)")
                }
            }
            for _ in 0..<3 {
                let url = try await imageURL("/v1/products/sku_1")
                #expect(
                    url == "http://127.0.0.1:\(port)/v1/images/products/sku_1.jpg", "origin-form after absolute-form")
            }
        }
    }

    @Test("signed-in, HEAD, bodies, a second Host and fault rules take the full path")
    func fullPathRequests() async throws {
        try await withLaneServers { servers in
            let server = servers[0]
            let port = server.server.port
            _ = try await server.client.get("/v1/feed?limit=3")
            _ = try await server.client.get("/v1/products/sku_5")
            let hits = try #require(server.server.reusedAnswerCounts?.hits)

            let token = try await server.client.signIn("ada")
            let signedIn = try await server.client.get("/v1/feed?limit=3", token: token)
            #expect(signedIn.status == 200)
            #expect(signedIn.header("Vary") == "Authorization")
            let head = try await rawExchange(
                port: port, "HEAD /v1/products/sku_5 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(head.status == 200 && head.body.isEmpty)
            let twoHosts = try await rawExchange(
                port: port, "GET /v1/products/sku_5 HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n")
            #expect(twoHosts.status == 400)
            let withBody = try await rawExchange(
                port: port,
                "GET /v1/products/sku_5 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 2\r\n"
                    + "Connection: close\r\n\r\nhi")
            #expect(withBody.status == 200)
            #expect(server.server.reusedAnswerCounts?.hits == hits, "none of these took the lane")

            try server.server.setFaults(parsing: ["GET /v1/products/{id} status=503 times=1"])
            #expect(try await server.client.get("/v1/products/sku_5").status == 503)
            server.server.setFaults([])
            // The sign-in committed, so the kept product answer is made again once, then reused.
            #expect(try await server.client.get("/v1/products/sku_5").status == 200)
            #expect(try await server.client.get("/v1/products/sku_5").status == 200)
            #expect(server.server.reusedAnswerCounts?.hits == hits + 1)
        }
    }
}

@Suite("Replayed orders kept in memory while the database is unchanged")
struct ReplayMemoTests {
    @Test("a kept replay is the stored answer; it ends when the session expires or signs out")
    func keptReplays() async throws {
        try await withReplayServer(lane: false, product: "sku_3", clientID: "memo") { server, clock, body in
            let client = server.client
            func send(_ token: String, key: String = "memo", body: Data = body) async throws -> TestResponse {
                try await client.send("POST", "/v1/orders", body: body, token: token, headers: ["Idempotency-Key": key])
            }

            let token = try await client.signIn("memo-buyer")
            let placed = try await send(token)
            #expect(placed.status == 201)
            let replays = [try await send(token), try await send(token), try await send(token)]
            #expect(replays.allSatisfy { $0.status == 201 && $0.body == placed.body })
            #expect(replays.allSatisfy { $0.header("Idempotent-Replayed") == "true" })
            #expect(server.server.replaysFromMemory == 2, "the first replay reads, the next two are kept")
            var other = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            other["client_id"] = "changed"
            let reused = try await send(token, body: try JSONSerialization.data(withJSONObject: other))
            #expect(reused.status == 422)

            clock.advance(by: .seconds(3600))
            let expired = try await send(token)
            #expect(expired.status == 401, "a kept replay ends with its session")

            let second = try await client.signIn("memo-buyer")
            #expect(try await send(second, key: "memo-2").status == 201)
            #expect(try await send(second, key: "memo-2").status == 201)
            #expect(try await send(second, key: "memo-2").status == 201)
            #expect(try await client.send("DELETE", "/v1/session", token: second).status == 204)
            #expect(try await send(second, key: "memo-2").status == 401, "signing out ends the kept replays")
        }
    }
}

@Suite("The fast lane for replayed orders")
struct ReplayLaneTests {
    @Test("a replay whose body is still arriving when its session ends is refused (401), as on the full path")
    func sessionEndsWhileTheBodyArrives() async throws {
        try await withReplayServer(lane: true, product: "sku_4", clientID: "slow") { server, manual, bytes in
            let client = server.client
            let body = String(decoding: bytes, as: UTF8.self)
            let port = server.server.port
            for end in ["sign-out", "expiry"] {
                let token = try await client.signIn("slow-\(end)")
                func head() -> String {
                    "POST /v1/orders HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
                        + "Idempotency-Key: slow\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
                }
                #expect(try await rawExchange(port: port, head() + body).status == 201)
                #expect(try await rawExchange(port: port, head() + body).status == 201)
                let hits = try #require(server.server.reusedAnswerCounts?.hits)
                #expect(try await rawExchange(port: port, head() + body).status == 201)
                #expect(server.server.reusedAnswerCounts?.hits == hits + 1, "kept in the lane")
                // The head and a first byte now; once the server has read the head, the session ends; then the rest
                // of the body.
                let (request, rest) = (head() + String(body.prefix(1)), String(body.dropFirst()))
                let signOut =
                    "DELETE /v1/session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
                    + "Connection: close\r\n\r\n"
                let running = server.server
                let (ended, answer) = try await onOwnThread { () throws -> (Int, RawAnswer) in
                    let connection = try RawConnection(port: port, receiveTimeout: .seconds(10))
                    connection.send(request)
                    let clock = ContinuousClock()
                    let deadline = clock.now.advanced(by: .seconds(10))
                    while running.requestsInFlight == 0, clock.now < deadline { usleep(1000) }
                    var ended = 0
                    if end == "sign-out" {
                        let other = try RawConnection(port: port, receiveTimeout: .seconds(10))
                        other.send(signOut)
                        ended = RawAnswer(other.readAll()).status
                    } else {
                        manual.advance(by: .seconds(3601))
                        ended = 204
                    }
                    connection.send(rest)
                    return (ended, RawAnswer(connection.readAll()))
                }
                #expect(ended == 204)
                #expect(answer.status == 401, "\(end): \(answer.head)")
            }
        }
    }

    @Test("a replay with the same token, key and bytes is the stored answer; other bytes, expiry and sign-out are not")
    func replays() async throws {
        try await withReplayServer(lane: true, product: "sku_3", clientID: "lane") { server, clock, body in
            let client = server.client
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            func send(_ token: String, _ body: Data) async throws -> TestResponse {
                try await client.send(
                    "POST", "/v1/orders", body: body, token: token, headers: ["Idempotency-Key": "lane"])
            }
            let token = try await client.signIn("lane-buyer")
            let placed = try await send(token, body)
            #expect(placed.status == 201)
            let first = try await send(token, body)
            let hits = try #require(server.server.reusedAnswerCounts?.hits)
            let again = try await send(token, body)
            #expect(server.server.reusedAnswerCounts?.hits == hits + 1, "the second replay took the lane")
            for answer in [first, again] {
                #expect(answer.status == 201 && answer.body == placed.body)
                #expect(answer.header("Idempotent-Replayed") == "true")
                #expect(answer.header("X-Request-Id") != nil)
            }

            // The same length with one byte changed: the full path compares canonical JSON and refuses the reuse.
            let changed = Data(
                String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\"lane\"", with: "\"lanf\"").utf8)
            #expect(changed.count == body.count && changed != body)
            #expect(try await send(token, changed).status == 422)
            // Other bytes of the same JSON (another length): the full path replays it.
            let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            let replayed = try await send(token, pretty)
            #expect(replayed.status == 201 && replayed.body == placed.body)
            #expect(
                try await client.send("POST", "/v1/orders", body: body, headers: ["Idempotency-Key": "lane"]).status
                    == 401)
            #expect(
                try await client.send(
                    "POST", "/v1/orders", body: body, token: token + "x", headers: ["Idempotency-Key": "lane"]
                ).status == 401)

            _ = try await send(token, body)
            let kept = try #require(server.server.reusedAnswerCounts?.hits)
            #expect(try await send(token, body).status == 201)
            #expect(server.server.reusedAnswerCounts?.hits == kept + 1)
            clock.advance(by: .seconds(3600))
            #expect(try await send(token, body).status == 401, "a kept replay ends with its session")

            let second = try await client.signIn("lane-buyer")
            #expect(try await send(second, body).status == 201)
            #expect(try await send(second, body).status == 201)
            #expect(try await client.send("DELETE", "/v1/session", token: second).status == 204)
            #expect(try await send(second, body).status == 401, "signing out ends the kept replays")
        }
    }
}

@Suite("The fast lane's bounds")
struct AnswerReuseBoundsTests {
    @Test("kept answers stay within the byte limit, the oldest go first, and a commit ends them")
    func byteLimit() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sample-backend-reuse-bounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tidy = CatalogConfiguration(productCount: 20, postCount: 4, authorCount: 2, messyShare: 0)
        let store = try ServerStore(
            location: .file(directory.appendingPathComponent("server.sqlite")), seed: 1, catalog: tidy,
            logger: Logger(label: "bounds", handler: CapturingLogHandler()))
        _ = try await store.prepare()
        let watch = try #require(store.database.commitWatch())
        let reuse = AnswerReuse(watch: watch, capacity: 100, byteLimit: 8192, isEnabled: { true })
        let stamp = try #require(reuse.stamp())
        let answer = ReusableAnswer(
            response: HTTPResponse(status: 200, body: Data(repeating: 0x61, count: 1000)), entityTag: "\"t\"")
        for index in 0..<20 {
            reuse.keep(
                answer, for: AnswerReuse.Head(key: Array("key-\(index)".utf8), bodyLength: 0), requestBody: nil,
                stamp: stamp)
            #expect(reuse.keptBytes <= 8192)
        }
        #expect(reuse.entry(for: AnswerReuse.Head(key: Array("key-19".utf8), bodyLength: 0)) != nil)
        #expect(reuse.entry(for: AnswerReuse.Head(key: Array("key-0".utf8), bodyLength: 0)) == nil, "the oldest went")
        let huge = ReusableAnswer(
            response: HTTPResponse(status: 200, body: Data(repeating: 0x61, count: 4000)), entityTag: "\"h\"")
        reuse.keep(huge, for: AnswerReuse.Head(key: Array("huge".utf8), bodyLength: 0), requestBody: nil, stamp: stamp)
        #expect(
            reuse.entry(for: AnswerReuse.Head(key: Array("huge".utf8), bodyLength: 0)) == nil,
            "an answer over a quarter of the limit is not kept")

        _ = try await store.setPrice(productID: "sku_1", amountMinor: 1)
        #expect(reuse.entry(for: AnswerReuse.Head(key: Array("key-19".utf8), bodyLength: 0)) == nil)
        await store.close()
    }
}

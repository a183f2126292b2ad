import Foundation
import Logging
import TestSupport
import Testing

@testable import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Sample server: start and stop")
struct ServerLifecycleTests {
    @Test("stop with requests in flight answers every one of them, then refuses connections")
    func gracefulStopInFlight() async throws {
        // Long enough that all five are in flight together even when a loaded machine starts them seconds apart
        // (at 400 ms the first ones were answered before the last one arrived); the stop waits for them.
        let server = try await TestServer.start(faults: ["GET /v1/feed latency=3s"])
        let clients = (0..<5).map { index in
            Task { try await TestClient(baseURL: server.client.baseURL).get("/v1/feed?limit=\(index + 1)") }
        }
        try await waitUntil("five requests are in flight") { server.server.requestsInFlight == 5 }
        await server.stop()
        for (index, task) in clients.enumerated() {
            let response = try await task.value
            #expect(response.status == 200)
            #expect((response.object["posts"] as? [Any])?.count == index + 1)
        }
        #expect(server.server.requestsInFlight == 0)
        await #expect(throws: URLError.self) {
            _ = try await TestClient(baseURL: server.client.baseURL).get("/v1/config")
        }
        await server.stop()
    }

    @Test("the default catalog has 5 000 products and 2 000 posts, seeded in one transaction")
    func defaultCatalog() async throws {
        try await withTestServer(catalog: CatalogConfiguration()) { server in
            #expect(server.server.seeded)
            #expect(server.server.seedingDuration > .zero)
            #expect(try await server.client.get("/v1/products/sku_5000").status == 200)
            #expect(try await server.client.get("/v1/products/sku_5001").status == 404)
            let newest = try await server.client.get("/v1/feed?limit=1")
            let post = try #require((newest.object["posts"] as? [[String: Any]])?.first)
            #expect(post["id"] as? String == "post_2000")
            let page = try #require(
                try await server.client.get("/v1/feed?limit=50").object["posts"] as? [[String: Any]])
            #expect(Set(page.compactMap { $0["author_name"] as? String }).count > 20, "a few hundred authors")
        }
    }

    @Test("configuration errors are reported before anything starts")
    func configurationErrors() async throws {
        let logger = Logger(label: "test", handler: CapturingLogHandler())
        var badCatalog = SampleServerConfiguration(dataDirectory: nil, logger: logger, now: { Date() })
        badCatalog.catalog.messyShare = 1.5
        await #expect(throws: SampleServerError.self) { _ = try await SampleServer.start(badCatalog) }
        var badGrowth = SampleServerConfiguration(dataDirectory: nil, logger: logger, now: { Date() })
        badGrowth.growFeedEvery = 0
        await #expect(throws: SampleServerError.self) { _ = try await SampleServer.start(badGrowth) }
        var badHost = SampleServerConfiguration(dataDirectory: nil, logger: logger, now: { Date() })
        badHost.catalog = TestServer.smallCatalog
        badHost.host = "not-an-address"
        do {
            _ = try await SampleServer.start(badHost)
            Issue.record("started on a bad host")
        } catch {
            #expect(error.description.contains("invalid host"))
        }
        let file = try TemporaryFile()
        var notADirectory = SampleServerConfiguration(dataDirectory: file.url, logger: logger, now: { Date() })
        notADirectory.catalog = TestServer.smallCatalog
        await #expect(throws: SampleServerError.self) { _ = try await SampleServer.start(notADirectory) }
    }

    @Test("the base URL names the host and the bound port; the route list is the contract's")
    func baseURLAndRoutes() async throws {
        try await withTestServer { server in
            #expect(server.server.baseURL.absoluteString == "http://127.0.0.1:\(server.server.port)")
            #expect(server.server.routes.contains("PUT /v1/posts/{id}/like"))
            #expect(server.server.routes.contains("GET /v1/events"))
            #expect(server.server.routes.contains("GET /v1/session"))
            #expect(server.server.routes.count == 16)
        }
    }
}

/// A regular file in a temporary directory, for paths that must not be directories.
private struct TemporaryFile {
    let directory: TemporaryDirectory
    let url: URL

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: url)
    }
}

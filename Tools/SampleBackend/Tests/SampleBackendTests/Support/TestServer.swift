import Foundation
import Logging
import TestSupport

@testable import SampleBackend

/// A sample server started in-process on 127.0.0.1 and an ephemeral port, with a small catalog, a capturing logger
/// and a client; `stop()` when done.
struct TestServer: Sendable {
    let server: RunningServer
    let client: TestClient
    let log: CapturingLogHandler

    /// The small catalog tests use: enough rows for pages and search, quick to seed.
    static let smallCatalog = CatalogConfiguration(productCount: 300, postCount: 60, authorCount: 20, messyShare: 0.2)

    static func start(
        catalog: CatalogConfiguration = smallCatalog,
        dataDirectory: URL? = nil,
        seed: UInt64 = 1,
        faults: [String] = [],
        growFeedEvery: Int? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        configure: (inout SampleServerConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let log = CapturingLogHandler()
        var configuration = SampleServerConfiguration(
            dataDirectory: dataDirectory, logger: Logger(label: "test-server", handler: log), now: now)
        configuration.catalog = catalog
        configuration.seed = seed
        configuration.faults = try FaultRule.parseAll(faults)
        configuration.growFeedEvery = growFeedEvery
        configure(&configuration)
        let server = try await SampleServer.start(configuration)
        return TestServer(server: server, client: try TestClient(baseURL: server.baseURL), log: log)
    }

    func stop() async {
        await server.stop()
    }
}

/// Runs `body` with a started test server and stops it afterwards, also when `body` throws.
func withTestServer<Value>(
    catalog: CatalogConfiguration = TestServer.smallCatalog,
    dataDirectory: URL? = nil,
    seed: UInt64 = 1,
    faults: [String] = [],
    growFeedEvery: Int? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    configure: (inout SampleServerConfiguration) -> Void = { _ in },
    _ body: (TestServer) async throws -> Value
) async throws -> Value {
    let server = try await TestServer.start(
        catalog: catalog, dataDirectory: dataDirectory, seed: seed, faults: faults, growFeedEvery: growFeedEvery,
        now: now, configure: configure)
    do {
        let value = try await body(server)
        await server.stop()
        return value
    } catch {
        await server.stop()
        throw error
    }
}

/// A valid order body for the given lines (product id and quantity), priced by the caller.
func orderBody(
    clientID: String, items: [(String, Int)], expectedTotal: Int64, shipping: String = "standard",
    payment: [String: Any] = ["method": "invoice"]
) -> [String: Any] {
    [
        "client_id": clientID,
        "items": items.map { ["product_id": $0.0, "quantity": $0.1] },
        "shipping_address": [
            "name": "Ada Lovelace", "street": "1 Analytical Way", "city": "London", "postal_code": "N1 9GU",
            "country": "GB",
        ],
        "shipping_option": shipping,
        "payment": payment,
        "expected_total": ["amount_minor": expectedTotal, "currency": "EUR"],
    ]
}

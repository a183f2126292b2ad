import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import TestSupport
import Testing

@testable import Search

@Suite("Offline search from the saved products")
struct OfflineSearchTests {
    private static let catalog: [(id: String, title: String)] = [
        ("p1", "Desk lamp"), ("p2", "Lamp \"Nordlys\""), ("p3", "AND-gate kit"), ("p4", "NEAR field reader"),
        ("p5", "Star * lamp"), ("p6", "Oak desk"), ("p7", "Café table"),
    ]

    /// A harness whose saved products are `catalog`, seen through one online search; every later request fails.
    private func offlineHarness() async throws -> LiveHarness {
        let harness = try LiveHarness()
        harness.transport.enqueue(.json(LiveHarness.searchBody(Self.catalog)))
        _ = try await harness.repository.search(
            SearchRequest(query: "seed", offset: 0, limit: 50, strategy: .serverWithSavedFallback))
        for _ in 0..<20 { harness.transport.enqueue(.failure(.notConnectedToInternet)) }
        return harness
    }

    private func offlineIDs(_ query: String, in harness: LiveHarness) async throws -> [String] {
        let page = try await harness.repository.search(
            SearchRequest(query: query, offset: 0, limit: 50, strategy: .serverWithSavedFallback))
        #expect(page.source == .saved, "\(query)")
        #expect(page.results.total == page.results.items.count, "\(query)")
        return page.results.items.map(\.id.rawValue).sorted()
    }

    @Test(
        "with the transport failing, user text is searched literally, never as FTS5 syntax",
        arguments: [
            ("lamp", ["p1", "p2", "p5"]),
            ("LAMP des", ["p1"]),
            ("\"Nordlys", ["p2"]),
            ("Nordlys\"", ["p2"]),
            ("\"lamp\" \"desk\"", ["p1"]),
            ("lamp*", ["p1", "p2", "p5"]),
            ("*", []),
            ("* lamp", ["p1", "p2", "p5"]),
            ("-lamp", ["p1", "p2", "p5"]),
            ("desk -lamp", ["p1"]),
            ("NEAR", ["p4"]),
            ("NEAR(lamp desk)", []),
            ("AND", ["p3"]),
            ("lamp AND desk", []),
            ("lamp OR oak", []),
            ("title:lamp", []),
            ("cafe", ["p7"]),
            ("   ", []),
        ])
    func offlineQueriesAreLiteral(query: String, expected: [String]) async throws {
        let harness = try await offlineHarness()
        #expect(try await offlineIDs(query, in: harness) == expected)
    }

    @Test("offline results page through the saved products")
    func offlinePaging() async throws {
        let harness = try await offlineHarness()
        let first = try await harness.repository.search(
            SearchRequest(query: "lamp", offset: 0, limit: 2, strategy: .serverWithSavedFallback))
        let next = try await harness.repository.search(
            SearchRequest(query: "lamp", offset: try #require(first.results.nextOffset), limit: 2, strategy: .savedOnly)
        )

        #expect(first.results.items.count == 2)
        #expect(first.results.total == 3)
        #expect(next.results.items.count == 1)
        #expect(next.results.nextOffset == nil)
        #expect(Set((first.results.items + next.results.items).map(\.id)).count == 3)
        #expect(harness.transport.requests.count == 2)  // the seed search and the first offline page
    }

    @Test("a product opened offline comes from its saved copy; one never saved is an honest error")
    func offlineProduct() async throws {
        let harness = try await offlineHarness()

        let saved = try await harness.repository.product(id: "p2")
        #expect(saved.source == .saved)
        #expect(saved.summary.title == "Lamp \"Nordlys\"")

        await #expect(throws: SearchError.productNotSaved(network: .transport(.notConnectedToInternet))) {
            _ = try await harness.repository.product(id: "p99")
        }
    }

    @Test("a store that cannot be opened keeps search answering from the network and is left untouched")
    func unopenableStoreKeepsNetworkSearch() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appending(path: "storefront.sqlite")
        let garbage = Data(repeating: 0x5A, count: 8_192)
        try garbage.write(to: file)
        let database = try TestValues.fileDatabase(at: file)
        let harness = try LiveHarness(database: database)
        harness.transport.enqueue(.json(LiveHarness.searchBody([("a", "Lamp")])))
        harness.transport.enqueue(.failure(.cannotConnectToHost))

        let online = try await harness.repository.search(
            SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        #expect(online.results.items.map(\.id) == ["a"])
        #expect(online.savedProductsProblem != nil)

        do {
            _ = try await harness.repository.search(
                SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
            Issue.record("expected the offline search to fail")
        } catch SearchError.savedProductsUnavailable(_, let network) {
            #expect(network == .transport(.cannotConnectToHost))
        }
        #expect(try Data(contentsOf: file) == garbage)
        await database.close()
    }
}

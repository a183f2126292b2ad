import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import TestSupport
import Testing

@testable import Search

@Suite("Offline search from the saved products", .timeLimit(.minutes(1)))
struct OfflineSearchTests {
    private static let catalog: [(id: String, title: String)] = [
        ("p1", "Desk lamp"), ("p2", "Lamp \"Nordlys\""), ("p3", "AND-gate kit"), ("p4", "NEAR field reader"),
        ("p5", "Star * lamp"), ("p6", "Oak desk"), ("p7", "Café table"), ("p8", "100% wool_blend scarf"),
        ("p9", "1000 wool blend"), ("p10", "Kids' \"Rocket\" lamp"), ("p11", "日本の茶碗"), ("p12", "ＡＢＣ blocks"),
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
        "with the transport failing, user text is searched literally, never as FTS5 syntax or a LIKE pattern",
        arguments: [
            ("lamp", ["p1", "p10", "p2", "p5"]),
            ("LAMP des", ["p1"]),
            ("\"Nordlys", ["p2"]),
            ("Nordlys\"", ["p2"]),
            ("\"lamp\" \"desk\"", []),
            ("\"Rocket\"", ["p10"]),
            ("ds' \"R", ["p10"]),
            ("'", ["p10"]),
            ("lamp*", []),
            ("*", ["p5"]),
            ("* lamp", ["p5"]),
            ("-lamp", []),
            ("desk -lamp", []),
            ("NEAR", ["p4"]),
            ("NEAR(lamp desk)", []),
            ("AND", ["p3"]),
            ("lamp AND desk", []),
            ("lamp OR oak", []),
            ("title:lamp", []),
            ("cafe", ["p7"]),
            ("CAFÉ", ["p7"]),
            ("   ", []),
        ])
    func offlineQueriesAreLiteral(query: String, expected: [String]) async throws {
        let harness = try await offlineHarness()
        #expect(try await offlineIDs(query, in: harness) == expected)
    }

    @Test(
        "a fragment anywhere in a word is found, short ones too; % and _ are text",
        arguments: [
            ("amp", ["p1", "p10", "p2", "p5"]),
            ("esk", ["p1", "p6"]),
            ("ordly", ["p2"]),
            ("ND-GA", ["p3"]),
            ("fé", ["p7"]),
            ("e", ["p1", "p10", "p3", "p4", "p6", "p7", "p8", "p9"]),
            ("100%", ["p8"]),
            ("0%", ["p8"]),
            ("%", ["p8"]),
            ("l_b", ["p8"]),
            ("_", ["p8"]),
            ("ol_bl", ["p8"]),
            ("000", ["p9"]),
            ("茶碗", ["p11"]),
            ("本の茶", ["p11"]),
            ("abc", ["p12"]),
            ("ak de", ["p6"]),
            ("la des", ["p1"]),
            ("x", []),
        ])
    func fragmentsAreFound(query: String, expected: [String]) async throws {
        let harness = try await offlineHarness()
        #expect(try await offlineIDs(query, in: harness) == expected)
    }

    @Test("matches in the title come before matches in the description, short queries too")
    func titleMatchesFirst() async throws {
        let harness = try LiveHarness()
        harness.transport.enqueue(.json(LiveHarness.searchBody([("d", "Plain mug"), ("t", "Oak lamp")])))
        _ = try await harness.repository.search(
            SearchRequest(query: "seed", offset: 0, limit: 50, strategy: .serverWithSavedFallback))
        let detail = """
            {"id": "d", "title": "Plain mug", "description": "Goes with an oak lamp",
             "price": {"amount_minor": 1000, "currency": "EUR"}, "availability": "in_stock"}
            """
        harness.transport.enqueue(.json(detail))
        _ = try await harness.repository.product(id: "d")
        for _ in 0..<4 { harness.transport.enqueue(.failure(.notConnectedToInternet)) }
        for query in ["lamp", "mp"] {
            let page = try await harness.repository.search(
                SearchRequest(query: query, offset: 0, limit: 50, strategy: .serverWithSavedFallback))
            #expect(page.source == .saved)
            #expect(page.results.items.map(\.id.rawValue) == ["t", "d"], "\(query)")
        }
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
        #expect(first.results.total == 4)
        #expect(next.results.items.count == 2)
        #expect(next.results.nextOffset == nil)
        #expect(Set((first.results.items + next.results.items).map(\.id)).count == 4)
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

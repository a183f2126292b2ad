import Foundation
import Logging
import Models
import Networking
import NetworkingTestSupport
import Persistence
import PersistenceTestSupport
import TestSupport
import Testing

@testable import Search

@Suite("Search storage and migrations", .timeLimit(.minutes(1)))
struct SearchStorageTests {
    /// A copy of `Fixtures/<name>` in `directory`, opened as the account database with Search's migrations.
    private func database(copying name: String, into directory: TemporaryDirectory) throws -> (Database, URL) {
        let file = directory.url.appending(path: "storefront.sqlite")
        try TestValues.fixture(name).write(to: file)
        return (try TestValues.fileDatabase(at: file), file)
    }

    @Test("every schema object of the migrations is under the search_ prefix")
    func schemaUnderThePrefix() async throws {
        let database = try InMemoryDatabaseFactory(logger: TestValues.logger)
            .makeDatabase(registering: [SearchStorage.migrations])
        let names = try await database.read { db in
            try db.fetchAll(String.self, "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite%' ORDER BY name")
        }
        let ours = names.filter { !$0.hasPrefix("outbox_") && !$0.hasPrefix("persistence_") }
        #expect(ours.contains("search_products"))
        #expect(ours.contains("search_products_fts"))
        #expect(ours.allSatisfy { $0.hasPrefix("search_") })
    }

    @Test("a store written by version 1 opens and answers offline from its saved products")
    func versionOneStoreAnswersOffline() async throws {
        let directory = try TemporaryDirectory()
        let (database, _) = try database(copying: "search_v1.sqlite", into: directory)
        let harness = try LiveHarness(database: database)
        harness.transport.enqueue(.failure(.notConnectedToInternet))
        harness.transport.enqueue(.failure(.notConnectedToInternet))

        harness.transport.enqueue(.failure(.notConnectedToInternet))
        let page = try await harness.repository.search(
            SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        let fragment = try await harness.repository.search(
            SearchRequest(query: "ass des", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        let detail = try await harness.repository.product(id: "sku_12")

        #expect(page.source == .saved)
        #expect(Set(page.results.items.map(\.id.rawValue)) == ["sku_1", "sku_2", "sku_12"])
        #expect(Set(fragment.results.items.map(\.id.rawValue)) == ["sku_1", "sku_12"])
        #expect(detail.source == .saved)
        #expect(detail.description?.hasPrefix("A brass desk lamp") == true)
        await database.close()
    }

    @Test("a store in the version-1 schema with rows migrates to the trigram index, its rows indexed again")
    func versionOneRowsAreReindexed() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appending(path: "storefront.sqlite")
        let versionOne = try DatabaseMigrator(groups: [
            Outbox.migrations,
            MigrationGroup(tablePrefix: "search_", migrations: [SearchStorage.migrations.migrations[0]]),
        ])
        let old = Database(
            location: .file(file), migrator: versionOne, configuration: DatabaseConfiguration(),
            logger: TestValues.logger)
        let rows: [(id: String, title: String, description: String?)] = [
            ("a", "Crème brûlée torch", "Caramelises sugar"), ("b", "100% wool_blend scarf", nil),
            ("c", "Kids' \"Rocket\" lamp", "A lamp shaped like a rocket"), ("d", "日本の茶碗", nil),
        ]
        try await old.transaction { tx in
            for (seen, row) in rows.enumerated() {
                try tx.execute(
                    """
                    INSERT INTO search_products
                        (id, title, price_minor, currency, image_url, availability, rating, description, seen)
                    VALUES (?, ?, 1000, 'EUR', NULL, 'in_stock', NULL, ?, ?)
                    """,
                    row.id, row.title, row.description, seen + 1)
            }
        }
        await old.close()

        let database = try TestValues.fileDatabase(at: file)
        let schema = try await database.read { db in
            try db.fetchOne(String.self, "SELECT sql FROM sqlite_master WHERE name = 'search_products_fts'")
        }
        #expect(schema?.contains("trigram") == true)
        let keys = try await database.read { db in
            try db.fetchAll(String.self, "SELECT title_key FROM search_products ORDER BY id")
        }
        #expect(keys == ["creme brulee torch", "100% wool_blend scarf", "kids' \"rocket\" lamp", "日本の茶碗"])
        try await database.transaction { tx in
            try tx.execute("INSERT INTO search_products_fts (search_products_fts) VALUES ('integrity-check')")
        }

        let harness = try LiveHarness(database: database)
        harness.transport.enqueue(.json(LiveHarness.searchBody([("a", "Blowtorch")])))
        _ = try await harness.repository.search(
            SearchRequest(query: "torch", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        for _ in 0..<8 { harness.transport.enqueue(.failure(.notConnectedToInternet)) }
        func offline(_ query: String) async throws -> Set<String> {
            let page = try await harness.repository.search(
                SearchRequest(query: query, offset: 0, limit: 20, strategy: .serverWithSavedFallback))
            #expect(page.source == .saved, "\(query)")
            return Set(page.results.items.map(\.id.rawValue))
        }
        #expect(try await offline("ool_bl") == ["b"])
        #expect(try await offline("rocket") == ["c"])
        #expect(try await offline("ramelis") == ["a"], "the description, folded and indexed again")
        #expect(try await offline("茶碗") == ["d"])
        #expect(try await offline("owtor") == ["a"], "a title saved after the migration")
        #expect(try await offline("brulee") == [], "the old title left the index when it changed")
        await database.close()
    }

    @Test("a store from a newer app is refused and left untouched, and search still answers from the network")
    func newerStoreKeepsNetworkSearch() async throws {
        let directory = try TemporaryDirectory()
        let (database, file) = try database(copying: "search_newer.sqlite", into: directory)
        let original = try Data(contentsOf: file)
        let harness = try LiveHarness(database: database)
        harness.transport.enqueue(.json(LiveHarness.searchBody([("sku_5", "Desk lamp")])))
        harness.transport.enqueue(.failure(.notConnectedToInternet))

        let online = try await harness.repository.search(
            SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        #expect(online.results.items.map(\.id) == ["sku_5"])
        #expect(online.savedProductsProblem?.contains("newer version") == true)

        await #expect(throws: SearchError.self) {
            _ = try await harness.repository.search(
                SearchRequest(query: "lamp", offset: 0, limit: 20, strategy: .serverWithSavedFallback))
        }
        #expect(try Data(contentsOf: file) == original)
        await database.close()
    }

    @MainActor
    @Test("the feature says when saved products are unavailable, and keeps searching online")
    func featureReportsTheStoreProblem() async throws {
        let directory = try TemporaryDirectory()
        let (database, _) = try database(copying: "search_newer.sqlite", into: directory)
        let harness = try LiveHarness(database: database)
        harness.transport.enqueue(.json(LiveHarness.searchBody([("sku_5", "Desk lamp")])))
        let feature = SearchFeature(
            repository: harness.repository, recentSearches: TestValues.recentSearches(in: directory),
            clock: harness.clock, logger: TestValues.logger)
        let model = SearchViewModel(feature: feature, locale: Locale(identifier: "en_US"))

        await feature.search("lamp")

        #expect(feature.results.map(\.id) == ["sku_5"])
        #expect(feature.savedProductsProblem != nil)
        #expect(model.notice?.kind == .info)
        #expect(model.notice?.message == "Saved products can't be opened, so search won't work offline.")
        await database.close()
    }
}

import Foundation
import Persistence
import TestSupport
import Testing

@Suite("Migrations against fixture stores of every earlier schema version")
struct MigrationTests {
    private func applied(_ database: Database) async throws -> [String] {
        try await database.read { reader in
            try reader.fetchAll(String.self, "SELECT name FROM persistence_migrations ORDER BY table_prefix, position")
        }
    }

    @Test("a new store gets every migration, each recorded once")
    func newStore() async throws {
        let directory = try TemporaryDirectory()
        let database = try makeFileDatabase(in: directory.url)
        #expect(
            try await applied(database) == [
                "outbox_1_create_mutations", "outbox_2_create_dead_letters", "sample_1_create_items",
                "sample_2_create_answers",
            ])
        await database.close()
        let reopened = try makeFileDatabase(in: directory.url)
        #expect(try await applied(reopened).count == 4)
        await reopened.close()
    }

    @Test("a version 1 store is migrated and keeps its pending mutations")
    func fromVersion1() async throws {
        let directory = try TemporaryDirectory()
        _ = try copyFixture("persistence-v1.sqlite", to: directory.url)
        let database = try makeFileDatabase(in: directory.url, name: "persistence-v1.sqlite")
        #expect(try await applied(database).contains("outbox_2_create_dead_letters"))
        let outbox = Outbox(database: database, clock: ManualClock(), now: { Date() }, logger: makeLogger().0)
        #expect(try await outbox.pendingEntries().map(\.id) == ["fixture-1", "fixture-2"])
        #expect(try await outbox.pendingEntries().first?.payload == Data("{\"post_id\":\"p_1\"}".utf8))
        #expect(try await outbox.deadLetters().isEmpty)
        let integrity = try await database.read { reader in try reader.fetchAll(String.self, "PRAGMA integrity_check") }
        #expect(integrity == ["ok"])
        await database.close()
    }

    @Test("a version 2 (current) store opens without migrating and keeps its entries and dead letters")
    func fromVersion2() async throws {
        let directory = try TemporaryDirectory()
        _ = try copyFixture("persistence-v2.sqlite", to: directory.url)
        let database = try makeFileDatabase(in: directory.url, name: "persistence-v2.sqlite", groups: [])
        #expect(try await applied(database) == ["outbox_1_create_mutations", "outbox_2_create_dead_letters"])
        let outbox = Outbox(database: database, clock: ManualClock(), now: { Date() }, logger: makeLogger().0)
        #expect(try await outbox.pendingCount() == 2)
        #expect(try await outbox.deadLetters().map(\.reason) == ["rejected by the server"])
        await database.close()
    }

    @Test("a store written by a newer version is refused on every operation and stays byte-identical")
    func newerStoreRefused() async throws {
        let directory = try TemporaryDirectory()
        let url = try copyFixture("persistence-newer.sqlite", to: directory.url)
        let before = try Data(contentsOf: url)
        let database = try makeFileDatabase(in: directory.url, name: "persistence-newer.sqlite")
        for _ in 0..<2 {
            let error = try await #require(throws: MigrationError.self) { try await database.open() }
            guard case .newerStore(_, let prefix, let unknown) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(prefix == "outbox_")
            #expect(unknown == ["outbox_3_add_priority"])
            await #expect(throws: MigrationError.self) {
                try await database.transaction { transaction in try transaction.execute("DELETE FROM outbox_mutations")
                }
            }
            var observation = database.observe { reader in try reader.fetchRows("SELECT 1") }.makeAsyncIterator()
            await #expect(throws: MigrationError.self) { _ = try await observation.next() }
        }
        #expect(try Data(contentsOf: url) == before)
        #expect(treeListing(directory.url) == ["persistence-newer.sqlite"])
    }

    @Test("a migration that touches another package's prefix, or fails, is rolled back and not recorded")
    func rolledBackMigrations() async throws {
        let directory = try TemporaryDirectory()
        let trespassing = MigrationGroup(
            tablePrefix: "feed_",
            migrations: [
                Migration("feed_1", sql: "CREATE TABLE feed_posts (id TEXT PRIMARY KEY)"),
                Migration("feed_2", sql: "CREATE TABLE feed_likes (id TEXT); CREATE TABLE search_stolen (id TEXT)"),
            ])
        let database = try makeFileDatabase(in: directory.url, groups: [trespassing])
        let error = try await #require(throws: MigrationError.self) { try await database.open() }
        guard case .tablePrefixViolation(_, let migration, let objects) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(migration == "feed_2")
        #expect(objects == ["search_stolen"])
        let fixed = MigrationGroup(
            tablePrefix: "feed_",
            migrations: [
                Migration("feed_1", sql: "CREATE TABLE feed_posts (id TEXT PRIMARY KEY)"),
                Migration("feed_2") { _ in throw DatabaseError(extendedResultCode: 1, message: "data fix-up failed") },
            ])
        let second = try makeFileDatabase(in: directory.url, groups: [fixed])
        await #expect(throws: MigrationError.self) { try await second.open() }
        let tables = try await makeFileDatabase(in: directory.url, groups: []).read { reader in
            try reader.fetchAll(
                String.self, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'feed%' ORDER BY 1")
        }
        #expect(tables == ["feed_posts"])
    }

    @Test("a history with a migration inserted in the middle is refused")
    func divergentHistory() async throws {
        let directory = try TemporaryDirectory()
        let first = MigrationGroup(
            tablePrefix: "feed_",
            migrations: [Migration("feed_1", sql: "SELECT 1"), Migration("feed_3", sql: "SELECT 1")])
        let database = try makeFileDatabase(in: directory.url, groups: [first])
        try await database.open()
        await database.close()
        let inserted = MigrationGroup(
            tablePrefix: "feed_",
            migrations: [
                Migration("feed_1", sql: "SELECT 1"), Migration("feed_2", sql: "SELECT 1"),
                Migration("feed_3", sql: "SELECT 1"),
            ])
        let error = try await #require(throws: MigrationError.self) {
            try await makeFileDatabase(in: directory.url, groups: [inserted]).open()
        }
        guard case .divergentHistory(_, _, let missing) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(missing == ["feed_2"])
    }

    @Test("registration refuses bad, reserved, overlapping and duplicate groups")
    func registration() throws {
        var migrator = DatabaseMigrator()
        #expect(migrator.groups.map(\.tablePrefix) == ["outbox_"])
        let one = [Migration("m", sql: "SELECT 1")]
        for prefix in ["Feed_", "feed", "persistence_", "1feed_", "fe-ed_", "_"] {
            #expect(throws: MigrationError.self) {
                try migrator.register(MigrationGroup(tablePrefix: prefix, migrations: one))
            }
        }
        try migrator.register(MigrationGroup(tablePrefix: "feed_", migrations: one))
        #expect(throws: MigrationError.self) {
            try migrator.register(MigrationGroup(tablePrefix: "feed_likes_", migrations: one))
        }
        #expect(throws: MigrationError.self) {
            try migrator.register(MigrationGroup(tablePrefix: "search_", migrations: one + one))
        }
        #expect(throws: MigrationError.self) {
            try migrator.register(MigrationGroup(tablePrefix: "search_", migrations: []))
        }
    }
}

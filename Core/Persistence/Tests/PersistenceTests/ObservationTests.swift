import Foundation
import Persistence
import TestSupport
import Testing

@Suite("Observation")
struct ObservationTests {
    private func insert(_ table: SQL, _ name: String, into database: Database) async throws {
        try await database.transaction { transaction in
            try transaction.execute(table, name)
        }
    }

    private let insertItem: SQL = "INSERT INTO sample_items (name) VALUES (?)"
    private let insertAnswer: SQL = "INSERT INTO sample_answers (id) VALUES (?)"

    @Test("emits now, then after commits that touch its tables, and not after commits to other tables")
    func emitsForItsTables() async throws {
        let database = try makeMemoryDatabase()
        var values = database.observe { reader in
            try reader.fetchAll(String.self, "SELECT name FROM sample_items ORDER BY name")
        }.makeAsyncIterator()
        #expect(try await values.next() == [])
        try await insert(insertAnswer, "other table", into: database)
        try await insert(insertItem, "first", into: database)
        // Had the commit to sample_answers emitted, this would be [] (values are delivered in commit order).
        #expect(try await values.next() == ["first"])
        try await insert(insertAnswer, "other table again", into: database)
        try await database.transaction { transaction in
            try transaction.execute("UPDATE sample_items SET name = 'renamed'")
        }
        #expect(try await values.next() == ["renamed"])
        try await database.transaction { transaction in
            try transaction.execute("DELETE FROM sample_items")
        }
        #expect(try await values.next() == [])
    }

    @Test("a rolled-back transaction emits nothing; count(*) and joins are observed through every table they read")
    func regions() async throws {
        let database = try makeMemoryDatabase()
        var counts = database.observe { reader in
            try reader.fetchOne(
                Int.self,
                "SELECT count(*) FROM sample_items JOIN sample_tags ON sample_tags.item_id = sample_items.id")
                ?? -1
        }.makeAsyncIterator()
        #expect(try await counts.next() == 0)
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await database.transaction { transaction in
                try transaction.execute("INSERT INTO sample_items (id, name) VALUES (9, 'lost')")
                throw Boom()
            }
        }
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (id, name) VALUES (1, 'hat')")
        }
        #expect(try await counts.next() == 0)
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_tags (item_id, tag) VALUES (1, 'red')")
        }
        #expect(try await counts.next() == 1)
    }

    @Test("decoded rows on a file store; the sequence ends when the database closes")
    func decodedRowsOnFile() async throws {
        struct Item: Decodable, Equatable, Sendable {
            let name: String
            let price: Int?
        }
        let directory = try TemporaryDirectory()
        let database = try makeFileDatabase(in: directory.url)
        var items = database.observe(
            Item.self, "SELECT name, price FROM sample_items WHERE price > ? ORDER BY name", arguments: [.integer(10)]
        ).makeAsyncIterator()
        #expect(try await items.next() == [])
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (name, price) VALUES ('cheap', 5), ('dear', 50)")
        }
        #expect(try await items.next() == [Item(name: "dear", price: 50)])
        await database.close()
        #expect(try await items.next() == nil)
    }

    @Test("a sequence that is dropped stops fetching; one whose query fails throws")
    func endsAndFails() async throws {
        let trace = StatementTrace()
        let database = try makeMemoryDatabase(trace: trace)
        do {
            var values = database.observe { reader in
                try reader.fetchAll(String.self, "SELECT name FROM sample_items")
            }.makeAsyncIterator()
            #expect(try await values.next() == [])
        }
        trace.reset()
        try await insert(insertItem, "after the observer left", into: database)
        #expect(trace.statements == ["INSERT INTO sample_items (name) VALUES (?)"])
        var failing = database.observe { reader in try reader.fetchRows("SELECT * FROM sample_missing") }
            .makeAsyncIterator()
        await #expect(throws: DatabaseError.self) { _ = try await failing.next() }
    }
}

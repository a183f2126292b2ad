import Foundation
import Persistence
import Testing

@Suite("Bound values and row decoding")
struct SQLValueTests {
    private struct Item: Decodable, Equatable {
        let id: Int64
        let name: String
        let price: Int?
    }

    @Test(
        "text with quotes, %, _ and SQL fragments is stored and matched literally",
        arguments: [
            "O'Brien", "100%", "1_0", "'; DROP TABLE sample_items; --", "\" OR 1=1 --", "a\\b", "x') OR ('1'='1",
            "?", "",
        ])
    func literalText(_ text: String) async throws {
        let database = try makeMemoryDatabase()
        try await database.transaction { transaction in
            for decoy in ["1000", "100", "10", "OBrien", "anything"] {
                try transaction.execute("INSERT INTO sample_items (name) VALUES (?)", decoy)
            }
            try transaction.execute("INSERT INTO sample_items (name) VALUES (?)", text)
        }
        let (equal, like, total) = try await database.read { reader in
            (
                try reader.fetchAll(String.self, "SELECT name FROM sample_items WHERE name = ?", text),
                try reader.fetchAll(
                    String.self, "SELECT name FROM sample_items WHERE name LIKE ? ESCAPE '\\'",
                    SearchPattern.likeContaining(text)),
                try reader.fetchOne(Int.self, "SELECT count(*) FROM sample_items")
            )
        }
        #expect(equal == [text])
        #expect(total == 6)
        #expect(text.isEmpty || like.allSatisfy { $0.lowercased().contains(text.lowercased()) })
        #expect(like.contains(text))
    }

    @Test("LIKE patterns escape wildcards and FTS5 queries quote every word")
    func patterns() {
        #expect(SearchPattern.likeContaining("100%_\\") == "%100\\%\\_\\\\%")
        #expect(SearchPattern.likePrefix("a_b") == "a\\_b%")
        #expect(SearchPattern.fullTextPrefixQuery("red \"sh") == "\"red\"* \"\"\"sh\"*")
        #expect(SearchPattern.fullTextPrefixQuery("  \n ") == nil)
        #expect(SearchPattern.fullTextPrefixQuery("red\u{0}shoe\u{7}") == "\"red\"* \"shoe\"*")
        #expect(SearchPattern.fullTextPrefixQuery("\u{0}\u{1B}") == nil)
    }

    @Test("FTS5 matches user text literally, operators and quotes included")
    func fullText() async throws {
        let group = MigrationGroup(
            tablePrefix: "search_",
            migrations: [Migration("search_1", sql: "CREATE VIRTUAL TABLE search_fts USING fts5(title)")])
        var migrator = DatabaseMigrator()
        try migrator.register(group)
        let database = Database(
            location: .inMemory, migrator: migrator, configuration: DatabaseConfiguration(), logger: makeLogger().0)
        try await database.transaction { transaction in
            for title in ["O'Brien shoes", "red shoe", "AND OR NOT", "blue hat"] {
                try transaction.execute("INSERT INTO search_fts (title) VALUES (?)", title)
            }
        }
        func search(_ text: String) async throws -> [String] {
            guard let query = SearchPattern.fullTextPrefixQuery(text) else { return [] }
            return try await database.read { reader in
                try reader.fetchAll(
                    String.self, "SELECT title FROM search_fts WHERE search_fts MATCH ? ORDER BY title", query)
            }
        }
        #expect(try await search("o'brien") == ["O'Brien shoes"])
        #expect(try await search("sho") == ["O'Brien shoes", "red shoe"])
        #expect(try await search("AND") == ["AND OR NOT"])
        #expect(try await search("\"unbalanced") == [])
        #expect(try await search("   ") == [])
        #expect(try await search("red\u{0}") == ["red shoe"])
    }

    @Test("typed values round-trip: integers, reals, booleans, blobs, dates to the millisecond, UUIDs, NULL")
    func typedValues() async throws {
        let database = try makeMemoryDatabase()
        let date = Date(timeIntervalSince1970: 1_714_566_600.123)
        let uuid = UUID()
        let row = try await database.read { reader in
            try reader.fetchRows(
                "SELECT ? AS i, ? AS d, ? AS b, ? AS blob, ? AS date, ? AS uuid, ? AS missing, ? AS big",
                Int64(-42), 2.5, true, Data([0, 1, 255]), date, uuid, DatabaseValue.null, Int64.max
            )[0]
        }
        #expect(try row.value("i", as: Int.self) == -42)
        #expect(try row.value("d", as: Double.self) == 2.5)
        #expect(try row.value("b", as: Bool.self) == true)
        #expect(try row.value("blob", as: Data.self) == Data([0, 1, 255]))
        #expect(row["date"] == .text("2024-05-01 12:30:00.123"))
        #expect(try row.value("date", as: Date.self) == date)
        #expect(try row.value("uuid", as: UUID.self) == uuid)
        #expect(try row.value("missing", as: String?.self) == nil)
        #expect(try row.value("big", as: Int64.self) == .max)
        #expect(throws: RowDecodingError.self) { try row.value("d", as: String.self) }

        let single = try await database.read { reader in
            (
                try reader.fetchOne(Data.self, "SELECT ?", Data([7, 8])),
                try reader.fetchOne(Date.self, "SELECT ?", date),
                try reader.fetchAll(UUID.self, "SELECT ?", uuid)
            )
        }
        #expect(single.0 == Data([7, 8]))
        #expect(single.1 == date)
        #expect(single.2 == [uuid])
    }

    @Test(
        "dates parse from ISO 8601 text and from seconds since 1970",
        arguments: [
            ("2024-05-01T12:30:00Z", 1_714_566_600.0),
            ("2024-05-01 12:30:00.5", 1_714_566_600.5),
            ("2024-05-01T12:30:00.250+00:00", 1_714_566_600.25),
            ("1969-12-31 23:59:59.999", -0.001),
        ])
    func dateParsing(_ text: String, _ seconds: Double) throws {
        let parsed = try #require(Date.fromDatabaseValue(.text(text)))
        #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.000_001)
        #expect(Date.fromDatabaseValue(.integer(60)) == Date(timeIntervalSince1970: 60))
        #expect(Date.fromDatabaseValue(.text("yesterday")) == nil)
    }

    @Test("rows decode as Decodable types, raw-value enums and JSON columns; errors name the column and the SQL")
    func decoding() async throws {
        enum Color: String, Decodable, DatabaseValueConvertible { case red, blue }
        struct Detail: Codable, Equatable { let sizes: [Int] }
        struct Wide: Decodable {
            let color: Color
            let detail: Detail
            let note: String?
        }
        let database = try makeMemoryDatabase()
        try await database.transaction { transaction in
            try transaction.execute(
                "INSERT INTO sample_items (id, name, price) VALUES (1, 'hat', 1299), (2, 'cap', NULL)")
        }
        let items = try await database.read { reader in
            try reader.fetchAll(Item.self, "SELECT id, name, price FROM sample_items ORDER BY id")
        }
        #expect(items == [Item(id: 1, name: "hat", price: 1299), Item(id: 2, name: "cap", price: nil)])
        let wide = try await database.read { reader in
            try reader.fetchOne(Wide.self, "SELECT 'blue' AS color, '{\"sizes\":[1,2]}' AS detail")
        }
        #expect(wide?.color == .blue)
        #expect(wide?.detail == Detail(sizes: [1, 2]))
        #expect(wide?.note == nil)
        let error = try await #require(throws: RowDecodingError.self) {
            try await database.read { reader in
                try reader.fetchAll(Item.self, "SELECT id, price FROM sample_items")
            }
        }
        #expect(error.column == "name")
        #expect(error.sql == "SELECT id, price FROM sample_items")
    }

    @Test("IN lists are built from placeholders, never from values")
    func placeholders() async throws {
        let database = try makeMemoryDatabase()
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        }
        let wanted: [DatabaseValue] = [.integer(1), .integer(3)]
        let names = try await database.read { reader in
            try reader.fetchAll(
                String.self,
                "SELECT name FROM sample_items WHERE id IN (" + .placeholders(count: wanted.count) + ") ORDER BY id",
                arguments: wanted)
        }
        #expect(names == ["a", "c"])
        #expect(SQL.placeholders(count: 0).text.isEmpty)
        #expect(SQL.joined(["a", "b"]).text == "a, b")
    }
}

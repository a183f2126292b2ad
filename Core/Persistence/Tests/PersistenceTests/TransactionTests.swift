import Foundation
import Primitives
import TestSupport
import Testing

@testable import Persistence

@Suite("Transactions, savepoints and errors")
struct TransactionTests {
    private struct Boom: Error {}

    private func names(_ database: Database) async throws -> [String] {
        try await database.read { reader in
            try reader.fetchAll(String.self, "SELECT name FROM sample_items ORDER BY name")
        }
    }

    @Test("a transaction that throws leaves nothing behind, on memory and on file")
    func rollbackOnThrow() async throws {
        let directory = try TemporaryDirectory()
        for database in [try makeMemoryDatabase(), try makeFileDatabase(in: directory.url)] {
            try await database.transaction { transaction in
                try transaction.execute("INSERT INTO sample_items (name) VALUES ('kept')")
            }
            await #expect(throws: Boom.self) {
                try await database.transaction { transaction in
                    try transaction.execute("INSERT INTO sample_items (name) VALUES ('lost 1')")
                    try transaction.execute("UPDATE sample_items SET name = 'changed' WHERE name = 'kept'")
                    try transaction.execute("INSERT INTO sample_items (name) VALUES ('lost 2')")
                    throw Boom()
                }
            }
            #expect(try await names(database) == ["kept"])
            await database.close()
        }
    }

    @Test("a savepoint that throws undoes only its own writes; nested savepoints unwind one level at a time")
    func savepoints() async throws {
        let database = try makeMemoryDatabase()
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (name) VALUES ('outer')")
            do {
                try transaction.transaction { inner in
                    try inner.execute("INSERT INTO sample_items (name) VALUES ('inner lost')")
                    throw Boom()
                }
            } catch is Boom {}
            try transaction.transaction { inner in
                try inner.execute("INSERT INTO sample_items (name) VALUES ('inner kept')")
                do {
                    try inner.transaction { innermost in
                        try innermost.execute("INSERT INTO sample_items (name) VALUES ('innermost lost')")
                        throw Boom()
                    }
                } catch is Boom {}
            }
        }
        #expect(try await names(database) == ["inner kept", "outer"])
    }

    @Test("after-commit actions run after a commit only, and not for a savepoint that rolled back")
    func afterCommit() async throws {
        let database = try makeMemoryDatabase()
        let ran = Locked<[String]>([])
        try await database.transaction { transaction in
            transaction.afterCommit { ran.withLock { $0.append("outer") } }
            do {
                try transaction.transaction { inner in
                    inner.afterCommit { ran.withLock { $0.append("rolled back savepoint") } }
                    throw Boom()
                }
            } catch is Boom {}
            #expect(ran.withLock { $0 }.isEmpty)
        }
        await #expect(throws: Boom.self) {
            try await database.transaction { transaction in
                transaction.afterCommit { ran.withLock { $0.append("rolled back transaction") } }
                throw Boom()
            }
        }
        #expect(ran.withLock { $0 } == ["outer"])
    }

    @Test("errors carry the extended result code, SQLite's message and the SQL, never the bound values")
    func errors() async throws {
        let database = try makeMemoryDatabase()
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (id, name) VALUES (?, ?)", 1, "secret-value-1")
        }
        let error = try await #require(throws: DatabaseError.self) {
            try await database.transaction { transaction in
                try transaction.execute("INSERT INTO sample_items (id, name) VALUES (?, ?)", 1, "secret-value-2")
            }
        }
        #expect(error.extendedResultCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(error.isConstraintViolation)
        #expect(error.message.contains("UNIQUE constraint failed: sample_items.id"))
        #expect(error.sql == "INSERT INTO sample_items (id, name) VALUES (?, ?)")
        #expect(!"\(error)".contains("secret-value"))
        let syntax = try await #require(throws: DatabaseError.self) {
            try await database.read { reader in try reader.fetchRows("SELEC 1") }
        }
        #expect(syntax.primaryResultCode == 1)
        #expect(syntax.sql == "SELEC 1")
    }

    @Test("misuse is refused: transaction control in SQL, writes in a read, handles used after their closure")
    func misuse() async throws {
        let database = try makeMemoryDatabase()
        await #expect(throws: DatabaseError.self) {
            try await database.transaction { transaction in try transaction.execute("COMMIT") }
        }
        let readError = try await #require(throws: DatabaseError.self) {
            try await database.read { reader in try reader.fetchRows("DELETE FROM sample_items RETURNING id") }
        }
        #expect(readError.primaryResultCode == 8)  // SQLITE_READONLY
        // The test lets a transaction outlive its body on purpose. Sound: the body writes `escaped` and returns before
        // `transaction(_:)` does, and the only read comes after that `await`, on this task.
        nonisolated(unsafe) var escaped: DatabaseTransaction?
        try await database.transaction { transaction in escaped = transaction }
        #expect(throws: DatabaseError.self) {
            try escaped?.execute("INSERT INTO sample_items (name) VALUES ('late')")
        }
        await #expect(throws: DatabaseError.self) {
            try await database.transaction { transaction in
                try transaction.execute("INSERT INTO sample_items (name) VALUES (?)", "a", "extra")
            }
        }
        #expect(try await names(database).isEmpty)
    }

    @Test("the statement trace counts what an operation ran, without values")
    func trace() async throws {
        let trace = StatementTrace()
        let database = try makeMemoryDatabase(trace: trace)
        try await database.open()
        trace.reset()
        try await database.transaction { transaction in
            for name in ["a", "b", "c"] {
                try transaction.execute("INSERT INTO sample_items (name) VALUES (?)", name)
            }
        }
        #expect(trace.statements == Array(repeating: "INSERT INTO sample_items (name) VALUES (?)", count: 3))
        #expect(trace.allEntries.map(\.sql).first == "BEGIN IMMEDIATE")
        #expect(trace.allEntries.map(\.sql).last == "COMMIT")
        trace.reset()
        _ = try await database.read { reader in try reader.fetchRows("SELECT * FROM sample_items") }
        #expect(trace.statements == ["SELECT * FROM sample_items"])
    }
}

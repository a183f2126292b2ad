import Foundation
import Persistence
import TestSupport
import Testing

@Suite("Lazy opening and open failures")
struct LazyOpeningTests {
    @Test("building a database touches no file; the first operation creates the directory and the store")
    func buildingOpensNothing() async throws {
        let directory = try TemporaryDirectory()
        let nested = directory.url.appending(path: "accounts/guest")
        let database = try makeFileDatabase(in: nested)
        #expect(treeListing(directory.url).isEmpty)
        _ = try await database.read { reader in try reader.fetchRows("SELECT 1") }
        #expect(treeListing(directory.url).contains("accounts/guest/store.sqlite"))
        #expect(try permissions(of: nested) == 0o700)
        await database.close()
    }

    @Test("a corrupt file fails every operation with a corruption error and is never changed or replaced")
    func corruptFile() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appending(path: "store.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: url)
        let database = try makeFileDatabase(in: directory.url)
        for _ in 0..<3 {
            let error = try await #require(throws: DatabaseError.self) {
                try await database.transaction { transaction in
                    try transaction.execute("INSERT INTO sample_items (name) VALUES ('x')")
                }
            }
            #expect(error.isCorruption)
            #expect(error.path == url.path(percentEncoded: false))
        }
        #expect(try Data(contentsOf: url) == garbage)
        #expect(treeListing(directory.url) == ["store.sqlite"])
    }

    @Test("a directory at the path fails every operation; once it is gone the next operation opens the store")
    func directoryAtPath() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appending(path: "store.sqlite")
        try FileManager().createDirectory(at: path, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: path.appending(path: "inside.txt"))
        let database = try makeFileDatabase(in: directory.url)
        for _ in 0..<2 {
            let error = try await #require(throws: DatabaseError.self) { try await database.open() }
            #expect(error.primaryResultCode == 14)  // SQLITE_CANTOPEN
        }
        #expect(treeListing(directory.url) == ["store.sqlite", "store.sqlite/inside.txt"])
        try FileManager().removeItem(at: path)
        try await database.open()
        await database.close()
    }

    @Test("concurrent first operations open the store once; a closed database never reopens")
    func opensOnce() async throws {
        let directory = try TemporaryDirectory()
        let (logger, handler) = makeLogger()
        var migrator = DatabaseMigrator()
        try migrator.register(sampleMigrations)
        let database = Database(
            location: .file(directory.url.appending(path: "store.sqlite")), migrator: migrator,
            configuration: DatabaseConfiguration(), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { _ = try await database.read { reader in try reader.fetchRows("SELECT 1") } }
            }
            try await group.waitForAll()
        }
        #expect(handler.messages.filter { $0 == "opened database" }.count == 1)
        await database.close()
        await #expect(throws: DatabaseError.self) { try await database.open() }
    }
}

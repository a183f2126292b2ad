import Foundation
import Persistence
import TestSupport
import Testing

@Suite("Commit stamps: any commit to the file changes them, reads do not")
struct CommitWatchTests {
    @Test("a commit changes the stamp; a read, or nothing at all, leaves it as it was")
    func commitsChangeTheStamp() async throws {
        let directory = try TemporaryDirectory()
        let database = try makeFileDatabase(in: directory.url)
        #expect(database.commitWatch() == nil, "a database that is not open has no watch")
        try await database.open()
        let watch = try #require(database.commitWatch())
        let first = try #require(watch.stamp())
        #expect(watch.stamp() == first)
        _ = try database.readBlocking { reader in try reader.fetchOne(Int.self, "SELECT count(*) FROM sample_items") }
        _ = try await database.read { reader in try reader.fetchOne(Int.self, "SELECT count(*) FROM sample_items") }
        #expect(watch.stamp() == first, "reads commit nothing")
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (name) VALUES ('one')")
        }
        let second = try #require(watch.stamp())
        #expect(second != first)
        try await database.transaction { transaction in
            try transaction.execute("UPDATE sample_items SET name = 'two'")
        }
        #expect(watch.stamp() != second)
        await database.close()
        #expect(watch.stamp() == nil, "a closed database has no stamp")
    }

    @Test("a commit through another connection to the same file changes the stamp")
    func otherConnection() async throws {
        let directory = try TemporaryDirectory()
        let database = try makeFileDatabase(in: directory.url)
        let other = try makeFileDatabase(in: directory.url)
        try await database.open()
        try await other.open()
        let watch = try #require(database.commitWatch())
        let before = try #require(watch.stamp())
        try await other.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (name) VALUES ('elsewhere')")
        }
        #expect(watch.stamp() != before)
        await other.close()
        await database.close()
    }

    @Test("a commit by another process changes the stamp")
    func otherProcess() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appending(path: "import.sqlite").path(percentEncoded: false)
        let probe = try ProbeProcess(["import", path])
        var lines = probe.lines.makeAsyncIterator()
        #expect(await lines.next() == "ready")
        // Lines: "progress B N" inside a transaction, "committed B" after each commit.
        while let line = await lines.next(), !line.hasPrefix("committed ") {}
        let database = try makeFileDatabase(in: directory.url, name: "import.sqlite", groups: [])
        try await database.open()
        let watch = try #require(database.commitWatch())
        let before = try #require(watch.stamp())
        // The probe commits one batch after another: some commit after `before` was read changes the stamp (the
        // lines already written may all be of commits before it).
        var changed = false
        for _ in 0..<200 {
            guard let line = await lines.next() else { break }
            if line.hasPrefix("committed "), watch.stamp() != before {
                changed = true
                break
            }
        }
        #expect(changed)
        probe.kill()
        _ = await probe.exit()
        await database.close()
    }

    @Test("an in-memory database has no commit watch")
    func inMemory() async throws {
        let database = try makeMemoryDatabase()
        try await database.open()
        #expect(database.commitWatch() == nil)
        await database.close()
    }
}

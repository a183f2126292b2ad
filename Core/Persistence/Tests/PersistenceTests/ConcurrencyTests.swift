import Dispatch
import Foundation
import Persistence
import TestSupport
import Testing

@Suite("Concurrent writers and readers")
struct ConcurrencyTests {
    @Test("two writers on one file (two connections) both succeed within the busy timeout")
    func twoWriters() async throws {
        let directory = try TemporaryDirectory()
        let first = try makeFileDatabase(in: directory.url)
        let second = try makeFileDatabase(in: directory.url)
        try await first.open()
        try await second.open()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, database) in [("first", first), ("second", second)] {
                group.addTask {
                    for index in 0..<40 {
                        try await database.transaction { transaction in
                            for row in 0..<25 {
                                try transaction.execute(
                                    "INSERT INTO sample_items (name) VALUES (?)", "\(writer)-\(index)-\(row)")
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let counts = try await first.read { reader in
            try reader.fetchAll(
                Int.self, "SELECT count(*) FROM sample_items GROUP BY substr(name, 1, instr(name, '-')) ORDER BY 1")
        }
        #expect(counts == [1_000, 1_000])
        await first.close()
        await second.close()
    }

    @Test("reads run beside an open write transaction and see the last committed state")
    func readsBesideWriter() async throws {
        let directory = try TemporaryDirectory()
        let database = try makeFileDatabase(in: directory.url)
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (name) VALUES ('committed')")
        }
        let insideWrite = DispatchSemaphore(value: 0)
        let finishWrite = DispatchSemaphore(value: 0)
        let write = Task {
            try await database.transaction { transaction in
                try transaction.execute("INSERT INTO sample_items (name) VALUES ('pending')")
                insideWrite.signal()
                finishWrite.wait()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "test.wait").async {
                insideWrite.wait()
                continuation.resume()
            }
        }
        let seen = try await database.read { reader in
            try reader.fetchAll(String.self, "SELECT name FROM sample_items ORDER BY name")
        }
        finishWrite.signal()
        try await write.value
        #expect(seen == ["committed"])
        let after = try await database.read { reader in
            try reader.fetchAll(String.self, "SELECT name FROM sample_items ORDER BY name")
        }
        #expect(after == ["committed", "pending"])
        await database.close()
    }

    @Test("many concurrent reads and writes through one database all complete")
    func manyOperations() async throws {
        let directory = try TemporaryDirectory()
        let database = try makeFileDatabase(in: directory.url)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask {
                    try await database.transaction { transaction in
                        try transaction.execute("INSERT INTO sample_items (name) VALUES (?)", "item \(index)")
                    }
                }
                group.addTask {
                    _ = try await database.read { reader in try reader.fetchRows("SELECT count(*) FROM sample_items") }
                }
            }
            try await group.waitForAll()
        }
        let count = try await database.read { reader in
            try reader.fetchOne(Int.self, "SELECT count(*) FROM sample_items")
        }
        #expect(count == 30)
        await database.close()
    }
}

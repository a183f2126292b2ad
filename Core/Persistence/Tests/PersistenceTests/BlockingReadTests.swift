import Dispatch
import Foundation
import Persistence
import Primitives
import TestSupport
import Testing

@Suite("Blocking reads on threads of their own")
struct BlockingReadTests {
    @Test("a blocking read before open() is refused, after open() it sees committed rows, after close() it throws")
    func lifecycle() async throws {
        let directory = try TemporaryDirectory()
        let database = try makeFileDatabase(in: directory.url)
        #expect(throws: DatabaseError.self) {
            try database.readBlocking { reader in try reader.fetchOne(Int.self, "SELECT 1") }
        }
        try await database.open()
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (name) VALUES ('one')")
        }
        let names = try database.readBlocking { reader in
            try reader.fetchAll(String.self, "SELECT name FROM sample_items")
        }
        #expect(names == ["one"])
        #expect(throws: DatabaseError.self) {
            try database.readBlocking { reader in try reader.fetchRows("DELETE FROM sample_items") }
        }
        await database.close()
        #expect(throws: DatabaseError.self) {
            try database.readBlocking { reader in try reader.fetchOne(Int.self, "SELECT 1") }
        }
    }

    @Test("threads reading at the same time as a writer each see a committed count, never a partial one")
    func concurrentThreads() async throws {
        let directory = try TemporaryDirectory()
        let database = try makeFileDatabase(in: directory.url)
        try await database.open()
        let threads = 4
        let readsPerThread = 200
        let seen = Locked<[Int]>([])
        let failures = Locked<[String]>([])
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for _ in 0..<readsPerThread {
                    do {
                        let count = try database.readBlocking { reader in
                            try reader.fetchOne(Int.self, "SELECT count(*) FROM sample_items") ?? -1
                        }
                        seen.withLock { $0.append(count) }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        for _ in 0..<20 {
            try await database.transaction { transaction in
                for _ in 0..<10 {
                    try transaction.execute("INSERT INTO sample_items (name) VALUES ('x')")
                }
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { continuation.resume() }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let counts = seen.withLock { $0 }
        #expect(counts.count == threads * readsPerThread)
        #expect(counts.allSatisfy { $0 % 10 == 0 && $0 <= 200 })
        await database.close()
    }

    @Test("in memory a blocking read runs on the writer's connection and sees its rows")
    func inMemory() async throws {
        let database = try makeMemoryDatabase()
        try await database.open()
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO sample_items (name) VALUES ('memory')")
        }
        let names = try database.readBlocking { reader in
            try reader.fetchAll(String.self, "SELECT name FROM sample_items")
        }
        #expect(names == ["memory"])
        await database.close()
    }
}

import Foundation
import Primitives
import TestSupport
import Testing

@testable import Persistence

/// Children killed with SIGKILL at varying moments, 50 times each, and files constrained as a full disk would.
@Suite("Crash consistency")
struct CrashTests {
    private static let repetitions = 50
    private static let rowsPerBatch = 2_000

    @Test("a large import killed mid-transaction 50 times: integrity holds, each transaction is all or nothing")
    func importKilled() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appending(path: "import.sqlite").path(percentEncoded: false)
        var everCommitted: Set<Int> = []
        for iteration in 0..<Self.repetitions {
            let probe = try ProbeProcess(["import", path])
            var lines = probe.lines.makeAsyncIterator()
            #expect(await lines.next() == "ready")
            for _ in 0..<(1 + (iteration * 7) % 11) {
                guard let line = await lines.next() else { break }
                if line.hasPrefix("committed "), let batch = Int(line.dropFirst("committed ".count)) {
                    everCommitted.insert(batch)
                }
            }
            probe.kill()
            _ = await probe.exit()

            let database = try makeFileDatabase(in: directory.url, name: "import.sqlite", groups: [])
            let (integrity, counts) = try await database.read { reader in
                (
                    try reader.fetchAll(String.self, "PRAGMA integrity_check"),
                    try reader.fetchRows("SELECT batch, count(*) AS rows FROM probe_rows GROUP BY batch")
                )
            }
            await database.close()
            #expect(integrity == ["ok"])
            var present: Set<Int> = []
            for row in counts {
                let batch = try row.value("batch", as: Int.self)
                present.insert(batch)
                #expect(try row.value("rows", as: Int.self) == Self.rowsPerBatch, "batch \(batch) is partial")
            }
            #expect(everCommitted.isSubset(of: present), "a committed batch was lost")
        }
        #expect(everCommitted.count >= Self.repetitions / 2)
    }

    @Test("an atomic file write killed 50 times: the file always holds one whole version")
    func atomicWriteKilled() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appending(path: "document.txt")
        for iteration in 0..<Self.repetitions {
            let probe = try ProbeProcess(["atomic-write", url.path(percentEncoded: false)])
            var lines = probe.lines.makeAsyncIterator()
            #expect(await lines.next() == "ready")
            var reported = 0
            for _ in 0..<(1 + iteration % 5) {
                guard let line = await lines.next(), let index = Int(line.dropFirst("wrote ".count)) else { break }
                reported = index
            }
            probe.kill()
            _ = await probe.exit()

            let data = try Data(contentsOf: url)
            let header = String(decoding: data.prefix(32), as: UTF8.self).split(separator: "\n").first ?? ""
            let version = Int(header.dropFirst("write ".count)) ?? -1
            #expect(version >= reported, "an older version than one already reported")
            #expect(data == Self.content(version), "the file is not one whole version")
            let leftovers = treeListing(directory.url).filter { $0 != "document.txt" }
            #expect(leftovers.allSatisfy { $0.hasPrefix(".document.txt.tmp-") })
            for leftover in leftovers {
                try FileManager().removeItem(at: directory.url.appending(path: leftover))
            }
        }
    }

    @Test("past a file-size limit (a full disk) writes fail naming the file, and the old data stays whole")
    func fullDisk() async throws {
        let directory = try TemporaryDirectory()
        let lines = try await ProbeProcess.run(["full-disk", directory.url.path(percentEncoded: false)])
        #expect(lines.contains("limited"))
        let documentPath = directory.url.appending(path: "document.txt").path(percentEncoded: false)
        let atomicError = try #require(lines.first { $0.hasPrefix("atomic-write-error ") })
        #expect(atomicError.contains(documentPath))
        #expect(atomicError.contains("File too large"))
        let transactionError = try #require(lines.first { $0.hasPrefix("transaction-error ") })
        // EFBIG surfaces as SQLITE_IOERR_WRITE (778); ENOSPC would be SQLITE_FULL (13). Either names the file.
        #expect(transactionError.contains("SQLite 778") || transactionError.contains("SQLite 13"))
        #expect(transactionError.contains(directory.url.appending(path: "store.sqlite").path(percentEncoded: false)))
        #expect(lines.contains("rows old row"))
        #expect(try String(contentsOfFile: documentPath, encoding: .utf8) == "old content\n")
        #expect(!treeListing(directory.url).contains { $0.contains(".tmp-") })
        let database = try makeFileDatabase(in: directory.url, name: "store.sqlite", groups: [])
        let (integrity, rows) = try await database.read { reader in
            (
                try reader.fetchAll(String.self, "PRAGMA integrity_check"),
                try reader.fetchAll(String.self, "SELECT payload FROM probe_rows")
            )
        }
        #expect(integrity == ["ok"])
        #expect(rows == ["old row"])
        await database.close()
    }

    @Test("a -shm file that cannot grow (SQLITE_IOERR_SHMSIZE) is a full disk naming the -shm file")
    func fullDiskShm() async throws {
        let directory = try TemporaryDirectory()
        let lines = try await ProbeProcess.run(["full-shm", directory.url.path(percentEncoded: false)])
        #expect(lines.contains("limited"))
        let shmPath = directory.url.appending(path: "store.sqlite-shm").path(percentEncoded: false)
        let error = try #require(lines.first { $0.hasPrefix("shm-error ") }, "no error in \(lines)")
        #expect(error.hasPrefix("shm-error 4874 true \(shmPath): "), "\(error)")
        #expect(error.contains("File too large"))
    }

    @Test("mutations enqueued by a process whose pushes failed are pushed exactly once after a restart")
    func outboxAcrossRestart() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appending(path: "store.sqlite").path(percentEncoded: false)
        let lines = try await ProbeProcess.run(["outbox-enqueue", path, "3"])
        #expect(lines == ["attempt m1", "pending 3"])

        let pushes = Locked<[String]>([])
        for restart in 0..<2 {
            let database = try makeFileDatabase(in: directory.url, groups: [])
            let clock = ManualClock()
            let outbox = Outbox(
                database: database, clock: clock, now: { Date().addingTimeInterval(3_600) }, logger: makeLogger().0)
            let (pushed, continuation) = AsyncStream.makeStream(of: String.self)
            outbox.setHandler(for: "probe.mutation") { entry in
                pushes.withLock { $0.append(entry.id) }
                continuation.yield(entry.id)
                return .done
            }
            outbox.start()
            if restart == 0 {
                var iterator = pushed.makeAsyncIterator()
                for expected in ["m1", "m2", "m3"] {
                    #expect(await iterator.next() == expected)
                }
            }
            let report = try await outbox.pushPending()
            await outbox.stop()
            #expect(report.remaining == 0)
            await database.close()
        }
        #expect(pushes.withLock { $0 } == ["m1", "m2", "m3"])
    }

    /// The content the probe writes as version `index` (see `AtomicWriteProbe.content`).
    private static func content(_ index: Int) -> Data {
        let letter = index % 2 == 0 ? "A" : "B"
        return Data(("write \(index)\n" + String(repeating: letter, count: 256 * 1024) + "\nend\n").utf8)
    }
}

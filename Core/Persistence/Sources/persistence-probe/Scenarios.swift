import Foundation
import Logging
import Persistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Imports batches of rows, one transaction per batch, reporting progress inside each transaction and each commit.
struct ImportProbe {
    static let rowsPerBatch = 2_000
    let path: String
    let logger: Logger

    func run() async throws {
        let database = try openProbeDatabase(path: path, logger: logger)
        try await database.open()
        let first = try await database.read { reader in
            try reader.fetchOne(Int.self, "SELECT coalesce(max(batch), 0) + 1 FROM probe_rows") ?? 1
        }
        emit("ready")
        let payload = String(repeating: "x", count: 180)
        for batch in first..<(first + 10_000) {
            try await database.transaction { transaction in
                for position in 0..<ImportProbe.rowsPerBatch {
                    try transaction.execute(
                        "INSERT INTO probe_rows (batch, position, payload) VALUES (?, ?, ?)", batch, position, payload)
                    if position % 500 == 499 {
                        emit("progress \(batch) \(position + 1)")
                    }
                }
            }
            emit("committed \(batch)")
        }
    }
}

/// Rewrites one file again and again with `AtomicFile`, alternating two recognisable contents.
struct AtomicWriteProbe {
    let path: String

    /// The content of write number `index`: a header naming it, then 256 KiB of one letter.
    static func content(_ index: Int) -> Data {
        let letter = index % 2 == 0 ? "A" : "B"
        return Data(("write \(index)\n" + String(repeating: letter, count: 256 * 1024) + "\nend\n").utf8)
    }

    func run() throws {
        let file = AtomicFile(url: URL(filePath: path))
        emit("ready")
        for index in 1...100_000 {
            try file.write(Self.content(index))
            emit("wrote \(index)")
        }
    }
}

/// Takes a `FileLock` on a directory in the mode given (`shared` or `exclusive`), reports `locked`, and holds it for
/// 60 seconds (a bound, so a probe its test forgot ends by itself) or until it is killed.
struct LockProbe {
    let directory: String
    let mode: String

    func run() throws {
        let lockMode: FileLock.Mode
        switch mode {
        case "shared": lockMode = .shared
        case "exclusive": lockMode = .exclusive
        default: throw FileOperationError(operation: "lock", path: directory, reason: "unknown mode '\(mode)'")
        }
        let lock = try FileLock.acquire(
            directory: URL(filePath: directory), mode: lockMode, timeout: .seconds(30), clock: ContinuousClock())
        emit("locked \(lock.mode)")
        var request = timespec(tv_sec: 60, tv_nsec: 0)
        _ = nanosleep(&request, nil)
        lock.unlock()
    }
}

/// Enqueues mutations while their push fails, tries to push them once, and exits with them still pending.
struct OutboxProbe {
    let path: String
    let count: Int
    let logger: Logger

    func run() async throws {
        let database = try openProbeDatabase(path: path, logger: logger)
        let outbox = Outbox(database: database, clock: ContinuousClock(), now: { Date() }, logger: logger)
        outbox.setHandler(for: "probe.mutation") { entry in
            emit("attempt \(entry.id)")
            return .retry(after: .seconds(60), reason: "the server is unreachable")
        }
        for index in 1...count {
            let mutation = OutboxMutation(id: "m\(index)", kind: "probe.mutation", payload: Data("\(index)".utf8))
            try await database.transaction { transaction in
                try outbox.enqueue(mutation, in: transaction)
            }
        }
        let report = try await outbox.pushPending()
        emit("pending \(report.remaining)")
        await database.close()
    }
}

/// Writes past a file-size limit (`RLIMIT_FSIZE`, with `SIGXFSZ` ignored so writes fail with `EFBIG` instead of
/// killing the process), as a full disk would make them fail, and reports the errors.
struct FullDiskProbe {
    let directory: String
    let logger: Logger

    func run() async throws {
        let file = AtomicFile(url: URL(filePath: directory).appending(path: "document.txt"))
        try file.write(Data("old content\n".utf8))
        let database = try openProbeDatabase(
            path: URL(filePath: directory).appending(path: "store.sqlite").path(percentEncoded: false), logger: logger)
        try await database.transaction { transaction in
            try transaction.execute("INSERT INTO probe_rows (batch, position, payload) VALUES (1, 1, 'old row')")
        }
        guard limitFileSize(to: 64 * 1024) else { return }
        do {
            try file.write(Data(repeating: UInt8(ascii: "n"), count: 1024 * 1024))
            emit("atomic-write succeeded")
        } catch {
            emit("atomic-write-error \(error)")
        }
        do {
            let payload = String(repeating: "y", count: 4096)
            try await database.transaction { transaction in
                for position in 2...200 {
                    try transaction.execute(
                        "INSERT INTO probe_rows (batch, position, payload) VALUES (1, ?, ?)", position, payload)
                }
            }
            emit("transaction succeeded")
        } catch {
            emit("transaction-error \(error)")
        }
        let rows = try await database.read { reader in
            try reader.fetchAll(String.self, "SELECT payload FROM probe_rows ORDER BY position")
        }
        emit("rows \(rows.joined(separator: ","))")
        await database.close()
    }
}

/// Opens a new WAL database under a file-size limit of 16 KiB (`RLIMIT_FSIZE`, `SIGXFSZ` ignored): the database and
/// its first WAL frames fit, but the `-shm` file, which SQLite grows to 32 KiB one page at a time, does not, as on a
/// full disk or tmpfs. Reports the error as `shm-error CODE DISK-FULL PATH: DESCRIPTION`.
struct FullShmProbe {
    let directory: String
    let logger: Logger

    func run() async throws {
        guard limitFileSize(to: 16 * 1024) else { return }
        let database = try openProbeDatabase(
            path: URL(filePath: directory).appending(path: "store.sqlite").path(percentEncoded: false), logger: logger)
        do {
            try await database.transaction { transaction in
                try transaction.execute("INSERT INTO probe_rows (batch, position, payload) VALUES (1, 1, 'row')")
            }
            emit("transaction succeeded")
        } catch let error as DatabaseError {
            emit("shm-error \(error.extendedResultCode) \(error.isDiskFull) \(error.diskFullPath ?? "-"): \(error)")
        }
        await database.close()
    }
}

/// Limits the size of every file this process writes to `bytes` (`RLIMIT_FSIZE`), with `SIGXFSZ` ignored so a write
/// past it fails with `EFBIG` as on a full disk; emits `limited`, or `error setrlimit failed` and returns false.
func limitFileSize(to bytes: rlim_t) -> Bool {
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    guard setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0 else {
        emit("error setrlimit failed")
        return false
    }
    emit("limited")
    return true
}

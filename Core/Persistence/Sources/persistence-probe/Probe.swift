import Foundation
import Logging
import Persistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for Persistence's tests: it does one thing the tests must interrupt or constrain from outside
/// (killed with SIGKILL mid-transaction or mid-write, restarted, limited in file size), reporting progress on
/// standard output one line at a time.
///
/// Usage:
///   persistence-probe import DATABASE               batches of 2,000 rows, one transaction each, until killed
///   persistence-probe atomic-write FILE             whole-file rewrites, alternating two contents, until killed
///   persistence-probe outbox-enqueue DATABASE N     enqueues N mutations while their push fails, then exits
///   persistence-probe full-disk DIRECTORY           writes past a file-size limit and reports the errors
///   persistence-probe full-shm DIRECTORY            opens a new WAL database whose -shm file cannot grow
///   persistence-probe write-fixture FILE VERSION    writes the fixture store of schema VERSION (1, 2 or newer)
///   persistence-probe hold-lock DIRECTORY MODE      locks DIRECTORY (shared or exclusive), holds it 60 s or until
///                                                   killed
@main
struct Probe {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let logger = Logger(
            label: "persistence-probe",
            handler: StreamLogHandler.standardError(environment: ProcessInfo.processInfo.environment))
        do {
            switch (arguments.first, arguments.count) {
            case ("import", 2): try await ImportProbe(path: arguments[1], logger: logger).run()
            case ("atomic-write", 2): try AtomicWriteProbe(path: arguments[1]).run()
            case ("outbox-enqueue", 3):
                try await OutboxProbe(path: arguments[1], count: Int(arguments[2]) ?? 1, logger: logger).run()
            case ("full-disk", 2): try await FullDiskProbe(directory: arguments[1], logger: logger).run()
            case ("hold-lock", 3): try LockProbe(directory: arguments[1], mode: arguments[2]).run()
            case ("full-shm", 2): try await FullShmProbe(directory: arguments[1], logger: logger).run()
            case ("write-fixture", 3):
                try await FixtureWriter(path: arguments[1], version: arguments[2], logger: logger).run()
            default:
                emit(
                    "usage: persistence-probe import|atomic-write|outbox-enqueue|full-disk|full-shm|write-fixture"
                        + "|hold-lock ARGUMENTS")
                exit(64)
            }
        } catch {
            emit("error \(error)")
            exit(1)
        }
    }
}

/// Writes `line` and a newline to standard output at once (no buffering), so the parent sees progress as it
/// happens and a SIGKILL loses nothing already reported.
func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count, let base = buffer.baseAddress {
            let written = write(1, base + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// The table the import probe fills: `rows_per_batch` rows per transaction, all with the transaction's batch number.
let probeMigrations = MigrationGroup(
    tablePrefix: "probe_",
    migrations: [
        Migration(
            "probe_1_create_rows",
            sql: """
                CREATE TABLE probe_rows (
                    batch INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    payload TEXT NOT NULL,
                    PRIMARY KEY (batch, position)
                )
                """)
    ])

/// Opens a file database with the probe's table.
func openProbeDatabase(path: String, logger: Logger) throws -> Database {
    var migrator = DatabaseMigrator()
    try migrator.register(probeMigrations)
    return Database(
        location: .file(URL(filePath: path)), migrator: migrator, configuration: DatabaseConfiguration(),
        logger: logger)
}

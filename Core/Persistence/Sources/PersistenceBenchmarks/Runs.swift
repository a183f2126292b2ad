import Foundation
import Logging
import Persistence

extension PersistenceBenchmarks {
    /// Upserts `rows` into a new store, in one transaction or one per row; the clock runs around the upserts only.
    static func upsertWithPersistence(_ rows: [BenchmarkRow], perRow: Bool) async throws -> Measurement {
        let directory = try makeScratchDirectory()
        defer { try? FileManager().removeItem(at: directory) }
        var migrator = DatabaseMigrator()
        try migrator.register(MigrationGroup(tablePrefix: "bench_", migrations: [Migration("bench_1", sql: schema)]))
        var logger = Logger(label: "benchmarks", handler: StreamLogHandler.standardError(environment: [:]))
        logger.logLevel = .warning
        let database = Database(
            location: .file(directory.appending(path: "bench.sqlite")), migrator: migrator,
            configuration: DatabaseConfiguration(), logger: logger)
        try await database.open()
        let clock = ContinuousClock()
        let start = clock.now
        if perRow {
            for row in rows {
                try await database.transaction { transaction in
                    try transaction.execute(upsert, row.serverID, row.title, row.priceMinor, row.updatedAt)
                }
            }
        } else {
            try await database.transaction { transaction in
                for row in rows {
                    try transaction.execute(upsert, row.serverID, row.title, row.priceMinor, row.updatedAt)
                }
            }
        }
        let elapsed = Measurement(start.duration(to: clock.now))
        let count = try await database.read { reader in
            try reader.fetchOne(Int.self, "SELECT count(*) FROM bench_items")
        }
        await database.close()
        guard count == rows.count else {
            throw BenchmarkError(message: "expected \(rows.count) rows, found \(count ?? 0)")
        }
        return elapsed
    }

    /// Loads the same rows with the `sqlite3` tool from a script of `INSERT … ON CONFLICT` statements in one
    /// transaction, into a store whose table already exists; the clock runs around the tool's process.
    static func upsertWithCommandLine(_ rows: [BenchmarkRow], sqlite3: String) async throws -> Measurement {
        let directory = try makeScratchDirectory()
        defer { try? FileManager().removeItem(at: directory) }
        let store = directory.appending(path: "bench.sqlite").path(percentEncoded: false)
        let setup = directory.appending(path: "setup.sql")
        try Data("PRAGMA journal_mode = WAL;\n\(schema.text);\n".utf8).write(to: setup)
        _ = try runTool(sqlite3, store: store, script: setup)
        let prefix = upsert.text.components(separatedBy: "VALUES (?, ?, ?, ?)")
        var script = "PRAGMA synchronous = NORMAL;\nBEGIN IMMEDIATE;\n"
        for row in rows {
            script += prefix[0] + "VALUES " + row.sqlValues + prefix[1] + ";\n"
        }
        script += "COMMIT;\nSELECT count(*) FROM bench_items;\n"
        let scriptURL = directory.appending(path: "upserts.sql")
        try Data(script.utf8).write(to: scriptURL)
        let clock = ContinuousClock()
        let start = clock.now
        let output = try runTool(sqlite3, store: store, script: scriptURL)
        let elapsed = Measurement(start.duration(to: clock.now))
        guard output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(rows.count)" else {
            throw BenchmarkError(message: "sqlite3 loaded an unexpected row count: \(output)")
        }
        return elapsed
    }

    private static func runTool(_ sqlite3: String, store: String, script: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: sqlite3)
        process.arguments = ["-batch", "-bail", store]
        process.standardInput = try FileHandle(forReadingFrom: script)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(message: "sqlite3 exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func makeScratchDirectory() throws -> URL {
        let directory = FileManager().temporaryDirectory.appending(path: "persistence-bench-\(UUID().uuidString)")
        try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

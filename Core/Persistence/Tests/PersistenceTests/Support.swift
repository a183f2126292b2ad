import Foundation
import Logging
import Persistence
import TestSupport
import Testing

/// A logger that keeps its records for the test to read.
func makeLogger() -> (Logger, CapturingLogHandler) {
    let handler = CapturingLogHandler()
    return (Logger(label: "persistence-tests", handler: handler), handler)
}

/// A test group of tables under `sample_`.
let sampleMigrations = MigrationGroup(
    tablePrefix: "sample_",
    migrations: [
        Migration(
            "sample_1_create_items",
            sql: """
                CREATE TABLE sample_items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price INTEGER);
                CREATE TABLE sample_tags (item_id INTEGER NOT NULL REFERENCES sample_items (id), tag TEXT NOT NULL);
                """),
        Migration("sample_2_create_answers", sql: "CREATE TABLE sample_answers (id TEXT PRIMARY KEY, body TEXT)"),
    ])

/// A database on a file in `directory`, with the sample tables.
func makeFileDatabase(
    in directory: URL, name: String = "store.sqlite", trace: StatementTrace? = nil,
    groups: [MigrationGroup] = [sampleMigrations]
) throws -> Database {
    var migrator = DatabaseMigrator()
    for group in groups {
        try migrator.register(group)
    }
    return Database(
        location: .file(directory.appending(path: name)), migrator: migrator,
        configuration: DatabaseConfiguration(trace: trace), logger: makeLogger().0)
}

/// An in-memory database with the sample tables.
func makeMemoryDatabase(trace: StatementTrace? = nil) throws -> Database {
    var migrator = DatabaseMigrator()
    try migrator.register(sampleMigrations)
    return Database(
        location: .inMemory, migrator: migrator, configuration: DatabaseConfiguration(trace: trace),
        logger: makeLogger().0)
}

/// The committed fixture store `name` (in the test target's `Fixtures/`), copied into `directory` so the test can
/// open it without touching the committed file.
func copyFixture(_ name: String, to directory: URL) throws -> URL {
    guard let resources = Bundle.module.resourceURL else { throw FixtureMissing(name: name) }
    let source = resources.appending(path: "Fixtures").appending(path: name)
    let target = directory.appending(path: name)
    try FileManager().copyItem(at: source, to: target)
    return target
}

struct FixtureMissing: Error {
    let name: String
}

/// The names of every file and directory under `directory`, relative to it, sorted.
func treeListing(_ directory: URL) -> [String] {
    let fileManager = FileManager()
    guard let enumerator = fileManager.enumerator(atPath: directory.path(percentEncoded: false)) else { return [] }
    return enumerator.compactMap { $0 as? String }.sorted()
}

/// The permission bits of the file at `url`.
func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager().attributesOfItem(atPath: url.path(percentEncoded: false))
    return (attributes[.posixPermissions] as? Int) ?? -1
}

/// Wall-clock time that moves with a `ManualClock`: `base` plus the clock's offset.
struct ManualWallTime: Sendable {
    let clock: ManualClock
    let base = Date(timeIntervalSince1970: 1_700_000_000)

    var now: @Sendable () -> Date {
        { [clock, base] in
            let offset = clock.now.offset.components
            return base.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
        }
    }
}

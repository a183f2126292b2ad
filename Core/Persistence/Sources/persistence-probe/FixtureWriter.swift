import Foundation
import Logging
import Persistence

/// Writes the committed fixture stores of the test target: the schema of one version, with data in it.
///
/// Version `1` has `outbox_1_create_mutations` only and two pending mutations; `2` has the current schema with a
/// pending mutation and a dead letter; `newer` has a migration this version does not know.
struct FixtureWriter {
    let path: String
    let version: String
    let logger: Logger

    func run() async throws {
        let all = Outbox.migrations.migrations
        let migrations: [Migration]
        switch version {
        case "1": migrations = Array(all.prefix(1))
        case "2": migrations = all
        case "newer":
            migrations =
                all + [
                    Migration(
                        "outbox_3_add_priority",
                        sql: "ALTER TABLE outbox_mutations ADD COLUMN priority INTEGER NOT NULL DEFAULT 0")
                ]
        default:
            emit("error unknown version \(version)")
            return
        }
        let migrator = try DatabaseMigrator(groups: [MigrationGroup(tablePrefix: "outbox_", migrations: migrations)])
        let database = Database(
            location: .file(URL(filePath: path)), migrator: migrator, configuration: DatabaseConfiguration(),
            logger: logger)
        let created = Date(timeIntervalSince1970: 1_714_557_600)
        try await database.transaction { transaction in
            for (index, kind) in ["feed.like", "feed.like"].enumerated() {
                try transaction.execute(
                    """
                    INSERT INTO outbox_mutations (id, kind, payload, attempt_count, next_attempt_at, created_at)
                    VALUES (?, ?, ?, 0, ?, ?)
                    """,
                    "fixture-\(index + 1)", kind, Data("{\"post_id\":\"p_\(index + 1)\"}".utf8), created, created)
            }
            guard migrations.count >= 2 else { return }
            try transaction.execute(
                """
                INSERT INTO outbox_dead_letters
                    (sequence, id, kind, payload, attempt_count, created_at, failed_at, reason)
                VALUES (100, 'fixture-dead', 'checkout.order', x'7B7D', 3, ?, ?, 'rejected by the server')
                """,
                created, created)
        }
        await database.close()
        emit("wrote \(path)")
    }
}

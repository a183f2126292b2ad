import Foundation

extension Outbox {
    /// The outbox's tables, under the `outbox_` prefix; registered by every `DatabaseMigrator`.
    ///
    /// History: `outbox_1_create_mutations` (the queue), `outbox_2_create_dead_letters` (permanent failures kept
    /// apart from the queue).
    public static let migrations = MigrationGroup(
        tablePrefix: "outbox_",
        migrations: [
            Migration(
                "outbox_1_create_mutations",
                sql: """
                    CREATE TABLE outbox_mutations (
                        sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL,
                        payload BLOB NOT NULL,
                        attempt_count INTEGER NOT NULL DEFAULT 0,
                        next_attempt_at TEXT NOT NULL,
                        created_at TEXT NOT NULL,
                        last_error TEXT
                    );
                    CREATE INDEX outbox_mutations_by_kind ON outbox_mutations (kind, sequence);
                    """),
            Migration(
                "outbox_2_create_dead_letters",
                sql: """
                    CREATE TABLE outbox_dead_letters (
                        sequence INTEGER PRIMARY KEY,
                        id TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL,
                        payload BLOB NOT NULL,
                        attempt_count INTEGER NOT NULL,
                        created_at TEXT NOT NULL,
                        failed_at TEXT NOT NULL,
                        reason TEXT NOT NULL
                    );
                    """),
        ])

    /// The columns of an `OutboxEntry`, in the order `entry(from:)` reads them.
    static let entryColumns: SQL = "sequence, id, kind, payload, attempt_count, next_attempt_at, created_at, last_error"

    /// The first entry of every kind, in outbox order.
    static let headsQuery: SQL =
        "SELECT " + entryColumns
            + """
             FROM outbox_mutations AS m
            WHERE sequence = (SELECT min(sequence) FROM outbox_mutations WHERE kind = m.kind)
            ORDER BY sequence
            """
}

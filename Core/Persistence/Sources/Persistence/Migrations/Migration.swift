/// One named schema change: it runs once per store, in its own transaction, and is recorded by name.
///
/// Migrations are append-only: a shipped migration is never edited, renamed or removed, because stores out there
/// have recorded it. Name them so the order reads at a glance (`"feed_1_create_posts"`, `"feed_2_add_likes"`).
public struct Migration: Sendable {
    /// The name recorded in the store; unique within its group.
    public let name: String
    let apply: @Sendable (DatabaseTransaction) throws -> Void

    /// A migration that runs `apply` (schema statements, data fix-ups) in its transaction.
    public init(_ name: String, apply: @escaping @Sendable (DatabaseTransaction) throws -> Void) {
        self.name = name
        self.apply = apply
    }

    /// A migration that runs the statements in `sql`.
    public init(_ name: String, sql: SQL) {
        self.init(name) { transaction in try transaction.execute(sql) }
    }
}

/// The migrations of one package, in order, under the table prefix that all of the package's schema objects use
/// (`"feed_"`, `"search_"`, `"checkout_"`, `"outbox_"`).
///
/// Each package exposes its group (for example `FeedStorage.migrations`) and the composition root registers every
/// group with the `DatabaseMigrator` of the account's database. A migration may create, alter and drop only
/// tables, indexes, triggers and views whose names start with its group's prefix; anything else rolls it back.
public struct MigrationGroup: Sendable {
    /// The prefix of every schema object the group's migrations create: lowercase letters and digits, starting with
    /// a letter and ending with `_`.
    public let tablePrefix: String
    /// The migrations, oldest first.
    public let migrations: [Migration]

    /// Creates a group; `DatabaseMigrator.register(_:)` validates it.
    public init(tablePrefix: String, migrations: [Migration]) {
        self.tablePrefix = tablePrefix
        self.migrations = migrations
    }
}

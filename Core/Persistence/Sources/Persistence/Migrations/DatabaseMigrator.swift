import Logging

/// The migrations a database runs when it opens: every registered group, each migration once, in order.
///
/// Applied migrations are recorded in `persistence_migrations` (table prefix, name, position, time). Opening a
/// store first checks, without writing anything, that the store's history of every registered group is the start
/// of the group's list; a store that records a migration this version does not know was written by a newer app
/// and is refused (`MigrationError.newerStore`) and left byte-identical. Nothing here ever deletes or recreates a
/// store. Groups recorded in the store that are not registered are left alone.
///
/// The outbox's own group (`Outbox.migrations`, prefix `outbox_`) is registered from the start, because every
/// account database carries the outbox.
public struct DatabaseMigrator: Sendable {
    /// The registered groups, in registration order (the order they migrate in).
    public private(set) var groups: [MigrationGroup]

    /// A migrator with the outbox's group registered.
    public init() {
        groups = [Outbox.migrations]
    }

    /// A migrator with exactly `groups`, in order, and not the outbox's unless listed: for tools and tests that
    /// build a store as an older version left it (`Outbox.migrations` cut to its first migration, for example).
    ///
    /// - Throws: see `register(_:)`.
    public init(groups: [MigrationGroup]) throws(MigrationError) {
        self.groups = []
        for group in groups {
            try register(group)
        }
    }

    /// Adds a package's migrations.
    ///
    /// - Throws: `MigrationError.invalidTablePrefix` for a malformed or reserved prefix,
    ///   `.overlappingTablePrefixes` when it overlaps a registered group's, `.invalidMigrationList` for an empty
    ///   list or a repeated name.
    public mutating func register(_ group: MigrationGroup) throws(MigrationError) {
        let prefix = group.tablePrefix
        guard Self.isValidPrefix(prefix), !prefix.hasPrefix("persistence_"), !prefix.hasPrefix("sqlite_") else {
            throw .invalidTablePrefix(prefix)
        }
        if let other = groups.first(where: { $0.tablePrefix.hasPrefix(prefix) || prefix.hasPrefix($0.tablePrefix) }) {
            throw .overlappingTablePrefixes(other.tablePrefix, prefix)
        }
        guard !group.migrations.isEmpty else {
            throw .invalidMigrationList(tablePrefix: prefix, reason: "the list is empty")
        }
        let names = group.migrations.map(\.name)
        guard Set(names).count == names.count, !names.contains(where: \.isEmpty) else {
            throw .invalidMigrationList(tablePrefix: prefix, reason: "names must be non-empty and unique")
        }
        groups.append(group)
    }

    // MARK: - Internal

    /// Throws when the store cannot be migrated by this version. Reads only.
    func checkCompatibility(of connection: Connection, path: String?) throws {
        let applied = try appliedMigrations(connection)
        for group in groups {
            let appliedNames = applied[group.tablePrefix] ?? []
            let known = group.migrations.map(\.name)
            let unknown = appliedNames.filter { !known.contains($0) }
            guard unknown.isEmpty else {
                throw MigrationError.newerStore(path: path, tablePrefix: group.tablePrefix, unknownMigrations: unknown)
            }
            let missing = known.prefix(appliedNames.count).filter { !appliedNames.contains($0) }
            guard missing.isEmpty else {
                throw MigrationError.divergentHistory(
                    path: path, tablePrefix: group.tablePrefix, missingMigrations: Array(missing))
            }
        }
    }

    /// Runs every migration not yet recorded, each in its own transaction with foreign keys checked at its end.
    ///
    /// - Returns: The names of the migrations applied now.
    func migrate(_ connection: Connection, logger: Logger) throws -> [String] {
        if try !hasMigrationTable(connection) {
            _ = try connection.writeTransaction { transaction in
                try transaction.execute(
                    """
                    CREATE TABLE IF NOT EXISTS persistence_migrations (
                        table_prefix TEXT NOT NULL,
                        name TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        applied_at TEXT NOT NULL,
                        PRIMARY KEY (table_prefix, name)
                    )
                    """)
            }
        }
        var applied = try appliedMigrations(connection)
        var appliedNow: [String] = []
        for group in groups {
            for (position, migration) in group.migrations.enumerated()
            where !(applied[group.tablePrefix] ?? []).contains(migration.name) {
                let didApply = try apply(migration, position: position, of: group, on: connection)
                applied[group.tablePrefix, default: []].append(migration.name)
                if didApply {
                    appliedNow.append(migration.name)
                    logger.info(
                        "applied migration", metadata: ["migration": .string(migration.name)])
                }
            }
        }
        return appliedNow
    }

    // MARK: - Private

    private static func isValidPrefix(_ prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        guard bytes.count >= 2, let first = bytes.first, bytes.last == UInt8(ascii: "_"),
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }

    /// Applies one migration unless another connection recorded it first; says whether it ran.
    private func apply(
        _ migration: Migration, position: Int, of group: MigrationGroup, on connection: Connection
    ) throws -> Bool {
        try connection.execute("PRAGMA foreign_keys = OFF", arguments: [])
        defer { try? connection.execute("PRAGMA foreign_keys = ON", arguments: []) }
        let prefix = group.tablePrefix
        return try connection.writeTransaction { transaction in
            let recorded = try transaction.fetchRows(
                "SELECT 1 FROM persistence_migrations WHERE table_prefix = ? AND name = ?", prefix, migration.name)
            guard recorded.isEmpty else { return false }
            _ = connection.takeChanges()
            do {
                try migration.apply(transaction)
            } catch {
                throw MigrationError.migrationFailed(tablePrefix: prefix, migration: migration.name, underlying: error)
            }
            let outside = connection.takeChanges().schemaObjects.filter { !$0.hasPrefix(prefix) }.sorted()
            guard outside.isEmpty else {
                throw MigrationError.tablePrefixViolation(
                    tablePrefix: prefix, migration: migration.name, objects: outside)
            }
            let violations = try transaction.fetchRows("PRAGMA foreign_key_check")
            guard violations.isEmpty else {
                let tables = Set(violations.compactMap { String.fromDatabaseValue($0.values[0]) }).sorted()
                throw MigrationError.foreignKeyViolation(tablePrefix: prefix, migration: migration.name, tables: tables)
            }
            try transaction.execute(
                """
                INSERT INTO persistence_migrations (table_prefix, name, position, applied_at)
                VALUES (?, ?, ?, strftime('%Y-%m-%d %H:%M:%f', 'now'))
                """,
                prefix, migration.name, position)
            return true
        }.value
    }

    private func hasMigrationTable(_ connection: Connection) throws -> Bool {
        try !connection.rows(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'persistence_migrations'", arguments: [],
            readOnly: true
        ).isEmpty
    }

    /// The recorded migration names by table prefix, in recorded position order.
    private func appliedMigrations(_ connection: Connection) throws -> [String: [String]] {
        guard try hasMigrationTable(connection) else { return [:] }
        let rows = try connection.rows(
            "SELECT table_prefix, name FROM persistence_migrations ORDER BY table_prefix, position", arguments: [],
            readOnly: true)
        var applied: [String: [String]] = [:]
        for row in rows {
            applied[try row.value("table_prefix", as: String.self), default: []].append(
                try row.value("name", as: String.self))
        }
        return applied
    }
}

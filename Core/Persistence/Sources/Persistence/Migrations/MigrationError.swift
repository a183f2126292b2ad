/// Why migrations were refused or failed. Every case leaves the store as it was before the failing migration.
public enum MigrationError: Error, Sendable, CustomStringConvertible {
    /// A table prefix is not lowercase letters and digits starting with a letter and ending with `_`, or is the
    /// library's reserved `persistence_`.
    case invalidTablePrefix(String)
    /// Two groups' prefixes overlap (one starts with the other), so their tables could collide.
    case overlappingTablePrefixes(String, String)
    /// A group is empty or names two migrations alike.
    case invalidMigrationList(tablePrefix: String, reason: String)
    /// The store was written by a newer version of the app: it records migrations of a known group that this
    /// version does not know. The store is left untouched.
    case newerStore(path: String?, tablePrefix: String, unknownMigrations: [String])
    /// The store's history of a group is not the start of the group's list (a migration was inserted or removed
    /// in the middle). The store is left untouched.
    case divergentHistory(path: String?, tablePrefix: String, missingMigrations: [String])
    /// A migration created, altered or dropped schema objects outside its group's prefix; it was rolled back.
    case tablePrefixViolation(tablePrefix: String, migration: String, objects: [String])
    /// A migration left rows that break a foreign key (`PRAGMA foreign_key_check`); it was rolled back.
    case foreignKeyViolation(tablePrefix: String, migration: String, tables: [String])
    /// A migration threw; it was rolled back.
    case migrationFailed(tablePrefix: String, migration: String, underlying: any Error)

    /// One sentence naming the file, group and migrations concerned.
    public var description: String {
        switch self {
        case .invalidTablePrefix(let prefix):
            return "invalid table prefix '\(prefix)': use lowercase letters and digits ending with '_' "
                + "(the prefix 'persistence_' is reserved)"
        case .overlappingTablePrefixes(let first, let second):
            return "table prefixes '\(first)' and '\(second)' overlap, so their tables could collide"
        case .invalidMigrationList(let prefix, let reason):
            return "migrations of '\(prefix)': \(reason)"
        case .newerStore(let path, let prefix, let unknown):
            return "the store \(path ?? "in memory") was written by a newer version of the app "
                + "(unknown '\(prefix)' migrations: \(unknown.joined(separator: ", "))); it was left untouched"
        case .divergentHistory(let path, let prefix, let missing):
            return "the store \(path ?? "in memory") has later '\(prefix)' migrations but not "
                + "\(missing.joined(separator: ", ")); migrations must only ever be appended; it was left untouched"
        case .tablePrefixViolation(let prefix, let migration, let objects):
            return "migration \(migration) changed \(objects.joined(separator: ", ")), outside its prefix "
                + "'\(prefix)'; it was rolled back"
        case .foreignKeyViolation(let prefix, let migration, let tables):
            return "migration \(migration) of '\(prefix)' left foreign key violations in "
                + "\(tables.joined(separator: ", ")); it was rolled back"
        case .migrationFailed(let prefix, let migration, let underlying):
            return "migration \(migration) of '\(prefix)' failed and was rolled back: \(underlying)"
        }
    }
}

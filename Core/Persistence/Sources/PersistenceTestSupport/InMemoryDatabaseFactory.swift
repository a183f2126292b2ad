import Logging
import Persistence

/// Builds in-memory databases for other packages' tests: each call returns a new, empty store with the given
/// migrations (and the outbox's) applied on first use, exactly as the account database would run them.
///
/// ```swift
/// let trace = StatementTrace()
/// let database = try InMemoryDatabaseFactory(trace: trace).makeDatabase(registering: [FeedStorage.migrations])
/// ```
public struct InMemoryDatabaseFactory: Sendable {
    /// Records the statements of every database this factory makes, when set.
    public let trace: StatementTrace?
    /// The logger the databases write to.
    public let logger: Logger

    /// A factory whose databases write to `logger` (a `CapturingLogHandler`'s, typically) and record into `trace`.
    public init(trace: StatementTrace? = nil, logger: Logger) {
        self.trace = trace
        self.logger = logger
    }

    /// A new in-memory database with `groups` registered (besides the outbox's).
    ///
    /// - Throws: `MigrationError` when a group is invalid or overlaps another.
    public func makeDatabase(registering groups: [MigrationGroup] = []) throws -> Database {
        var migrator = DatabaseMigrator()
        for group in groups {
            try migrator.register(group)
        }
        return Database(
            location: .inMemory, migrator: migrator, configuration: DatabaseConfiguration(trace: trace), logger: logger)
    }
}

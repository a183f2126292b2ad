import Foundation

/// Where a database lives.
public enum DatabaseLocation: Sendable, Hashable {
    /// A file (created with its parent directories, mode 0700, when missing), with `-wal` and `-shm` beside it.
    case file(URL)
    /// Memory only: gone when the database is closed. Reads share the writer's connection.
    case inMemory

    /// The file path, or nil in memory.
    var path: String? {
        if case .file(let url) = self { return url.path(percentEncoded: false) }
        return nil
    }
}

/// How a database's connections are set up.
public struct DatabaseConfiguration: Sendable {
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`
    /// (`sqlite3_busy_timeout`). Five seconds unless set.
    public var busyTimeout: Duration
    /// The most read-only connections a file database opens beside its writer (at least 1). Two unless set.
    public var maximumReaderCount: Int
    /// The most prepared statements each connection keeps for reuse; the cache starts over when full. 64 unless
    /// set.
    public var statementCacheCapacity: Int
    /// Records every statement the database runs, for tests that count statements; nil records nothing.
    public var trace: StatementTrace?

    /// Creates a configuration.
    public init(
        busyTimeout: Duration = .seconds(5),
        maximumReaderCount: Int = 2,
        statementCacheCapacity: Int = 64,
        trace: StatementTrace? = nil
    ) {
        self.busyTimeout = busyTimeout
        self.maximumReaderCount = maximumReaderCount
        self.statementCacheCapacity = statementCacheCapacity
        self.trace = trace
    }
}

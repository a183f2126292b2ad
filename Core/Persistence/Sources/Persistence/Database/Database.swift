import Foundation
import Logging
import Primitives

/// One SQLite database, owned by one object: it opens lazily, migrates, serializes writes and observes queries.
///
/// Building a `Database` opens nothing and touches no file. The first operation opens the store: it creates the
/// parent directory (0700), checks that the file is a database this version can use (see `DatabaseMigrator`),
/// switches it to WAL with `synchronous=NORMAL` and `foreign_keys=ON`, and runs the registered migrations. When
/// opening fails (a corrupt file, a directory at the path, a newer schema, a full disk), that operation and every
/// later one that needs the store throw the failure (each retries the opening); the file is never deleted,
/// replaced or silently swapped for an empty store.
///
/// Writes run one at a time on the writer connection (`transaction(_:)`); reads run on up to
/// `DatabaseConfiguration.maximumReaderCount` read-only connections beside the writer, each on a consistent
/// snapshot (`read(_:)`); in memory, reads share the writer's queue. Closures run on the connection's own
/// dispatch queue, never on the caller's thread, so they must be synchronous and quick to hand back.
public final class Database: Sendable {
    private enum State {
        case idle
        case opening(Task<DatabaseCore, any Error>)
        case open(DatabaseCore)
        case closed
    }

    private let location: DatabaseLocation
    private let migrator: DatabaseMigrator
    private let configuration: DatabaseConfiguration
    private let logger: Logger
    private let state = Locked(State.idle)

    /// Describes a database without opening it.
    ///
    /// - Parameters:
    ///   - location: The file (for an account: `StorageLayout.databaseURL(for:)`) or memory.
    ///   - migrator: Every package's migrations, run when the store opens.
    ///   - configuration: Timeouts, reader count, statement cache and trace.
    ///   - logger: Receives opening, migration and outbox events; never bound values or secrets.
    public init(
        location: DatabaseLocation, migrator: DatabaseMigrator, configuration: DatabaseConfiguration, logger: Logger
    ) {
        self.location = location
        self.migrator = migrator
        self.configuration = configuration
        self.logger = logger
    }

    /// The location this database was described with.
    public var databaseLocation: DatabaseLocation { location }

    /// Opens the store now (it opens by itself on the first operation otherwise).
    ///
    /// - Throws: `DatabaseError` (cannot open, not a database), `MigrationError` (newer store, failed migration),
    ///   `FileOperationError` (the directory cannot be made). Calling again after a failure tries again.
    public func open() async throws {
        _ = try await core()
    }

    /// Runs `body` in a write transaction: `BEGIN IMMEDIATE`, then `COMMIT` when `body` returns or `ROLLBACK` when
    /// it throws. Nested `DatabaseTransaction.transaction(_:)` calls use savepoints.
    ///
    /// After the commit, the observations of the tables it changed fetch again, and the actions registered with
    /// `DatabaseTransaction.afterCommit(_:)` run.
    /// - Returns: What `body` returns.
    /// - Throws: `body`'s error (after the rollback); `DatabaseError` when beginning or committing fails (the
    ///   transaction is rolled back and nothing of it is kept); the opening errors of `open()`.
    public func transaction<Value: Sendable>(
        _ body: @escaping @Sendable (DatabaseTransaction) throws -> Value
    ) async throws -> Value {
        try await core().transaction(body)
    }

    /// Runs `body` with read access on one snapshot of the store.
    ///
    /// - Returns: What `body` returns.
    /// - Throws: `body`'s error; `DatabaseError` for a failing statement or one that would write; the opening
    ///   errors of `open()`.
    public func read<Value: Sendable>(_ body: @escaping @Sendable (DatabaseReader) throws -> Value) async throws
        -> Value
    {
        try await core().read(body)
    }

    /// Runs `body` with read access on one snapshot of the store, on the calling thread, and blocks that thread
    /// until it returns.
    ///
    /// For code that runs on threads of its own rather than in tasks, such as the worker threads of a C server
    /// library that must answer a request before their callback returns; tasks use `read(_:)`, which never blocks a
    /// thread of the cooperative pool. Each thread calling at the same time gets a read-only connection of its own,
    /// kept (with its prepared statements) for later calls; in memory, `body` runs on the writer's queue after the
    /// work submitted before it. The database must have been opened (`open()`) first: this call never opens it.
    /// - Returns: What `body` returns.
    /// - Throws: `body`'s error; `DatabaseError` for a failing statement or one that would write, when the
    ///   database is not open yet or is closed, or when a reader connection cannot be opened.
    public func readBlocking<Value>(_ body: (DatabaseReader) throws -> Value) throws -> Value {
        let core: DatabaseCore = try state.withLock { state in
            switch state {
            case .open(let core): return core
            case .closed: throw DatabaseError.closed(path: location.path)
            case .idle, .opening:
                throw DatabaseError.misuse(
                    "readBlocking needs an open database: call open() first", path: location.path)
            }
        }
        return try core.readBlocking(body)
    }

    /// Observes a query: the sequence yields `fetch`'s value now, and again after every committed transaction that
    /// wrote one of the tables `fetch` read last time (found by SQLite's authorizer, views and `count(*)` included).
    ///
    /// Values are fetched on the writer's queue right after the commit, so no commit is missed and values arrive
    /// in commit order; a transaction that touches only other tables yields nothing. The sequence ends when the
    /// consumer stops iterating or the database closes, and throws when opening or `fetch` fails.
    /// - Parameters:
    ///   - bufferingPolicy: What the sequence keeps while the consumer is busy; every value unless set.
    ///   - fetch: Reads the value; runs once per emission, in a read transaction.
    public func observe<Value: Sendable>(
        bufferingPolicy: AsyncThrowingStream<Value, any Error>.Continuation.BufferingPolicy = .unbounded,
        _ fetch: @escaping @Sendable (DatabaseReader) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Value.self, throwing: (any Error).self, bufferingPolicy: bufferingPolicy)
        let token = ObservationToken()
        continuation.onTermination = { _ in token.cancel() }
        Task {
            do {
                try await core().startObservation(token: token, fetch: fetch, continuation: continuation)
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return stream
    }

    /// Observes the rows of one query decoded as `Value`; see `observe(bufferingPolicy:_:)`.
    public func observe<Value: Decodable & Sendable>(
        _ type: Value.Type, _ sql: SQL, arguments: [DatabaseValue] = []
    ) -> AsyncThrowingStream<[Value], any Error> {
        observe { reader in try reader.fetchAll(type, sql, arguments: arguments) }
    }

    /// Reads the file's commit stamp without a transaction (`CommitWatch`), for callers that keep answers made from
    /// the database and must notice any commit by any process; nil in memory, or when the database is not open. Its
    /// connection is opened on the first call.
    public func commitWatch() -> CommitWatch? {
        let core = state.withLock { state -> DatabaseCore? in
            guard case .open(let core) = state else { return nil }
            return core
        }
        return core?.commitWatch()
    }

    /// Lets running work finish, then closes every connection and ends every observation. Later operations throw;
    /// a closed database does not reopen (build a new one), so a wiped account's files are never recreated.
    public func close() async {
        let previous = state.withLock { state in
            defer { state = .closed }
            return state
        }
        switch previous {
        case .open(let core):
            await core.close()
        case .opening(let task):
            if let core = try? await task.value {
                await core.close()
            }
        case .idle, .closed:
            break
        }
    }

    // MARK: - Private

    private enum Access {
        case ready(DatabaseCore)
        case wait(Task<DatabaseCore, any Error>)
    }

    /// The open database, opening it (once, however many callers ask at the same time) when needed.
    private func core() async throws -> DatabaseCore {
        let access: Access = try state.withLock { state in
            switch state {
            case .open(let core):
                return .ready(core)
            case .opening(let task):
                return .wait(task)
            case .closed:
                throw DatabaseError.closed(path: location.path)
            case .idle:
                let task = Task { [location, migrator, configuration, logger] in
                    try await Self.openCore(
                        location: location, migrator: migrator, configuration: configuration, logger: logger)
                }
                state = .opening(task)
                return .wait(task)
            }
        }
        switch access {
        case .ready(let core):
            return core
        case .wait(let task):
            do {
                let core = try await task.value
                let isWanted = state.withLock { state in
                    switch state {
                    case .opening(let current) where current == task:
                        state = .open(core)
                        return true
                    case .open:
                        return true
                    default:
                        return false
                    }
                }
                guard isWanted else { throw DatabaseError.closed(path: location.path) }
                return core
            } catch {
                state.withLock { state in
                    if case .opening(let current) = state, current == task {
                        state = .idle
                    }
                }
                logger.error(
                    "cannot open database",
                    metadata: ["error": .string("\(error)")])
                throw error
            }
        }
    }

    /// Opens on a queue of its own: opening and migrating block on the disk.
    ///
    /// The result travels through a lock rather than through the continuation alone, so the open database built on
    /// that queue is visibly published to whichever thread resumes (ThreadSanitizer does not see the continuation's
    /// own ordering as a happens-before edge).
    private static func openCore(
        location: DatabaseLocation, migrator: DatabaseMigrator, configuration: DatabaseConfiguration, logger: Logger
    ) async throws -> DatabaseCore {
        let result = Locked<Result<DatabaseCore, any Error>?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue(label: "storefront.persistence.open").async {
                let opened = Result {
                    try DatabaseCore.open(
                        location: location, migrator: migrator, configuration: configuration, logger: logger)
                }
                result.withLock { $0 = opened }
                continuation.resume()
            }
        }
        guard let opened = result.withLock({ $0 }) else {
            throw DatabaseError.misuse("opening the database produced no result", path: location.path)
        }
        return try opened.get()
    }
}

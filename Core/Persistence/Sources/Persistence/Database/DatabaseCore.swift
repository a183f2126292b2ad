import CSQLite
import Foundation
import Logging
import Primitives

/// An open database: the writer connection with its queue, the reader pool (files only) and the observations.
///
/// Writes are serialized on the writer's queue; reads run on the readers (WAL lets them run beside the writer, each
/// on its own snapshot) or, in memory, on the writer's queue.
final class DatabaseCore: Sendable {
    private let writer: ConnectionOwner
    private let readers: ReaderPool?
    private let blockingReaders: BlockingReaderPool?
    let observers = ObserverRegistry()
    /// Opens the connection of the file's commit stamps (`CommitWatch`); nil in memory.
    private let makeCommitWatch: (@Sendable () throws -> CommitWatch?)?
    private let watch = Locked(WatchState.notMade)

    private enum WatchState {
        case notMade
        case made(CommitWatch?)
        case closed
    }

    private init(
        writer: ConnectionOwner, readers: ReaderPool?, blockingReaders: BlockingReaderPool?,
        makeCommitWatch: (@Sendable () throws -> CommitWatch?)?
    ) {
        self.writer = writer
        self.readers = readers
        self.blockingReaders = blockingReaders
        self.makeCommitWatch = makeCommitWatch
    }

    /// The file's commit stamps, its connection opened on the first call (most databases never ask); nil in
    /// memory, after `close()`, or when that connection cannot be opened.
    func commitWatch() -> CommitWatch? {
        watch.withLock { state in
            switch state {
            case .made(let made): return made
            case .closed: return nil
            case .notMade:
                let made = try? makeCommitWatch?()
                state = .made(made ?? nil)
                return made ?? nil
            }
        }
    }

    /// Opens the store, checks it is one this version can use, switches a file to WAL and runs the migrations.
    ///
    /// Nothing is written before the checks pass, and a store that fails them is closed as it was found.
    /// - Throws: `FileOperationError` when the parent directory cannot be made; `DatabaseError` when the file cannot
    ///   be opened or is not a database; `MigrationError` when the store is newer or a migration fails.
    static func open(
        location: DatabaseLocation, migrator: DatabaseMigrator, configuration: DatabaseConfiguration, logger: Logger
    ) throws -> DatabaseCore {
        let path = location.path
        if let path {
            try FileSystem.createDirectory(URL(filePath: path).deletingLastPathComponent(), permissions: 0o700)
        }
        let connection = try Connection(
            path: path ?? ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
            busyTimeout: configuration.busyTimeout, trace: configuration.trace,
            cacheCapacity: configuration.statementCacheCapacity)
        try connection.execute("PRAGMA foreign_keys = ON", arguments: [])
        _ = try connection.rows("SELECT count(*) FROM sqlite_schema", arguments: [], readOnly: true)
        try migrator.checkCompatibility(of: connection, path: path)
        if path != nil {
            let mode = try connection.rows("PRAGMA journal_mode = WAL", arguments: [], readOnly: false)
            guard mode.first?.values.first == .text("wal") else {
                throw DatabaseError(
                    extendedResultCode: SQLITE_CANTOPEN, message: "the database could not switch to WAL mode",
                    path: path)
            }
            try connection.execute("PRAGMA synchronous = NORMAL", arguments: [])
        }
        let applied = try migrator.migrate(connection, logger: logger)
        logger.debug(
            "opened database",
            metadata: [
                "file": .string(path.map { URL(filePath: $0).lastPathComponent } ?? ":memory:"),
                "migrations_applied": .string("\(applied.count)"),
            ])
        let writer = ConnectionOwner(label: "storefront.persistence.writer", connection: connection, path: path)
        guard let path else {
            return DatabaseCore(writer: writer, readers: nil, blockingReaders: nil, makeCommitWatch: nil)
        }
        let makeReaderConnection: @Sendable () throws -> Connection = {
            let reader = try Connection(
                path: path, flags: SQLITE_OPEN_READWRITE, busyTimeout: configuration.busyTimeout,
                trace: configuration.trace, cacheCapacity: configuration.statementCacheCapacity)
            try reader.execute("PRAGMA query_only = ON", arguments: [])
            return reader
        }
        let makeReader: @Sendable () throws -> ConnectionOwner = {
            ConnectionOwner(label: "storefront.persistence.reader", connection: try makeReaderConnection(), path: path)
        }
        return DatabaseCore(
            writer: writer,
            readers: ReaderPool(maximum: configuration.maximumReaderCount, path: path, makeReader: makeReader),
            blockingReaders: BlockingReaderPool(path: path, makeReader: makeReader),
            makeCommitWatch: { try CommitWatch.make(connection: makeReaderConnection(), path: path) })
    }

    /// Runs `body` in a write transaction on the writer's queue; after the commit, re-fetches the observations of
    /// the changed tables and runs the transaction's after-commit actions.
    func transaction<Value: Sendable>(_ body: @escaping @Sendable (DatabaseTransaction) throws -> Value) async throws
        -> Value
    {
        try await writer.run { [observers] connection in
            let committed = try connection.writeTransaction(body)
            observers.notify(changedTables: committed.changedTables, connection: connection)
            for action in committed.afterCommitActions {
                action()
            }
            return committed.value
        }
    }

    /// Runs `body` in a read transaction on a reader (in memory: on the writer's queue).
    func read<Value: Sendable>(_ body: @escaping @Sendable (DatabaseReader) throws -> Value) async throws -> Value {
        if let readers {
            return try await readers.run { connection in try connection.readTransaction(body) }
        }
        return try await writer.run { connection in try connection.readTransaction(body) }
    }

    /// Runs `body` in a read transaction on a blocking reader, on the calling thread (in memory: on the writer's
    /// queue, waiting for the work submitted before).
    func readBlocking<Value>(_ body: (DatabaseReader) throws -> Value) throws -> Value {
        if let blockingReaders {
            return try blockingReaders.run { connection in try connection.readTransaction(body) }
        }
        return try writer.runBlocking { connection in try connection.readTransaction(body) }
    }

    /// Fetches the first value and registers the observation, both on the writer's queue so that no commit falls
    /// between them.
    func startObservation<Value: Sendable>(
        token: ObservationToken,
        fetch: @escaping @Sendable (DatabaseReader) throws -> Value,
        continuation: AsyncThrowingStream<Value, any Error>.Continuation
    ) async throws {
        try await writer.run { [observers] connection in
            guard !token.isCancelled else { return }
            let refetch: @Sendable (Connection) -> Set<String>? = { connection in
                do {
                    let (value, region) = try connection.trackedReadTransaction(fetch)
                    continuation.yield(value)
                    return region
                } catch {
                    continuation.finish(throwing: error)
                    return nil
                }
            }
            guard let region = refetch(connection) else { return }
            token.register {
                observers.add(.init(region: region, refetch: refetch, finish: { continuation.finish() })).map {
                    (observers, $0)
                }
            }
        }
    }

    /// Lets submitted work finish, then closes every connection and ends every observation.
    func close() async {
        let made = watch.withLock { state -> CommitWatch? in
            defer { state = .closed }
            if case .made(let made) = state { return made }
            return nil
        }
        made?.close()
        observers.closeAll()
        blockingReaders?.close()
        await readers?.close()
        await writer.close()
    }
}

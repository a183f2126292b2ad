import CSQLite
import Foundation

/// One SQLite connection. Not thread-safe: its owner uses it from one serial queue at a time.
///
/// It prepares and caches statements, binds values, steps statements, and keeps track of the tables the executed
/// statements read and wrote (for observation) and of the schema objects they changed (for migrations).
final class Connection {
    let handle: OpaquePointer
    /// The file path, or `":memory:"`.
    let path: String
    private let trace: StatementTrace?
    private let cacheCapacity: Int
    private var cache: [String: Statement] = [:]
    /// Filled by the authorizer while a statement is being prepared; nil otherwise.
    fileprivate var accessBeingPrepared: StatementAccess?

    /// Tables written by the statements run since the last `takeChanges()`.
    private(set) var writtenTables: Set<String> = []
    /// Schema objects changed by the statements run since the last `takeChanges()`.
    private(set) var changedSchemaObjects: Set<String> = []
    /// When non-nil, collects the tables read by the statements run.
    var readTables: Set<String>?

    /// Opens a connection.
    ///
    /// - Throws: `DatabaseError` naming the path when SQLite cannot open it (`SQLITE_CANTOPEN` for a directory or
    ///   a missing parent, for example).
    init(path: String, flags: Int32, busyTimeout: Duration, trace: StatementTrace?, cacheCapacity: Int) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let systemError = handle.map { sqlite3_system_errno($0) }
            sqlite3_close_v2(handle)
            throw DatabaseError(extendedResultCode: code, message: message, path: path, systemErrorNumber: systemError)
        }
        self.handle = handle
        self.path = path
        self.trace = trace
        self.cacheCapacity = max(cacheCapacity, 1)
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds =
            busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        sqlite3_set_authorizer(handle, authorizerCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        cache.removeAll()
        sqlite3_set_authorizer(handle, nil, nil)
        sqlite3_close_v2(handle)
    }

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Returns and forgets the tables and schema objects changed since the last call.
    func takeChanges() -> (tables: Set<String>, schemaObjects: Set<String>) {
        defer {
            writtenTables.removeAll()
            changedSchemaObjects.removeAll()
        }
        return (writtenTables, changedSchemaObjects)
    }

    /// Runs every statement in `sql`, each taking as many of `arguments` as it has placeholders.
    ///
    /// - Parameter readOnly: When true, a statement that would write is refused before it runs.
    /// - Throws: `DatabaseError` for SQL SQLite rejects, a failing statement, or arguments left over.
    func execute(
        _ sql: String, arguments: [DatabaseValue], readOnly: Bool = false, isTransactionControl: Bool = false
    ) throws {
        var remaining = arguments[...]
        try forEachStatement(in: sql) { statement in
            let count = min(statement.parameterCount, remaining.count)
            try run(
                statement, arguments: remaining.prefix(count), readOnly: readOnly,
                isTransactionControl: isTransactionControl, onRow: { _ in })
            remaining = remaining.dropFirst(count)
        }
        guard remaining.isEmpty else {
            throw DatabaseError.misuse("\(remaining.count) value(s) left over after the last placeholder", sql: sql)
        }
    }

    /// Runs the single statement in `sql` and calls `onRow` for each result row.
    ///
    /// - Throws: `DatabaseError` when `sql` holds more than one statement or the statement fails; `onRow`'s error.
    func forEachRow(
        _ sql: String, arguments: [DatabaseValue], readOnly: Bool, onRow: (Statement) throws -> Void
    ) throws {
        let statement = try singleStatement(sql)
        try run(statement, arguments: arguments[...], readOnly: readOnly, isTransactionControl: false, onRow: onRow)
    }

    // MARK: - Private

    private func run(
        _ statement: Statement, arguments: ArraySlice<DatabaseValue>, readOnly: Bool, isTransactionControl: Bool,
        onRow: (Statement) throws -> Void
    ) throws {
        if statement.access.controlsTransactions && !isTransactionControl {
            throw DatabaseError.misuse(
                "transactions are managed by Database.transaction (use DatabaseTransaction.transaction for a savepoint)",
                sql: statement.sql)
        }
        if readOnly && !statement.isReadOnly {
            throw DatabaseError(
                extendedResultCode: SQLITE_READONLY, message: "a read cannot run a statement that writes",
                sql: statement.sql)
        }
        defer {
            sqlite3_reset(statement.handle)
            sqlite3_clear_bindings(statement.handle)
        }
        try statement.bind(arguments)
        trace?.record(statement.sql, isTransactionControl: isTransactionControl)
        writtenTables.formUnion(statement.access.writtenTables)
        changedSchemaObjects.formUnion(statement.access.schemaObjects)
        readTables?.formUnion(statement.access.readTables)
        while true {
            let code = sqlite3_step(statement.handle)
            if code == SQLITE_ROW {
                try onRow(statement)
            } else if code == SQLITE_DONE {
                return
            } else {
                throw error(code: code, sql: statement.sql)
            }
        }
    }

    /// The error SQLite reports for `code`, with its current message.
    func error(code: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        let message = String(cString: sqlite3_errmsg(handle))
        let primary = code & 0xFF
        return DatabaseError(
            extendedResultCode: extended & 0xFF == primary ? extended : code, message: message, sql: sql,
            path: path == ":memory:" ? nil : path,
            systemErrorNumber: primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN
                ? sqlite3_system_errno(handle) : nil)
    }

    /// The cached statement for single-statement SQL, prepared on first use.
    private func singleStatement(_ sql: String) throws -> Statement {
        if let cached = cache[sql] { return cached }
        let (statement, hasMore) = try prepareFirst(sql)
        guard let statement else {
            throw DatabaseError.misuse("the SQL holds no statement", sql: sql)
        }
        guard !hasMore else {
            throw DatabaseError.misuse("a query must be exactly one statement", sql: sql)
        }
        store(statement, for: sql)
        return statement
    }

    private func forEachStatement(in sql: String, _ body: (Statement) throws -> Void) throws {
        if let cached = cache[sql] {
            try body(cached)
            return
        }
        let (first, hasMore) = try prepareFirst(sql)
        guard let first else { return }
        guard hasMore else {
            store(first, for: sql)
            try body(first)
            return
        }
        try sql.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                let (statement, tail) = try prepare(current, sql: sql)
                next = tail
                if let statement { try body(statement) }
            }
        }
    }

    /// Prepares the first statement of `sql`; says whether more statements follow.
    private func prepareFirst(_ sql: String) throws -> (Statement?, Bool) {
        try sql.withCString { start in
            let (statement, tail) = try prepare(start, sql: sql)
            guard let tail else { return (statement, false) }
            let rest = String(cString: tail).trimmingCharacters(
                in: .whitespacesAndNewlines.union(.init(charactersIn: ";")))
            return (statement, !rest.isEmpty)
        }
    }

    private func prepare(_ text: UnsafePointer<CChar>, sql: String) throws -> (Statement?, UnsafePointer<CChar>?) {
        var handle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        accessBeingPrepared = StatementAccess()
        defer { accessBeingPrepared = nil }
        let code = sqlite3_prepare_v3(self.handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, &tail)
        guard code == SQLITE_OK else {
            throw error(code: code, sql: sql)
        }
        guard let handle else { return (nil, tail) }
        return (Statement(handle: handle, access: accessBeingPrepared ?? StatementAccess()), tail)
    }

    private func store(_ statement: Statement, for sql: String) {
        if cache.count >= cacheCapacity {
            cache.removeAll(keepingCapacity: true)
        }
        cache[sql] = statement
    }

    fileprivate func authorize(action: Int32, first: UnsafePointer<CChar>?, second: UnsafePointer<CChar>?) {
        guard accessBeingPrepared != nil else { return }
        accessBeingPrepared?.record(
            action: action, first: first.map { String(cString: $0) }, second: second.map { String(cString: $0) })
    }
}

/// Records what each statement being prepared touches; never denies anything.
private func authorizerCallback(
    context: UnsafeMutableRawPointer?, action: Int32, first: UnsafePointer<CChar>?, second: UnsafePointer<CChar>?,
    database: UnsafePointer<CChar>?, trigger: UnsafePointer<CChar>?
) -> Int32 {
    guard let context else { return SQLITE_OK }
    Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue().authorize(
        action: action, first: first, second: second)
    return SQLITE_OK
}

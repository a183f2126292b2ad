import CSQLite

/// Write access to a database inside `Database.transaction`: everything done through it commits together when the
/// closure returns, or not at all when it throws.
///
/// A feature passes it on to everything that must commit with its own writes, such as
/// `Outbox.enqueue(_:in:)`. Valid only inside the closure it was passed to; using it afterwards throws.
public final class DatabaseTransaction: DatabaseQuerying {
    let connection: Connection
    private var isActive = true
    private var savepointDepth = 0
    private var afterCommitActions: [(depth: Int, action: @Sendable () -> Void)] = []

    init(connection: Connection) {
        self.connection = connection
    }

    /// Runs every statement in `sql`; each takes as many of `arguments` as it has placeholders, in order.
    ///
    /// - Throws: `DatabaseError` when a statement fails (a constraint, a full disk …), SQLite rejects the SQL, or the
    ///   arguments do not match the placeholders. The transaction stays open: throw on to roll it back.
    public func execute(_ sql: SQL, _ arguments: any DatabaseValueConvertible...) throws {
        try execute(sql, arguments: arguments.map(\.databaseValue))
    }

    /// Runs every statement in `sql` with the arguments as an array (for lists built at run time).
    ///
    /// - Throws: see `execute(_:_:)`.
    public func execute(_ sql: SQL, arguments: [DatabaseValue]) throws {
        try checkActive(sql.text)
        try connection.execute(sql.text, arguments: arguments)
    }

    /// Runs one statement and returns every result row; it sees this transaction's own uncommitted writes.
    ///
    /// - Throws: see `DatabaseQuerying.fetchRows(_:arguments:)`.
    public func fetchRows(_ sql: SQL, arguments: [DatabaseValue]) throws -> [Row] {
        try checkActive(sql.text)
        return try connection.rows(sql.text, arguments: arguments, readOnly: false)
    }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed (`sqlite3_changes64`).
    public var changedRowCount: Int {
        Int(sqlite3_changes64(connection.handle))
    }

    /// The rowid of the last row inserted through this connection (`sqlite3_last_insert_rowid`).
    public var lastInsertedRowID: Int64 {
        sqlite3_last_insert_rowid(connection.handle)
    }

    /// Runs `body` in a savepoint nested in this transaction: its writes are kept when it returns and undone when it
    /// throws, while the outer transaction goes on either way.
    ///
    /// Source: "SAVEPOINT" (sqlite.org/lang_savepoint.html).
    /// - Returns: what `body` returns.
    /// - Throws: `body`'s error, after rolling back to the savepoint; `DatabaseError` when the savepoint fails.
    public func transaction<Value>(_ body: (DatabaseTransaction) throws -> Value) throws -> Value {
        try checkActive("SAVEPOINT")
        savepointDepth += 1
        let name = "savepoint\(savepointDepth)"
        defer { savepointDepth -= 1 }
        try control("SAVEPOINT \(name)")
        do {
            let value = try body(self)
            try control("RELEASE \(name)")
            return value
        } catch {
            afterCommitActions.removeAll { $0.depth >= savepointDepth }
            if connection.isInTransaction {
                try? control("ROLLBACK TO \(name)")
                try? control("RELEASE \(name)")
            }
            throw error
        }
    }

    /// Registers `action` to run once the outermost transaction has committed (never when it rolls back, nor when
    /// the savepoint that registered it rolls back). Actions run in registration order, on the database's writer
    /// queue, so they must be short (signal something, resume a task).
    public func afterCommit(_ action: @escaping @Sendable () -> Void) {
        afterCommitActions.append((savepointDepth, action))
    }

    // MARK: - Internal

    /// Ends the transaction's validity and hands back its after-commit actions.
    func finish() -> [@Sendable () -> Void] {
        isActive = false
        return afterCommitActions.map(\.action)
    }

    private func control(_ sql: String) throws {
        try connection.execute(sql, arguments: [], isTransactionControl: true)
    }

    private func checkActive(_ sql: String) throws {
        guard isActive else {
            throw DatabaseError.misuse("a transaction was used after its closure returned", sql: sql)
        }
        guard connection.isInTransaction else {
            throw DatabaseError.abandonedTransaction(sql: sql)
        }
    }
}

extension Connection {
    /// What a committed write transaction produced.
    struct CommittedWrite<Value> {
        var value: Value
        /// Actions registered with `DatabaseTransaction.afterCommit`, to run now that the transaction committed.
        var afterCommitActions: [@Sendable () -> Void]
        /// Tables and schema objects the transaction wrote or changed.
        var changedTables: Set<String>
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: commits when it returns, rolls back when it throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock at the start, so a second writer (another process, or another
    /// connection) waits in the busy timeout instead of failing halfway with `SQLITE_BUSY`.
    /// Source: "Transaction" (sqlite.org/lang_transaction.html).
    func writeTransaction<Value>(_ body: (DatabaseTransaction) throws -> Value) throws -> CommittedWrite<Value> {
        _ = takeChanges()
        try execute("BEGIN IMMEDIATE", arguments: [], isTransactionControl: true)
        let transaction = DatabaseTransaction(connection: self)
        let value: Value
        do {
            value = try body(transaction)
        } catch {
            _ = transaction.finish()
            rollbackIfNeeded()
            throw error
        }
        let actions = transaction.finish()
        guard isInTransaction else {
            _ = takeChanges()
            throw DatabaseError.abandonedTransaction(sql: nil)
        }
        do {
            try execute("COMMIT", arguments: [], isTransactionControl: true)
        } catch {
            rollbackIfNeeded()
            throw error
        }
        let changes = takeChanges()
        return CommittedWrite(
            value: value, afterCommitActions: actions, changedTables: changes.tables.union(changes.schemaObjects))
    }

    /// Runs `body` in a deferred transaction, so every statement it runs reads the same snapshot; ends it with
    /// `COMMIT` (nothing was written) or `ROLLBACK` when `body` throws.
    func readTransaction<Value>(_ body: (DatabaseReader) throws -> Value) throws -> Value {
        try execute("BEGIN DEFERRED", arguments: [], isTransactionControl: true)
        let reader = DatabaseReader(connection: self)
        defer { reader.invalidate() }
        do {
            let value = try body(reader)
            try execute("COMMIT", arguments: [], isTransactionControl: true)
            return value
        } catch {
            rollbackIfNeeded()
            throw error
        }
    }

    /// Like `readTransaction(_:)`, also returning the tables the statements read (the observed region).
    func trackedReadTransaction<Value>(_ body: (DatabaseReader) throws -> Value) throws -> (Value, Set<String>) {
        readTables = []
        defer { readTables = nil }
        let value = try readTransaction(body)
        return (value, readTables ?? [])
    }

    private func rollbackIfNeeded() {
        guard isInTransaction else { return }
        do {
            try execute("ROLLBACK", arguments: [], isTransactionControl: true)
        } catch {
            // SQLite ends the transaction even when ROLLBACK reports an error (sqlite.org/lang_transaction.html,
            // "Response To Errors Within A Transaction"); there is nothing left to undo.
        }
    }
}

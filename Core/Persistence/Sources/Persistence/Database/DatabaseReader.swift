/// Read access to a database inside `Database.read` or an observation: a consistent snapshot for the duration of
/// the closure. Statements that would write are refused.
///
/// Valid only inside the closure it was passed to; using it afterwards throws.
public final class DatabaseReader: DatabaseQuerying {
    private let connection: Connection
    private var isActive = true

    init(connection: Connection) {
        self.connection = connection
    }

    /// Runs one read-only statement and returns every result row.
    ///
    /// - Throws: `DatabaseError` when the statement fails or writes, or the reader is used after its closure.
    public func fetchRows(_ sql: SQL, arguments: [DatabaseValue]) throws -> [Row] {
        guard isActive else {
            throw DatabaseError.misuse("a reader was used after its closure returned", sql: sql.text)
        }
        return try connection.rows(sql.text, arguments: arguments, readOnly: true)
    }

    func invalidate() {
        isActive = false
    }
}

extension Connection {
    /// Every result row of the single statement in `sql`.
    func rows(_ sql: String, arguments: [DatabaseValue], readOnly: Bool) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(sql, arguments: arguments, readOnly: readOnly) { statement in
            rows.append(Row(columns: statement.columns, values: statement.currentValues()))
        }
        return rows
    }
}

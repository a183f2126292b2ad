/// Reading from a database: the operations a read and a write transaction share.
///
/// `DatabaseReader` (inside `Database.read`) and `DatabaseTransaction` (inside `Database.transaction`) conform, so
/// a repository can write one query function for both: `func posts(in db: some DatabaseQuerying) throws -> [Post]`.
/// Values are bound to `?` placeholders in order; see `SQL` for why SQL text takes no values.
public protocol DatabaseQuerying {
    /// Runs one statement and returns every result row.
    ///
    /// - Parameters:
    ///   - sql: Exactly one statement.
    ///   - arguments: One value per `?` placeholder, in order.
    /// - Throws: `DatabaseError` when the statement fails, is not exactly one statement, the argument count differs
    ///   from the placeholder count, or (in a read) the statement would write.
    func fetchRows(_ sql: SQL, arguments: [DatabaseValue]) throws -> [Row]
}

extension DatabaseQuerying {
    /// Every result row, with the arguments given one by one.
    ///
    /// - Throws: see `fetchRows(_:arguments:)`.
    public func fetchRows(_ sql: SQL, _ arguments: any DatabaseValueConvertible...) throws -> [Row] {
        try fetchRows(sql, arguments: arguments.map(\.databaseValue))
    }

    /// Every result row decoded as `Value`: keyed by column name, or from the only column for a single value such
    /// as `String` or `Int`.
    ///
    /// - Throws: `DatabaseError` (see `fetchRows(_:arguments:)`); `RowDecodingError` naming the column and the SQL.
    public func fetchAll<Value: Decodable>(_ type: Value.Type, _ sql: SQL, _ arguments: any DatabaseValueConvertible...)
        throws -> [Value]
    {
        try decodeRows(type, sql, try fetchRows(sql, arguments: arguments.map(\.databaseValue)))
    }

    /// Every result row decoded as `Value`, with the arguments as an array (for a list built at run time).
    ///
    /// - Throws: see `fetchAll(_:_:_:)`.
    public func fetchAll<Value: Decodable>(_ type: Value.Type, _ sql: SQL, arguments: [DatabaseValue]) throws
        -> [Value]
    {
        try decodeRows(type, sql, try fetchRows(sql, arguments: arguments))
    }

    /// The first result row decoded as `Value`, or nil when there is none. The statement runs to its end, so give
    /// a query that may return many rows a `LIMIT 1`.
    ///
    /// - Throws: see `fetchAll(_:_:_:)`.
    public func fetchOne<Value: Decodable>(_ type: Value.Type, _ sql: SQL, _ arguments: any DatabaseValueConvertible...)
        throws -> Value?
    {
        try decodeRows(type, sql, try fetchRows(sql, arguments: arguments.map(\.databaseValue))).first
    }

    private func decodeRows<Value: Decodable>(_ type: Value.Type, _ sql: SQL, _ rows: [Row]) throws -> [Value] {
        do {
            return try rows.map { row in
                // NB: a column type such as `Data` or `Date` decodes through its own `Decodable` shape (an array of
                // bytes, a number), which a row cannot offer; read a one-column row straight from the column.
                if type is any DatabaseValueConvertible.Type, row.values.count == 1 {
                    return try RowDecoder.decode(type, column: row.columnNames[0], value: row.values[0])
                }
                return try Value(from: RowDecoder(row: row))
            }
        } catch var error as RowDecodingError {
            error.sql = sql.text
            throw error
        } catch let error as DecodingError {
            throw RowDecodingError(column: nil, reason: "\(error)", sql: sql.text)
        }
    }
}

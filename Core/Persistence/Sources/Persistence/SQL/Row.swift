/// One result row: the values of its columns, by position and by name.
public struct Row: Sendable, Hashable {
    /// The column names, in the statement's order.
    public var columnNames: [String] { columns.names }

    /// The values, in column order.
    public let values: [DatabaseValue]

    let columns: ColumnNames

    init(columns: ColumnNames, values: [DatabaseValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of the column named `name` (as the statement names it; the first such column when several share
    /// the name), or nil when the row has no such column.
    public subscript(_ name: String) -> DatabaseValue? {
        columns.index(of: name).map { values[$0] }
    }

    /// The value of the column named `name` converted to `Value`.
    ///
    /// - Throws: `RowDecodingError` when the column is missing or its value does not convert.
    public func value<Value: DatabaseValueConvertible>(_ name: String, as type: Value.Type = Value.self) throws
        -> Value
    {
        guard let stored = self[name] else {
            throw RowDecodingError(
                column: name, reason: "no such column (columns: \(columnNames.joined(separator: ", ")))")
        }
        guard let value = Value.fromDatabaseValue(stored) else {
            throw RowDecodingError(column: name, reason: "cannot read \(stored) as \(Value.self)")
        }
        return value
    }
}

/// The names of a statement's result columns with a lookup by name, shared by every row the statement returns.
final class ColumnNames: Sendable, Hashable {
    let names: [String]
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (position, name) in names.enumerated() where positions[name] == nil {
            positions[name] = position
        }
        self.positions = positions
    }

    func index(of name: String) -> Int? {
        positions[name]
    }

    static func == (lhs: ColumnNames, rhs: ColumnNames) -> Bool {
        lhs.names == rhs.names
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(names)
    }
}

/// A row that could not be turned into the requested type: the column, the reason, and the SQL that produced it.
///
/// The message names storage classes (`text(12 characters)`), never the stored values.
public struct RowDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The column concerned, when one is.
    public let column: String?
    /// What went wrong.
    public let reason: String
    /// The statement whose row failed, with placeholders.
    public var sql: String?

    /// Creates the error.
    public init(column: String?, reason: String, sql: String? = nil) {
        self.column = column
        self.reason = reason
        self.sql = sql
    }

    /// One line, such as `column "price": cannot read text(3 characters) as Int in "SELECT …"`.
    public var description: String {
        var text = column.map { "column \"\($0)\": \(reason)" } ?? reason
        if let sql {
            text += " in \"\(sql)\""
        }
        return text
    }
}

import CSQLite
import Foundation

/// What a prepared statement reads and changes, as SQLite's authorizer reported it while compiling the statement
/// (sqlite.org/c3ref/set_authorizer.html). Tables of SQLite's own (`sqlite_…`) are left out.
struct StatementAccess: Sendable {
    /// Tables the statement reads (views resolved to their tables; `count(*)` included).
    var readTables: Set<String> = []
    /// Tables the statement inserts into, updates or deletes from, triggers included.
    var writtenTables: Set<String> = []
    /// Tables, indexes, triggers and views the statement creates, drops or alters.
    var schemaObjects: Set<String> = []
    /// Whether the statement begins, commits or rolls back a transaction or a savepoint.
    var controlsTransactions = false

    /// Records one authorizer call.
    mutating func record(action: Int32, first: String?, second: String?) {
        func isUserObject(_ name: String?) -> String? {
            guard let name, !name.isEmpty, !name.hasPrefix("sqlite_") else { return nil }
            return name
        }
        switch action {
        case SQLITE_READ:
            if let table = isUserObject(first) { readTables.insert(table) }
        case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
            if let table = isUserObject(first) { writtenTables.insert(table) }
        case SQLITE_CREATE_TABLE, SQLITE_CREATE_VIEW, SQLITE_CREATE_VTABLE, SQLITE_DROP_TABLE, SQLITE_DROP_VIEW,
            SQLITE_DROP_VTABLE, SQLITE_CREATE_TEMP_TABLE, SQLITE_CREATE_TEMP_VIEW, SQLITE_DROP_TEMP_TABLE,
            SQLITE_DROP_TEMP_VIEW:
            if let name = isUserObject(first) { schemaObjects.insert(name) }
        case SQLITE_CREATE_INDEX, SQLITE_CREATE_TRIGGER, SQLITE_DROP_INDEX, SQLITE_DROP_TRIGGER,
            SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_TEMP_TRIGGER, SQLITE_DROP_TEMP_INDEX, SQLITE_DROP_TEMP_TRIGGER:
            if let name = isUserObject(first) { schemaObjects.insert(name) }
            if let table = isUserObject(second) { schemaObjects.insert(table) }
        case SQLITE_ALTER_TABLE:
            if let table = isUserObject(second) { schemaObjects.insert(table) }
        case SQLITE_TRANSACTION, SQLITE_SAVEPOINT:
            controlsTransactions = true
        default:
            break
        }
    }
}

/// A prepared statement owned by one `Connection`; used only on that connection's queue.
final class Statement {
    let handle: OpaquePointer
    /// The statement's SQL text as prepared (placeholders, no values).
    let sql: String
    let access: StatementAccess
    let isReadOnly: Bool
    let parameterCount: Int
    private var cachedColumns: ColumnNames?

    init(handle: OpaquePointer, access: StatementAccess) {
        self.handle = handle
        self.sql = String(cString: sqlite3_sql(handle))
        self.access = access
        self.isReadOnly = sqlite3_stmt_readonly(handle) != 0
        self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The result column names, read once.
    var columns: ColumnNames {
        if let cachedColumns { return cachedColumns }
        let count = sqlite3_column_count(handle)
        let names = (0..<count).map { String(cString: sqlite3_column_name(handle, $0)) }
        let columns = ColumnNames(names)
        cachedColumns = columns
        return columns
    }

    /// Binds `values` to the placeholders, in order.
    ///
    /// - Throws: `DatabaseError` when the number of values differs from the number of placeholders, or SQLite
    ///   refuses a value.
    func bind(_ values: ArraySlice<DatabaseValue>) throws(DatabaseError) {
        guard values.count == parameterCount else {
            throw .misuse(
                "the statement has \(parameterCount) placeholder(s) but \(values.count) value(s) were given",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let integer):
                code = sqlite3_bind_int64(handle, index, integer)
            case .real(let real):
                code = sqlite3_bind_double(handle, index, real)
            case .text(let text):
                code = sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), csqlite_transient())
            case .blob(let data):
                code = data.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_zeroblob(handle, index, 0)
                    }
                    return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), csqlite_transient())
                }
            }
            guard code == SQLITE_OK else {
                throw DatabaseError(
                    extendedResultCode: code, message: "cannot bind value \(index) (\(value))", sql: sql)
            }
        }
    }

    /// The current row's values.
    func currentValues() -> [DatabaseValue] {
        let count = sqlite3_column_count(handle)
        var values: [DatabaseValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            values.append(value(at: column))
        }
        return values
    }

    private func value(at column: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let bytes = sqlite3_column_blob(handle, column), count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }
}

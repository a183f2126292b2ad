import CSQLite

/// An error reported by SQLite: its extended result code, its message, and the SQL or file it concerned.
///
/// The SQL text is the statement as written, with `?` placeholders: bound values never appear in an error, so an
/// error can be logged without leaking what was stored.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (sqlite.org/rescode.html), such as 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
    public let extendedResultCode: Int32
    /// SQLite's message (`sqlite3_errmsg`), or this library's explanation for errors it detects itself.
    public let message: String
    /// The statement that failed, with its placeholders, when a statement failed.
    public let sql: String?
    /// The database file concerned, when known (opening errors name it).
    public let path: String?

    /// Creates an error from its parts.
    public init(extendedResultCode: Int32, message: String, sql: String? = nil, path: String? = nil) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// The primary result code: the low 8 bits of the extended code (`SQLITE_CONSTRAINT` is 19).
    public var primaryResultCode: Int32 { extendedResultCode & 0xFF }

    /// SQLite's English description of the result code (`sqlite3_errstr`), such as `"constraint failed"`.
    public var codeDescription: String {
        String(cString: sqlite3_errstr(extendedResultCode))
    }

    /// Whether the error is a constraint violation (`SQLITE_CONSTRAINT` and its extended codes).
    public var isConstraintViolation: Bool { primaryResultCode == SQLITE_CONSTRAINT }

    /// Whether the file is not a database or is damaged (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
    public var isCorruption: Bool { primaryResultCode == SQLITE_NOTADB || primaryResultCode == SQLITE_CORRUPT }

    /// Whether the disk or the file-size limit is full (`SQLITE_FULL`).
    public var isDiskFull: Bool { primaryResultCode == SQLITE_FULL }

    /// One line: message, code, file and SQL, for example
    /// `UNIQUE constraint failed: feed_posts.id (SQLite 2067, constraint failed) in "INSERT INTO feed_posts …"`.
    public var description: String {
        var text = "\(message) (SQLite \(extendedResultCode), \(codeDescription))"
        if let path {
            text += " [file \(path)]"
        }
        if let sql {
            text += " in \"\(sql)\""
        }
        return text
    }

    /// The transaction is no longer open because SQLite rolled it back after an earlier error (a full disk, an I/O
    /// error): nothing of it was committed, and nothing more may run in it.
    static func abandonedTransaction(sql: String?) -> DatabaseError {
        DatabaseError(
            extendedResultCode: SQLITE_ABORT,
            message: "SQLite rolled the transaction back after an earlier error; nothing of it was committed",
            sql: sql)
    }

    /// The database was closed; nothing can run on it any more.
    static func closed(path: String?) -> DatabaseError {
        .misuse("the database is closed", path: path)
    }

    /// An error this library raises itself (misuse or a state it refuses), with `SQLITE_MISUSE` as its code.
    static func misuse(_ message: String, sql: String? = nil, path: String? = nil) -> DatabaseError {
        DatabaseError(extendedResultCode: SQLITE_MISUSE, message: message, sql: sql, path: path)
    }
}

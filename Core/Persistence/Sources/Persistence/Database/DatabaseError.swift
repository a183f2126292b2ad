import CSQLite
import Foundation

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
    /// The `errno` of the system call under an I/O error (`sqlite3_system_errno`), such as `ENOSPC` (28), when
    /// SQLite reported one; nil otherwise.
    public let systemErrorNumber: Int32?

    /// Creates an error from its parts.
    public init(
        extendedResultCode: Int32, message: String, sql: String? = nil, path: String? = nil,
        systemErrorNumber: Int32? = nil
    ) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
        self.path = path
        self.systemErrorNumber = systemErrorNumber.flatMap { $0 == 0 ? nil : $0 }
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

    /// Whether the disk or the file-size limit is full.
    ///
    /// True for `SQLITE_FULL`; for `SQLITE_IOERR_SHMSIZE`, which the unix VFS reports when it cannot grow the
    /// `-shm` file of a WAL database (a full disk or tmpfs, a file-size limit); and for any other `SQLITE_IOERR_*`
    /// whose system error is `ENOSPC`, `EDQUOT` or `EFBIG` (a WAL write, an `fsync`, a size hint, the `-shm` file's
    /// creation). Source: sqlite.org/rescode.html and the unix VFS (`os_unix.c`), which returns `SQLITE_FULL` only for
    /// a short write with `ENOSPC`.
    public var isDiskFull: Bool {
        if primaryResultCode == SQLITE_FULL || extendedResultCode == Self.ioErrorShmSize { return true }
        guard primaryResultCode == SQLITE_IOERR, let systemErrorNumber else { return false }
        return systemErrorNumber == ENOSPC || systemErrorNumber == EDQUOT || systemErrorNumber == EFBIG
    }

    /// The file a full disk could not grow, when `isDiskFull`: the `-shm` file for the shared-memory errors
    /// (`SQLITE_IOERR_SHMSIZE`, `SQLITE_IOERR_SHMOPEN`, `SQLITE_IOERR_SHMMAP`), otherwise the database file; nil when
    /// the path is not known (an in-memory database).
    public var diskFullPath: String? {
        guard let path else { return nil }
        let shmCodes: Set<Int32> = [Self.ioErrorShmSize, Self.ioErrorShmOpen, Self.ioErrorShmMap]
        return shmCodes.contains(extendedResultCode) ? path + "-shm" : path
    }

    /// Why the disk counts as full, in words: the system's (`strerror`, such as `File too large`) when SQLite gave an
    /// `errno`, with SQLite's message; SQLite's message alone otherwise (`database or disk is full`).
    public var diskFullReason: String {
        guard let systemErrorNumber else { return message }
        return "\(message): \(String(cString: strerror(systemErrorNumber)))"
    }

    /// One line: message, code, file and SQL, for example
    /// `UNIQUE constraint failed: feed_posts.id (SQLite 2067, constraint failed) in "INSERT INTO feed_posts …"`.
    public var description: String {
        var text = "\(message) (SQLite \(extendedResultCode), \(codeDescription))"
        if let systemErrorNumber {
            text += " [errno \(systemErrorNumber): \(String(cString: strerror(systemErrorNumber)))]"
        }
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

    /// `SQLITE_IOERR_SHMSIZE` (4874): the `-shm` file could not be grown.
    static let ioErrorShmSize: Int32 = SQLITE_IOERR | (19 << 8)
    /// `SQLITE_IOERR_SHMOPEN` (4618): the `-shm` file could not be opened or reset.
    static let ioErrorShmOpen: Int32 = SQLITE_IOERR | (18 << 8)
    /// `SQLITE_IOERR_SHMMAP` (5386): the `-shm` file could not be mapped.
    static let ioErrorShmMap: Int32 = SQLITE_IOERR | (21 << 8)

    /// The database was closed; nothing can run on it any more.
    static func closed(path: String?) -> DatabaseError {
        .misuse("the database is closed", path: path)
    }

    /// An error this library raises itself (misuse or a state it refuses), with `SQLITE_MISUSE` as its code.
    static func misuse(_ message: String, sql: String? = nil, path: String? = nil) -> DatabaseError {
        DatabaseError(extendedResultCode: SQLITE_MISUSE, message: message, sql: sql, path: path)
    }
}

import Foundation
import Persistence

/// A full disk found in an error, with the file that could not be written: SQLite's `SQLITE_FULL`, or an I/O error a
/// full disk causes such as `SQLITE_IOERR_SHMSIZE` for the `-shm` file (`DatabaseError.isDiskFull`), or a file operation's `ENOSPC`, `EDQUOT` or `EFBIG`
/// (`FileOperationError.isOutOfSpace`), also when a feature's error wraps it (up to a few levels deep).
///
/// Commands print it as `the disk is full: cannot write <path> (<reason>)` with the code `disk_full` (README's error
/// codes), never as a network failure.
public struct DiskFull: Sendable, Hashable, CustomStringConvertible {
    /// The code programs see with `--json`: `disk_full`.
    public static let code = "disk_full"

    /// The file or directory that could not grow.
    public let path: String
    /// The system's or SQLite's words (`No space left on device`, `database or disk is full`).
    public let reason: String

    /// The full disk in `error` or in what it wraps, or nil when there is none.
    public init?(in error: any Error) {
        guard let found = Self.find(in: error, depth: 0) else { return nil }
        self = found
    }

    /// `the disk is full: cannot write /…/storefront.sqlite (database or disk is full)`.
    public var description: String { "the disk is full: cannot write \(path) (\(reason))" }

    /// The same as a sentence for a screen: `The disk is full: cannot write /…/storefront.sqlite (database or disk is
    /// full).`
    public var sentence: String { "The disk is full: cannot write \(path) (\(reason))." }

    // MARK: - Private

    private init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    private static let maximumDepth = 4

    private static func find(in value: Any, depth: Int) -> DiskFull? {
        switch value {
        case let error as DatabaseError where error.isDiskFull:
            return DiskFull(path: error.diskFullPath ?? "the database", reason: error.diskFullReason)
        case let error as FileOperationError where error.isOutOfSpace:
            return DiskFull(path: error.path, reason: error.reason)
        default:
            break
        }
        guard depth < maximumDepth else { return nil }
        for child in Mirror(reflecting: value).children {
            if let found = find(in: child.value, depth: depth + 1) { return found }
        }
        return nil
    }
}

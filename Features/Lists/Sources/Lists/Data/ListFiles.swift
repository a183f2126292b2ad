import Foundation
import Persistence

/// Persistence's `FileLock` and `AtomicFile` as the list format uses them, with their errors told as `ListError`s.
///
/// A list is locked on its directory's own descriptor (shared to read, exclusive to write), never through a lock
/// file: a lock file inside a folder a sync tool replicates would be copied to the other devices. List files are
/// created mode 0644 (a synced folder is read by the sync tool, and often by a person's other programs).
enum ListFiles {
    /// The mode of a new list file.
    static let permissions: mode_t = 0o644

    /// Takes the `mode` lock on `directory`, waiting at most `timeout` seconds.
    ///
    /// - Throws: `ListError.lockTimeout` when another holder kept a conflicting lock for longer; `ListError.io`
    ///   when the directory cannot be opened or locked.
    static func lock(_ directory: URL, _ mode: FileLock.Mode, timeout: Double) throws -> FileLock {
        do {
            return try FileLock.acquire(
                directory: directory, mode: mode, timeout: .seconds(timeout), clock: ContinuousClock())
        } catch is FileLockError {
            throw ListError.lockTimeout(path: directory.path, seconds: timeout)
        } catch let error as FileOperationError {
            throw ListError(error)
        }
    }

    /// Replaces the file at `url` with `data` atomically, flushing the file and its directory.
    ///
    /// - Throws: `ListError.io` naming the failing operation (a full disk, no permission).
    static func write(_ data: Data, to url: URL) throws {
        do {
            try AtomicFile(url: url).write(data, newFilePermissions: permissions)
        } catch let error as FileOperationError {
            throw ListError(error)
        }
    }

    /// Writes `data` to `url` only when no file is there yet (race-free between processes); returns whether this
    /// call created it.
    ///
    /// - Throws: `ListError.io` naming the failing operation.
    static func create(_ data: Data, at url: URL) throws -> Bool {
        do {
            return try AtomicFile(url: url).create(data, newFilePermissions: permissions)
        } catch let error as FileOperationError {
            throw ListError(error)
        }
    }

    /// Removes the temporary files of writes that died in `directory`; only under the list's exclusive lock, which
    /// every writer holds while its temporary file exists. A folder that cannot be listed is left for the next time.
    static func removeStaleTemporaries(in directory: URL) {
        _ = try? AtomicFile.removeStaleTemporaries(in: directory)
    }
}

extension ListError {
    /// A failed file operation of Persistence, as `ListError.io`.
    init(_ error: FileOperationError) {
        self = .io(path: error.path, operation: error.operation, reason: error.reason)
    }
}

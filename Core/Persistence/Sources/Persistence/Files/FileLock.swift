import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock(2)` lock, shared (several readers at once) or exclusive (one holder, no readers), taken either
/// on a lock file or on a directory's own descriptor: the way two processes on one data directory or one document
/// take turns (two `storefront login` runs; a reader and a writer of a list in Lists).
///
/// The lock belongs to the open file description, so it excludes other processes and other `acquire` calls in this
/// process alike, and the kernel releases it when the process ends, however it ends (a killed process never leaves
/// a stale lock). Release it with `unlock()`; it is also released when the value is deinitialised. A lock file stays
/// after the lock (it holds nothing; removing it would let two processes lock two different files of the same
/// name). Every Storefront process locks with `flock`, never with `fcntl` record locks, which Linux does not order
/// against `flock`.
///
/// Waits are bounded: a non-blocking `flock` is retried with a pause growing from 1 ms to 50 ms until `timeout` has
/// passed on the given clock. Call `acquire` off the main actor: it blocks the calling thread while it waits.
public final class FileLock: Sendable {
    /// Who may hold the lock at the same time.
    public enum Mode: Sendable, Hashable, CustomStringConvertible {
        /// Any number of shared holders together (readers); excludes an exclusive holder.
        case shared
        /// One holder alone (a writer); excludes every other holder, shared or exclusive.
        case exclusive

        /// `shared` or `exclusive`.
        public var description: String {
            switch self {
            case .shared: "shared"
            case .exclusive: "exclusive"
            }
        }

        var operation: Int32 {
            switch self {
            case .shared: LOCK_SH
            case .exclusive: LOCK_EX
            }
        }
    }

    /// The lock file, or the locked directory.
    public let url: URL
    /// How the lock is held.
    public let mode: Mode
    private let descriptor: Locked<Int32>

    private init(url: URL, mode: Mode, descriptor: Int32) {
        self.url = url
        self.mode = mode
        self.descriptor = Locked(descriptor)
    }

    deinit {
        descriptor.withLock { Self.release(&$0) }
    }

    /// Takes the lock on the lock file `url` (creating the file, mode 0600, and its directory, mode 0700, when
    /// missing) in `mode`, waiting at most `timeout` on `clock` while another holder's mode conflicts.
    ///
    /// - Throws: `FileLockError.timedOut` when a conflicting lock is still held by someone else after `timeout`;
    ///   `FileOperationError` when the file cannot be created, opened or locked.
    public static func acquire<C: Clock<Duration>>(
        _ url: URL, mode: Mode = .exclusive, timeout: Duration, clock: C
    ) throws -> FileLock {
        let path = url.path(percentEncoded: false)
        try FileSystem.createDirectory(url.deletingLastPathComponent(), permissions: 0o700)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileOperationError(operation: "open lock file", path: path, code: errno) }
        return try lock(descriptor, url: url, mode: mode, timeout: timeout, clock: clock)
    }

    /// Takes the lock on the directory `url` itself (its own descriptor, opened read-only), in `mode`, waiting at
    /// most `timeout` on `clock` while another holder's mode conflicts. Nothing is created: use it where a lock file
    /// must not exist, such as a folder a file-sync tool replicates (a lock file there would be copied to the other
    /// devices, and locks do not cross machines anyway).
    ///
    /// - Throws: `FileLockError.timedOut` when a conflicting lock is still held by someone else after `timeout`;
    ///   `FileOperationError` when the directory is missing, not a directory (`ENOTDIR`) or cannot be locked.
    public static func acquire<C: Clock<Duration>>(
        directory url: URL, mode: Mode, timeout: Duration, clock: C
    ) throws -> FileLock {
        let path = url.path(percentEncoded: false)
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileOperationError(operation: "open directory", path: path, code: errno) }
        return try lock(descriptor, url: url, mode: mode, timeout: timeout, clock: clock)
    }

    /// Locks the open `descriptor` of `url`; closes it when the lock is not taken.
    private static func lock<C: Clock<Duration>>(
        _ descriptor: Int32, url: URL, mode: Mode, timeout: Duration, clock: C
    ) throws -> FileLock {
        let path = url.path(percentEncoded: false)
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(1)
        while flock(descriptor, mode.operation | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(descriptor)
                throw FileOperationError(operation: "lock", path: path, code: code)
            }
            guard clock.now < deadline else {
                close(descriptor)
                throw FileLockError.timedOut(path: path, after: timeout)
            }
            let (seconds, attoseconds) = pause.components
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            _ = nanosleep(&request, nil)
            pause = min(pause * 2, .milliseconds(50))
        }
        return FileLock(url: url, mode: mode, descriptor: descriptor)
    }

    /// Releases the lock (closing the file); later calls do nothing.
    public func unlock() {
        descriptor.withLock { Self.release(&$0) }
    }

    private static func release(_ descriptor: inout Int32) {
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}

/// Why a `FileLock` could not be taken.
public enum FileLockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another holder kept a conflicting lock for longer than the caller would wait.
    case timedOut(path: String, after: Duration)

    /// One sentence naming the locked file or directory.
    public var description: String {
        switch self {
        case .timedOut(let path, let after):
            return "another process kept \(path) locked for more than \(after)"
        }
    }
}

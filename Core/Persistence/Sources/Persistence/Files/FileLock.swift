import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory `flock(2)` lock on a lock file, shared by every process that uses the same file: the way
/// two commands on one data directory take turns (two `storefront login` runs, for example).
///
/// The lock belongs to the open file description, so the kernel releases it when the process ends, however it ends
/// (a killed process never leaves a stale lock). Release it with `unlock()`; it is also released when the value is
/// deinitialised. The lock file itself stays (it holds nothing; removing it would let two processes lock two
/// different files of the same name).
public final class FileLock: Sendable {
    /// The lock file.
    public let url: URL
    private let descriptor: Locked<Int32>

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = Locked(descriptor)
    }

    deinit {
        descriptor.withLock { Self.release(&$0) }
    }

    /// Takes the lock on `url` (creating the file, mode 0600, and its directory, mode 0700, when missing), waiting
    /// while another process holds it: a non-blocking `flock` retried with a pause growing from 1 ms to 50 ms, until
    /// `timeout` has passed on `clock`. Call it off the main actor: it blocks the calling thread.
    ///
    /// - Throws: `FileLockError.timedOut` when the lock is still held by someone else after `timeout`;
    ///   `FileOperationError` when the file cannot be created or locked.
    public static func acquire<C: Clock<Duration>>(
        _ url: URL, timeout: Duration, clock: C
    ) throws -> FileLock {
        let path = url.path(percentEncoded: false)
        try FileSystem.createDirectory(url.deletingLastPathComponent(), permissions: 0o700)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileOperationError(operation: "open lock file", path: path, code: errno) }
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(1)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
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
        return FileLock(url: url, descriptor: descriptor)
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
    /// Another process held the lock for longer than the caller would wait.
    case timedOut(path: String, after: Duration)

    /// One sentence naming the lock file.
    public var description: String {
        switch self {
        case .timedOut(let path, let after):
            return "another process kept \(path) locked for more than \(after)"
        }
    }
}

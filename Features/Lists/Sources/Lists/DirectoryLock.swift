import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An advisory `flock(2)` lock on a list directory, shared for reads and exclusive for writes, held until
/// `release()`. Locks belong to the open file description, so they exclude other processes and other opens in this
/// process alike; the kernel drops them when the holder exits, also when it is killed. Every Storefront process uses
/// `flock` (never `fcntl` record locks, which Linux does not order against `flock`).
final class DirectoryLock {
    /// Shared (readers) or exclusive (one writer).
    enum Mode {
        case shared
        case exclusive
    }

    private var descriptor: Int32

    /// Takes the lock, retrying a non-blocking `flock` with a growing pause (1 ms up to 20 ms) until `timeout`.
    ///
    /// - Throws: `ListError.io` when the directory cannot be opened; `ListError.lockTimeout` when another process
    ///   holds a conflicting lock for longer than `timeout` seconds.
    init(directory: URL, mode: Mode, timeout: Double) throws {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ListError.io(path: directory.path, operation: "open", reason: String(cString: strerror(errno)))
        }
        let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        let deadline = Date().addingTimeInterval(timeout)
        var pause: UInt32 = 1000
        while flock(descriptor, operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                _ = close(descriptor)
                throw ListError.io(path: directory.path, operation: "flock", reason: String(cString: strerror(code)))
            }
            guard Date() < deadline else {
                _ = close(descriptor)
                throw ListError.lockTimeout(path: directory.path, seconds: timeout)
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        self.descriptor = descriptor
    }

    /// Releases the lock (closing the descriptor drops it); safe to call twice.
    func release() {
        guard descriptor >= 0 else { return }
        _ = close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}

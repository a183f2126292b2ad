import Dispatch

/// A connection and the serial queue that is the only place it is used.
///
/// Work is submitted as closures that run one at a time on the queue; callers await the result without blocking a
/// thread of the cooperative pool, so a statement that waits on SQLite's busy timeout or on the disk holds only the
/// connection's own queue.
final class ConnectionOwner: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `queue` and `path` are immutable and `Sendable`; the one mutable property,
    // `connection` (a `Connection`, not `Sendable`, wrapping the SQLite handle), is set in `init` before the owner
    // is shared and afterwards read or written only inside blocks on `queue` (`run`, `runBlocking`,
    // `closeBlocking`, `close`). `queue` is serial, so those blocks run one at a time, each after the previous one
    // ended, and no two threads touch the connection at once. The connection never leaves the queue: `run` hands it
    // to a `@Sendable` body that returns only a `Sendable` value, and `runBlocking`'s body does not escape the
    // `queue.sync` it runs in.
    private let queue: DispatchQueue
    private var connection: Connection?
    private let path: String?

    init(label: String, connection: Connection, path: String?) {
        self.queue = DispatchQueue(label: label)
        self.connection = connection
        self.path = path
    }

    /// Runs `body` with the connection on its queue.
    ///
    /// - Throws: `body`'s error; `DatabaseError` when the connection was closed.
    func run<Value: Sendable>(_ body: @escaping @Sendable (Connection) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result {
                        guard let connection = self.connection else { throw DatabaseError.closed(path: self.path) }
                        return try body(connection)
                    })
            }
        }
    }

    /// Runs `body` with the connection on its queue and blocks the calling thread until it returns: for callers on
    /// threads of their own (a C library's worker threads), never for tasks of the cooperative pool. An idle
    /// queue runs `body` on the calling thread, so no thread is switched.
    ///
    /// Must not be called from work already running on this owner's queue (that would deadlock).
    /// - Throws: `body`'s error; `DatabaseError` when the connection was closed.
    func runBlocking<Value>(_ body: (Connection) throws -> Value) throws -> Value {
        try queue.sync {
            guard let connection = self.connection else { throw DatabaseError.closed(path: self.path) }
            return try body(connection)
        }
    }

    /// Closes the connection once the work already submitted has run, blocking the calling thread meanwhile.
    func closeBlocking() {
        queue.sync { self.connection = nil }
    }

    /// Closes the connection once the work already submitted has run; later work throws.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                self.connection = nil
                continuation.resume()
            }
        }
    }
}

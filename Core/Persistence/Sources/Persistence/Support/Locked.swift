import Foundation

/// A value guarded by a lock, shared by reference.
///
/// `NSLock` rather than `Synchronization.Mutex`, which ThreadSanitizer misreports on Linux.
final class Locked<State>: @unchecked Sendable {
    // Sound because `state` is only read or written inside `withLock`, while `lock` is held, so no two threads
    // touch it at once; the lock itself is thread-safe.
    private let lock = NSLock()
    private var state: State

    /// Creates the guard around `state`.
    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

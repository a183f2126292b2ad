import Foundation

/// A value guarded by a lock and shared by reference: every read and write goes through `withLock`.
///
/// `NSLock` rather than `Synchronization.Mutex`: on this toolchain ThreadSanitizer reports false races inside
/// `Mutex.withLock` on Linux and none with `NSLock`, and every package's tests run under TSan (`make test-tsan`).
/// Like `Mutex`, the value and whatever a closure returns cross isolation regions as `sending`, so a non-`Sendable`
/// value (a file handle, a continuation table) can live inside and nothing non-`Sendable` escapes shared.
///
/// The lock is not recursive: calling `withLock` on the same instance from inside `body` deadlocks. Keep `body`
/// short and never `await` in it (it is synchronous by type).
public final class Locked<Value>: @unchecked Sendable {
    // Sound: `value` is private and only read or written inside `withLock`, which holds `lock` for the whole access,
    // so no two threads touch it at once and each access happens-after the previous one. The value enters as
    // `sending` (no other reference to it stays with the caller's region) and `body` receives and returns it as
    // `sending`, so no non-Sendable part of it is shared with another thread outside the lock.
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`, which the caller hands over.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what `body` returns.
    ///
    /// - Throws: whatever `body` throws (the value keeps the changes made before the throw).
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

import Foundation

/// A value that push handlers and close hooks (which run off the main actor) record and tests read afterwards.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // Sound because `stored` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    /// The current value.
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Changes the value in place.
    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&stored)
    }
}

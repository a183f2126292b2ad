import Foundation
import Persistence

/// A `SecretStore` in memory for tests, with the same errors as `FileSecretStore`, and a switch that makes every
/// operation fail (to test how callers cope with an unreadable keychain).
public final class InMemorySecretStore: SecretStore {
    private struct Key: Hashable {
        let service: String
        let account: String
    }

    private struct State {
        var items: [Key: Secret] = [:]
        var failure: (any Error)?
    }

    private let state: LockedState<State>

    /// An empty store.
    public init() {
        state = LockedState(State())
    }

    /// The number of items stored.
    public var count: Int {
        state.withLock { $0.items.count }
    }

    /// Makes every later operation throw `error` (nil: work again).
    public func setFailure(_ error: (any Error)?) {
        state.withLock { $0.failure = error }
    }

    /// Stores a new item.
    ///
    /// - Throws: `SecretStoreError.itemExists`, `.invalidName`; the failure set by `setFailure(_:)`.
    public func add(_ secret: Secret, service: String, account: String) throws {
        try state.withLock { state in
            let key = try Self.key(service, account, failure: state.failure)
            guard state.items[key] == nil else { throw SecretStoreError.itemExists(service: service, account: account) }
            state.items[key] = secret
        }
    }

    /// Replaces an existing item's secret.
    ///
    /// - Throws: `SecretStoreError.itemNotFound`, `.invalidName`; the failure set by `setFailure(_:)`.
    public func update(_ secret: Secret, service: String, account: String) throws {
        try state.withLock { state in
            let key = try Self.key(service, account, failure: state.failure)
            guard state.items[key] != nil else {
                throw SecretStoreError.itemNotFound(service: service, account: account)
            }
            state.items[key] = secret
        }
    }

    /// The item's secret, or nil.
    ///
    /// - Throws: `SecretStoreError.invalidName`; the failure set by `setFailure(_:)`.
    public func read(service: String, account: String) throws -> Secret? {
        try state.withLock { state in state.items[try Self.key(service, account, failure: state.failure)] }
    }

    /// Removes the item; returns whether it existed.
    ///
    /// - Throws: `SecretStoreError.invalidName`; the failure set by `setFailure(_:)`.
    @discardableResult
    public func delete(service: String, account: String) throws -> Bool {
        try state.withLock { state in
            state.items.removeValue(forKey: try Self.key(service, account, failure: state.failure)) != nil
        }
    }

    private static func key(_ service: String, _ account: String, failure: (any Error)?) throws -> Key {
        if let failure { throw failure }
        guard !service.isEmpty else { throw SecretStoreError.invalidName(service) }
        guard !account.isEmpty else { throw SecretStoreError.invalidName(account) }
        return Key(service: service, account: account)
    }
}

/// A value guarded by an `NSLock` (clean under ThreadSanitizer, unlike `Synchronization.Mutex` on Linux).
final class LockedState<State>: @unchecked Sendable {
    // Sound because `state` is only touched inside `withLock`, while `lock` is held.
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

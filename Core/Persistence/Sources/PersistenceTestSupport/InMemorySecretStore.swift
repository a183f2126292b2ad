import Foundation
import Persistence

/// A `SecretStore` in memory for tests, with the same errors as `FileSecretStore`, and a switch that makes every
/// operation fail (to test how callers cope with an unreadable keychain).
public final class InMemorySecretStore: SecretStore, @unchecked Sendable {
    // `@unchecked Sendable` is sound: the only mutable state, `items` and `failure`, is private and every access to
    // it runs inside `locked`, which holds `lock` for the whole body (`checkedKey`, which reads `failure`, is only
    // called from such bodies), so no two threads touch it at once and each access happens after the previous
    // one's unlock. What enters and leaves is `Sendable` (`Secret` values, `any Error`, which refines `Sendable`), so
    // nothing shared escapes the lock. `lock` is an `NSLock`, not `Mutex`, because ThreadSanitizer reports false
    // races inside `Mutex.withLock` (DESIGN.md's platform facts) and this store is used in the TSan run.
    private struct Key: Hashable {
        let service: String
        let account: String
    }

    private let lock = NSLock()
    private var items: [Key: Secret] = [:]
    private var failure: (any Error)?

    /// An empty store.
    public init() {}

    /// The number of items stored.
    public var count: Int {
        locked { items.count }
    }

    /// Makes every later operation throw `error` (nil: work again).
    public func setFailure(_ error: (any Error)?) {
        locked { failure = error }
    }

    /// Stores a new item.
    ///
    /// - Throws: `SecretStoreError.itemExists`, `.invalidName`; the failure set by `setFailure(_:)`.
    public func add(_ secret: Secret, service: String, account: String) throws {
        try locked {
            let key = try checkedKey(service, account)
            guard items[key] == nil else { throw SecretStoreError.itemExists(service: service, account: account) }
            items[key] = secret
        }
    }

    /// Replaces an existing item's secret.
    ///
    /// - Throws: `SecretStoreError.itemNotFound`, `.invalidName`; the failure set by `setFailure(_:)`.
    public func update(_ secret: Secret, service: String, account: String) throws {
        try locked {
            let key = try checkedKey(service, account)
            guard items[key] != nil else { throw SecretStoreError.itemNotFound(service: service, account: account) }
            items[key] = secret
        }
    }

    /// The item's secret, or nil.
    ///
    /// - Throws: `SecretStoreError.invalidName`; the failure set by `setFailure(_:)`.
    public func read(service: String, account: String) throws -> Secret? {
        try locked { items[try checkedKey(service, account)] }
    }

    /// Removes the item; returns whether it existed.
    ///
    /// - Throws: `SecretStoreError.invalidName`; the failure set by `setFailure(_:)`.
    @discardableResult
    public func delete(service: String, account: String) throws -> Bool {
        try locked { items.removeValue(forKey: try checkedKey(service, account)) != nil }
    }

    /// Runs `body` while holding the lock.
    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The item's key, after the failure switch and the name checks; call while holding the lock.
    private func checkedKey(_ service: String, _ account: String) throws -> Key {
        if let failure { throw failure }
        guard !service.isEmpty else { throw SecretStoreError.invalidName(service) }
        guard !account.isEmpty else { throw SecretStoreError.invalidName(account) }
        return Key(service: service, account: account)
    }
}

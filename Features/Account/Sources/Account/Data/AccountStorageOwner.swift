import Persistence

/// The outbox calls sign-out and the account screen need (Core/Persistence's `Outbox` has them).
public protocol PendingChangesOutbox: Sendable {
    /// The number of mutations waiting to be pushed.
    ///
    /// - Throws: the database's errors, such as a store that does not open.
    func pendingCount() async throws -> Int

    /// Pushes every waiting mutation now and reports how many are still waiting (`remaining`).
    ///
    /// - Throws: the database's errors, such as a store that does not open.
    func pushPending() async throws -> OutboxPushReport
}

extension Outbox: PendingChangesOutbox {}

/// What `AccountFeature` needs from the owner of an account's stores (the App's storage owner, which opens each
/// account's database, runs its outbox drain loop and keeps the stores the features use).
///
/// Sign-out calls, in this order: `outbox(for:)` then `pushPending()` on it; when the sign-out goes ahead,
/// `stopOutbox(for:)`; the session is revoked and the token deleted; `closeStores(for:)`; then the account's
/// directory is deleted under every root (`StorageLayout.wipeAccount`), which needs every file of it closed.
public protocol AccountStorageOwner: Sendable {
    /// The outbox of `account`'s database.
    func outbox(for account: StorageAccount) async -> any PendingChangesOutbox

    /// Stops `account`'s outbox drain loop (`Outbox.stop()`) and returns once it has stopped.
    func stopOutbox(for account: StorageAccount) async

    /// Closes everything that has `account`'s files open (its `Database`, with `Database.close()`, which is final)
    /// and stops handing those stores out; returns once they are closed.
    func closeStores(for account: StorageAccount) async
}

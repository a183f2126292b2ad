import Account
import Foundation
import Logging
import Persistence
import Primitives

/// The owner of every account's stores: one SQLite database per account (`accounts/<id>/storefront.sqlite` under
/// the data root) with every registered entry's migrations, and its outbox (the entries built over the account set
/// their push handlers on it).
///
/// Making an account's stores opens nothing: the database opens on its first operation, and a store that cannot be
/// opened fails only the operations that need it (nothing here deletes or replaces it). The drain loop of an
/// outbox runs between `startOutbox(for:)` and `stopOutbox(for:)`. `closeStores(for:)` (at sign-out, before the
/// account's directories are deleted) closes the database for good; the next use of that account makes new stores.
public final class AccountStores: AccountStorageOwner {
    /// One account's stores.
    public struct Stores: Sendable {
        /// The account they belong to.
        public let account: StorageAccount
        /// The account's database (opened lazily).
        public let database: Database
        /// The account's outbox; its push handlers are set by the entries built over the account.
        public let outbox: Outbox
    }

    private let layout: StorageLayout
    private let migrator: DatabaseMigrator
    private let logger: Logger
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let stores = Locked([StorageAccount: Stores]())

    /// Creates the owner; nothing is opened.
    ///
    /// - Parameters:
    ///   - layout: Where each account's database lives.
    ///   - migrator: Every registered entry's migrations (`FeatureRegistry.migrator()`).
    ///   - logger: The root logger; each store logs under its own label.
    ///   - clock: What the outbox waits on between retries (`ContinuousClock()`).
    ///   - now: The wall clock (`{ Date() }`).
    public init(
        layout: StorageLayout, migrator: DatabaseMigrator, logger: Logger, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date
    ) {
        self.layout = layout
        self.migrator = migrator
        self.logger = logger
        self.clock = clock
        self.now = now
    }

    /// `account`'s stores, made (without opening anything) on first use.
    public func stores(for account: StorageAccount) -> Stores {
        stores.withLock { stores in
            if let existing = stores[account] { return existing }
            let made = makeStores(for: account)
            stores[account] = made
            return made
        }
    }

    /// Starts `account`'s drain loop (the first push opens the database) and lifts a block from an earlier
    /// `blockedUntilSignIn`.
    public func startOutbox(for account: StorageAccount) {
        let outbox = stores(for: account).outbox
        outbox.start()
        outbox.resumeAfterSignIn()
    }

    /// Stops every drain loop and closes every database: the end of the process.
    public func closeAll() async {
        let all = stores.withLock { stores in
            defer { stores = [:] }
            return Array(stores.values)
        }
        for stores in all {
            await stores.outbox.stop()
            await stores.database.close()
        }
    }

    // MARK: - AccountStorageOwner

    /// `account`'s outbox.
    public func outbox(for account: StorageAccount) async -> any PendingChangesOutbox {
        stores(for: account).outbox
    }

    /// Stops `account`'s drain loop.
    public func stopOutbox(for account: StorageAccount) async {
        let existing = stores.withLock { $0[account] }
        await existing?.outbox.stop()
    }

    /// Stops `account`'s drain loop, closes its database and forgets its stores.
    public func closeStores(for account: StorageAccount) async {
        let existing = stores.withLock { $0.removeValue(forKey: account) }
        guard let existing else { return }
        await existing.outbox.stop()
        await existing.database.close()
    }

    // MARK: - Private

    private func makeStores(for account: StorageAccount) -> Stores {
        let storeLogger = logger.child(label: "storefront.store", metadata: ["account": "\(account)"])
        let database = Database(
            location: .file(layout.databaseURL(for: account)), migrator: migrator,
            configuration: DatabaseConfiguration(), logger: storeLogger)
        let outbox = Outbox(database: database, clock: clock, now: now, logger: storeLogger)
        return Stores(account: account, database: database, outbox: outbox)
    }
}

import Account
import Checkout
import Feed
import Foundation
import Logging
import Networking
import Persistence
import Primitives
import Search

/// The owner of every account's stores: one SQLite database per account (`accounts/<id>/storefront.sqlite` under
/// the data root) with every package's migrations, its outbox with the features' push handlers, and the
/// repositories over them.
///
/// Making an account's stores opens nothing: the database opens on its first operation, and a store that cannot be
/// opened fails only the operations that need it (nothing here deletes or replaces it). The drain loop of an
/// outbox runs between `startOutbox(for:)` and `stopOutbox(for:)`. `closeStores(for:)` (at sign-out, before the
/// account's directories are deleted) closes the database for good; the next use of that account makes new stores.
public final class AccountStores: AccountStorageOwner {
    /// One account's stores and the repositories over them.
    public struct Stores: Sendable {
        /// The account they belong to.
        public let account: StorageAccount
        /// The account's database (opened lazily).
        public let database: Database
        /// The account's outbox, with the features' push handlers registered.
        public let outbox: Outbox
        /// The feed from the server and Feed's cache tables.
        public let feed: LiveFeedRepository
        /// The account's cart.
        public let cart: LiveCartRepository
        /// The account's saved checkout drafts.
        public let drafts: LiveCheckoutDraftRepository
        /// Search from the server, with Search's saved products as the offline fallback.
        public let search: LiveSearchRepository
        /// The account's preferences (`search.json` under its config directory: the recent searches).
        public let searchPreferences: PreferencesStore
    }

    private let layout: StorageLayout
    private let migrator: DatabaseMigrator
    private let client: APIClient
    private let logger: Logger
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let makeIdentifier: @Sendable () -> String
    private let stores = Locked([StorageAccount: Stores]())

    /// Creates the owner; nothing is opened.
    ///
    /// - Parameters:
    ///   - layout: Where each account's database lives.
    ///   - migrator: Every package's migrations (see `AccountStores.migrator()`).
    ///   - client: The API client the repositories and push handlers send through.
    ///   - logger: The root logger; each store logs under its own label.
    ///   - clock: What the outbox waits on between retries (`ContinuousClock()`).
    ///   - now: The wall clock (`{ Date() }`).
    ///   - makeIdentifier: New unique ids for mutations (`{ UUID().uuidString }`).
    public init(
        layout: StorageLayout, migrator: DatabaseMigrator, client: APIClient, logger: Logger,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
        makeIdentifier: @escaping @Sendable () -> String
    ) {
        self.layout = layout
        self.migrator = migrator
        self.client = client
        self.logger = logger
        self.clock = clock
        self.now = now
        self.makeIdentifier = makeIdentifier
    }

    /// The migrator of an account database: the outbox's tables (always registered) and those of Feed, Search and
    /// Checkout, each under its own prefix.
    ///
    /// - Throws: `MigrationError` when two groups' prefixes overlap (a programming error).
    public static func migrator() throws(MigrationError) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        try migrator.register(FeedStorage.migrations)
        try migrator.register(SearchStorage.migrations)
        try migrator.register(CheckoutStorage.migrations)
        return migrator
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
        let feed = LiveFeedRepository(
            client: client, database: database, outbox: outbox, logger: logger.child(label: "storefront.feed"),
            now: now, makeMutationID: makeIdentifier, cacheLimit: 200)
        feed.registerPushHandlers()
        let checkoutLogger = logger.child(label: "storefront.checkout")
        let searchLogger = logger.child(label: "storefront.search")
        let preferencesURL =
            (try? layout.preferencesURL(suite: "search", for: account))
            ?? layout.accountDirectory(for: account, in: .config).appending(path: "search.json")
        return Stores(
            account: account, database: database, outbox: outbox, feed: feed,
            cart: LiveCartRepository(database: database, logger: checkoutLogger),
            drafts: LiveCheckoutDraftRepository(database: database, logger: checkoutLogger),
            search: LiveSearchRepository(client: client, database: database, logger: searchLogger),
            searchPreferences: PreferencesStore(fileURL: preferencesURL, now: now, logger: searchLogger))
    }
}

import Account
import Foundation
import Logging
import Persistence
import TestSupport

/// The App's storage owner as the tests need it: one file database and outbox per account under the layout, and a
/// record of what the feature asked for, in order.
final class TestStorageOwner: AccountStorageOwner, @unchecked Sendable {
    // Sound because `state` is only read or written between `lock.lock()` and `lock.unlock()` (in `locked`).

    /// A request the feature made, with the account's directory name.
    enum Call: Hashable, Sendable {
        case outbox(String)
        case stopOutbox(String)
        case closeStores(String)
    }

    private struct Stores {
        let database: Database
        let outbox: Outbox
    }

    private struct State {
        var stores: [StorageAccount: Stores] = [:]
        var calls: [Call] = []
        var outboxFailure: (any Error)?
        var onClose: (@Sendable (StorageAccount) -> Void)?
    }

    private let layout: StorageLayout
    private let clock: ManualClock
    private let logger: Logger
    private let lock = NSLock()
    private var state = State()

    init(layout: StorageLayout, clock: ManualClock, logger: Logger) {
        self.layout = layout
        self.clock = clock
        self.logger = logger
    }

    /// What the feature asked for so far.
    var calls: [Call] { locked { state.calls } }

    /// Makes every later outbox call throw `error`, as an outbox whose database does not open.
    func failOutbox(with error: any Error) {
        locked { state.outboxFailure = error }
    }

    /// Runs `body` when the feature closes an account's stores (to look at what exists at that moment).
    func onClose(_ body: @escaping @Sendable (StorageAccount) -> Void) {
        locked { state.onClose = body }
    }

    /// The account's database (a file under the data root) and its outbox, made on first use.
    func stores(for account: StorageAccount) -> (database: Database, outbox: Outbox) {
        let stores = locked {
            if let stores = state.stores[account] { return stores }
            let database = Database(
                location: .file(layout.databaseURL(for: account)),
                migrator: DatabaseMigrator(),
                configuration: DatabaseConfiguration(),
                logger: logger)
            let clock = self.clock
            let stores = Stores(
                database: database,
                outbox: Outbox(
                    database: database,
                    clock: clock,
                    now: { Date(timeIntervalSince1970: 1_767_225_600 + Double(clock.now.offset.components.seconds)) },
                    logger: logger))
            state.stores[account] = stores
            return stores
        }
        return (stores.database, stores.outbox)
    }

    /// Queues `count` changes of `kind` in the account's outbox, committed like a feature's write.
    func enqueueChanges(_ count: Int, kind: String, for account: StorageAccount) async throws {
        let (database, outbox) = stores(for: account)
        try await database.transaction { transaction in
            for index in 0..<count {
                try outbox.enqueue(
                    OutboxMutation(id: "\(kind)-\(index)-\(UUID().uuidString)", kind: kind, payload: Data("{}".utf8)),
                    in: transaction)
            }
        }
    }

    // MARK: - AccountStorageOwner

    func outbox(for account: StorageAccount) async -> any PendingChangesOutbox {
        let failure = locked {
            state.calls.append(.outbox(account.directoryName))
            return state.outboxFailure
        }
        if let failure { return FailingOutbox(error: failure) }
        return stores(for: account).outbox
    }

    func stopOutbox(for account: StorageAccount) async {
        let stores = locked {
            state.calls.append(.stopOutbox(account.directoryName))
            return state.stores[account]
        }
        await stores?.outbox.stop()
    }

    func closeStores(for account: StorageAccount) async {
        let (stores, onClose) = locked {
            state.calls.append(.closeStores(account.directoryName))
            return (state.stores.removeValue(forKey: account), state.onClose)
        }
        onClose?(account)
        await stores?.database.close()
    }

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// An outbox whose database cannot be read.
private struct FailingOutbox: PendingChangesOutbox {
    let error: any Error

    func pendingCount() async throws -> Int { throw error }
    func pushPending() async throws -> OutboxPushReport { throw error }
}

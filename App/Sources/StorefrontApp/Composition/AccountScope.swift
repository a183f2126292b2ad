import FeatureKit
import Foundation
import Persistence

/// The account-scoped part of the graph: the entries over one account's stores (the guest's, or the signed-in
/// user's). The composition root builds a new scope when the user signs in or out; the old one stops its work and
/// goes away with its entries.
@MainActor
public final class AccountScope {
    /// Whose data the entries use.
    public let account: StorageAccount
    /// The account's stores.
    public let stores: AccountStores.Stores
    /// What the entries were built over (its capabilities hold what they provide one another).
    public let context: FeatureContext
    /// Every account-scoped entry, in registration order.
    public let entries: [any FeatureEntry]

    /// Builds one entry of each type over `context`, then lets each provide its capabilities to the others;
    /// nothing loads or opens until they are used.
    ///
    /// - Parameters:
    ///   - stores: The account's stores.
    ///   - context: The account's context for the entries.
    ///   - entryTypes: The entries to build (`AppEntries.all` whose lifetime is `account`).
    public init(stores: AccountStores.Stores, context: FeatureContext, entryTypes: [any FeatureEntry.Type]) {
        self.account = stores.account
        self.stores = stores
        self.context = context
        let entries = entryTypes.map { $0.init(context: context) }
        for entry in entries {
            entry.provideCapabilities(to: context.capabilities)
        }
        self.entries = entries
    }

    /// The entry of type `type`, if it is registered.
    public func entry<Entry: FeatureEntry>(_ type: Entry.Type) -> Entry? {
        entries.lazy.compactMap { $0 as? Entry }.first
    }

    /// The entry named `name`, if it is registered.
    public func entry(named name: String) -> (any FeatureEntry)? {
        entries.first { $0.name == name }
    }

    /// Starts what every entry loads at launch, without waiting for one before another.
    public func start() async {
        let tasks = entries.map { entry in Task { await entry.start() } }
        for task in tasks {
            await task.value
        }
    }

    /// Stops what the entries are loading (the scope is being replaced or the app ends).
    public func stop() {
        for entry in entries { entry.stop() }
    }
}

import Checkout
import FeatureKit
import FeaturePictures
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
    /// What the entries were built over.
    public let context: FeatureContext
    /// The pictures the entries with pictures were built over: the process's loader and this account's screen
    /// pictures.
    public let pictures: EntryPictures
    /// The cart, the checkout and orders (the App hands products to it).
    public let checkout: CheckoutEntry
    /// Every account-scoped entry: the registered entries with pictures, the other scoped entries, then Checkout.
    public let entries: [any FeatureEntry]

    /// Builds the entries over `context`; nothing loads or opens until they are used.
    ///
    /// - Parameters:
    ///   - stores: The account's stores.
    ///   - context: The account's context for the entries.
    ///   - pictures: The process's image pipeline and this account's screen pictures, for `pictured`.
    ///   - pictured: The entries built from the context and `pictures` (`AppEntries.pictured`).
    ///   - scoped: The entries built from the context alone (`AppEntries.scoped`).
    ///   - makeCheckout: Builds Checkout's entry over the context (it needs what only the App has).
    public init(
        stores: AccountStores.Stores, context: FeatureContext, pictures: EntryPictures,
        pictured: [any PicturedFeatureEntry.Type], scoped: [any ScopedFeatureEntry.Type],
        makeCheckout: (FeatureContext, [any FeatureEntry]) -> CheckoutEntry
    ) {
        self.account = stores.account
        self.stores = stores
        self.context = context
        self.pictures = pictures
        let built: [any FeatureEntry] =
            pictured.map { $0.init(context: context, pictures: pictures) } + scoped.map { $0.init(context: context) }
        let checkout = makeCheckout(context, built)
        self.checkout = checkout
        self.entries = built + [checkout]
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

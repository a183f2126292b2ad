import Checkout
import Feed
import Foundation
import Logging
import Persistence
import Search

/// The account-scoped part of the graph: the features over one account's stores (the guest's, or the signed-in
/// user's). The composition root builds a new scope when the user signs in or out; the old one stops its work and
/// goes away with its features.
@MainActor
public final class AccountScope {
    /// Whose data the features use.
    public let account: StorageAccount
    /// The account's stores and repositories.
    public let stores: AccountStores.Stores
    /// The feed over the account's cache.
    public let feed: FeedFeature
    /// The account's cart.
    public let cart: CheckoutFeature
    /// Product search as the user types, with the account's recent searches.
    public let search: SearchFeature
    /// This launch's flags.
    public let flags: FeatureFlags

    /// Builds the features over `stores`; nothing loads or opens until they are used.
    ///
    /// - Parameters:
    ///   - stores: The account's stores.
    ///   - flags: This launch's flags.
    ///   - now: The wall clock.
    ///   - logger: The root logger.
    public init(stores: AccountStores.Stores, flags: FeatureFlags, now: @escaping @Sendable () -> Date, logger: Logger)
    {
        self.account = stores.account
        self.stores = stores
        self.feed = FeedFeature(
            repository: stores.feed, logger: logger.child(label: "storefront.feed"), now: now, pageSize: 20,
            prefetchDistance: 5, likesEnabled: flags.feedLikes)
        self.cart = CheckoutFeature(repository: stores.cart, logger: logger.child(label: "storefront.checkout"))
        self.search = SearchFeature(
            repository: stores.search, recentSearches: RecentSearches(preferences: stores.searchPreferences),
            clock: ContinuousClock(), logger: logger.child(label: "storefront.search"))
        self.flags = flags
    }

    /// Stops what the features are loading (the scope is being replaced or the app ends).
    public func stop() {
        feed.stop()
    }
}

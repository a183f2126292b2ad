import Checkout
import FeatureKit
import FeaturePictures
import Foundation
import Images
import Logging
import Networking
import Observation
import Persistence
import Search

/// What the run has learned that outlives an account's scope: the server's configuration, what the last sign-in
/// did to the guest cart, and the notice on the status line.
@MainActor
@Observable
public final class AppRunState {
    /// The server's configuration as last known.
    public var remoteConfig: RemoteConfig?
    /// What the last sign-in did to the guest cart (merge messages).
    public var lastCartMerge: [String] = []
    /// A short message for the status line, or nil.
    public var notice: AppNotice?
    /// A full disk that keeps the built-in server from starting, in a sentence naming the file: shown above every
    /// screen's body until the app ends (nil: none).
    public var diskFull: String?
    /// This run's flags as known now: evaluated at launch, and once more when a launch without a cached
    /// configuration fetches the server's (`AppDependencies.refreshRemoteConfig()`).
    public var flags: FlagValues

    /// Creates the state with the configuration and the flags known at launch.
    public init(remoteConfig: RemoteConfig?, flags: FlagValues) {
        self.remoteConfig = remoteConfig
        self.flags = flags
    }
}

/// Builds the scope of an account: its context over the account's stores, its screen pictures over the process's one
/// image loader, the registered entries, and Checkout's entry with what only the App has (the configuration's
/// shipping options, the catalog's lookup).
@MainActor
struct ScopeFactory {
    let stores: AccountStores
    let client: APIClient
    let logger: Logger
    let now: @Sendable () -> Date
    let makeIdentifier: @Sendable () -> String
    let flags: FlagValues
    let layout: StorageLayout
    let locale: Locale
    /// The process's one image pipeline: every scope's entries load pictures through it.
    let images: ImageLoader
    let pictured: [any PicturedFeatureEntry.Type]
    let scoped: [any ScopedFeatureEntry.Type]
    let flagService: FeatureFlagService
    let state: AppRunState

    /// The context of `account`; opens nothing.
    func context(for account: StorageAccount) -> FeatureContext {
        let accountStores = stores.stores(for: account)
        return FeatureContext(
            account: account, database: accountStores.database, outbox: accountStores.outbox, client: client,
            logger: logger, clock: ContinuousClock(), now: now, makeIdentifier: makeIdentifier, flags: flags,
            layout: layout, locale: locale, timeZone: .current)
    }

    /// The pictures of `context`'s account: the process's loader, and one `ScreenPictures` every entry of the
    /// account shares (on unless the `pictures` flag or the account's preference is off; each picture that cannot be
    /// shown is logged once, whichever screen asked).
    func pictures(for context: FeatureContext) -> EntryPictures {
        EntryPictures(
            loader: images,
            screens: ScreenPictures(
                isEnabled: ScreenPictures.isEnabled(in: context), loader: images,
                logger: logger.child(label: "storefront.pictures")))
    }

    /// The scope of `account`; opens nothing.
    func make(for account: StorageAccount) -> AccountScope {
        let state = state
        let flagService = flagService
        let context = context(for: account)
        let pictures = pictures(for: context)
        return AccountScope(
            stores: stores.stores(for: account), context: context, pictures: pictures, pictured: pictured,
            scoped: scoped
        ) { context, entries in
            // The catalog's lookup comes from the registered Search entry; without one, a Search entry is built just
            // for it (only then).
            let lookUp =
                (entries.lazy.compactMap { $0 as? SearchEntry }.first
                ?? SearchEntry(context: context, pictures: pictures)).lookUpProduct
            let checkout = CheckoutEntry(
                context: context,
                knownShippingOptions: { state.remoteConfig?.shippingOptions ?? [] },
                currentShippingOptions: {
                    let config = await flagService.currentConfig()
                    if let config { state.remoteConfig = config }
                    return config?.shippingOptions ?? state.remoteConfig?.shippingOptions ?? []
                },
                lookUpProduct: lookUp)
            // A flow reads the flag when it starts: a first launch learns the server's after this scope was built.
            checkout.currentExpressShipping = { state.flags.isOn(CheckoutEntry.expressShippingFlag) }
            return checkout
        }
    }
}

import FeatureKit
import FeaturePictures
import Foundation
import Images
import Logging
import Networking
import Observation
import Persistence

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

/// Builds the scope of an account: its context over the account's stores, with the capabilities only the App can
/// make (the process's one image pipeline as `EntryPictures`, the session, `AppEntries`' own), and the account's
/// entries, each built from that context alone.
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
    /// The entries built for each account (those whose lifetime is `account`).
    let entryTypes: [any FeatureEntry.Type]
    /// What the App's own capabilities are made from.
    let app: AppCapabilitySources

    /// The context of `account`, with the App's capabilities provided; opens nothing.
    func context(for account: StorageAccount) -> FeatureContext {
        let accountStores = stores.stores(for: account)
        let capabilities = EntryCapabilities()
        let context = FeatureContext(
            account: account, database: accountStores.database, outbox: accountStores.outbox, client: client,
            logger: logger, clock: ContinuousClock(), now: now, makeIdentifier: makeIdentifier, flags: flags,
            layout: layout, locale: locale, timeZone: .current, capabilities: capabilities)
        capabilities.provide(pictures(for: context))
        let session = app.account
        capabilities.provide(SessionAccess { session.current.isSignedIn })
        AppEntries.provideAppCapabilities(to: capabilities, from: app)
        return context
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
        AccountScope(stores: stores.stores(for: account), context: context(for: account), entryTypes: entryTypes)
    }
}

import Account
import Checkout
import FeatureKit
import Feed
import Lists
import Search

/// The feature entries this app is made of, and the one place that names them: their registration, the navigation
/// map between them, and the capabilities only the App can make for one of them. Everything else in the App works
/// on what the entries declare (`FeatureDescriptor`: routes, commands, tab, shortcuts, live events) and on their
/// erased forms (`Route`, `EntryAction`, `EntryRequest`).
///
/// A new feature is one line in `all` and its package's import above (`modules new feature NAME` adds both); a
/// feature whose entry asks other entries for something adds a case to `resolve(_:)`.
@MainActor
public enum AppEntries {
    /// Every entry, in the order help lists their commands. The list is left unformatted so that its trailing comma
    /// stays with one entry: `modules new feature` adds a line before `]`.
    // swift-format-ignore
    public static let all: [any FeatureEntry.Type] = [
        FeedEntry.self,
        SearchEntry.self,
        ListsEntry.self,
        CheckoutEntry.self,
        AccountEntry.self,
    ]

    /// The descriptors of `entries`, in their order.
    public static func descriptors(_ entries: [any FeatureEntry.Type] = all) -> [FeatureDescriptor] {
        entries.map { $0.descriptor }
    }

    /// The navigation map: what one entry asks for (its `Outgoing` value) as what the App does, usually opening
    /// another entry's destination; nil for a request no case here knows (it is logged and dropped).
    static func resolve(_ request: EntryRequest) -> FeatureIntent? {
        switch request.value {
        case let feed as FeedOutgoing:
            switch feed {
            case .showProduct(let id): return .open(SearchDestination.product(id).route)
            }
        default:
            return nil
        }
    }

    /// The sign-in screen, which the App shows in front of whatever needs a signed-in user.
    static var signIn: Route { AccountDestination.signIn.route }

    /// Provides to `capabilities` what only the App can make for the entries: the session and what it knows about
    /// the sign-in in progress (Account's), and the server configuration's shipping options and the
    /// `express_shipping` flag as known now (Checkout's).
    static func provideAppCapabilities(to capabilities: EntryCapabilities, from app: AppCapabilitySources) {
        let state = app.state
        let flagService = app.flagService
        capabilities.provide(
            AccountServices(
                feature: app.account, signInMessages: { state.lastCartMerge }, signInPrompt: app.signInPrompt))
        capabilities.provide(
            CheckoutSettings(
                knownShippingOptions: { state.remoteConfig?.shippingOptions ?? [] },
                currentShippingOptions: {
                    let config = await flagService.currentConfig()
                    if let config { state.remoteConfig = config }
                    return config?.shippingOptions ?? state.remoteConfig?.shippingOptions ?? []
                },
                isExpressShippingOn: { state.flags.isOn(CheckoutEntry.expressShippingFlag) }))
    }
}

/// What the App's own capabilities are made from.
struct AppCapabilitySources {
    /// The session.
    let account: AccountFeature
    /// What the run has learned (the configuration, the flags, the last cart merge).
    let state: AppRunState
    /// The server's configuration.
    let flagService: FeatureFlagService
    /// Why sign-in is asked for now (the router's parked prompt).
    let signInPrompt: @MainActor @Sendable () -> String?
}

import Models

/// The screens of one entry as a Swift type: an enum with one case per screen, its ids as typed values
/// (`case post(PostID)`). The entry builds, prints and links its screens from this type only; the App sees each as
/// the erased `Route` (stored on the tabs' paths, written as a deep link) and turns it back with `init(route:)`.
///
/// The strings of an entry's screens (`storefront://post/ID`) are written once, in `patterns`, and read and written
/// only by `init(route:)` and `route`, the one place per entry that parses and prints them.
public protocol EntryDestination: Hashable, Sendable {
    /// Every kind of screen, as deep links show them; `FeatureDescriptor.routes` of the entry.
    static var patterns: [RoutePattern] { get }

    /// The destination of `route`; nil when `route` belongs to another entry or fits none of `patterns`.
    init?(route: Route)

    /// The erased form: what the App stores and links.
    var route: Route { get }

    /// What the screen shows that other entries may add actions to (a product page shows a product); nil by default.
    var subject: ScreenSubject? { get }
}

extension EntryDestination {
    /// By default a screen offers nothing to other entries.
    public var subject: ScreenSubject? { nil }
}

/// What a screen is about, in the shared vocabulary of Models' ids, so that an entry can add an action to another
/// entry's screen without naming it ("add to list" on whatever screen shows one product).
public enum ScreenSubject: Hashable, Sendable {
    /// One product.
    case product(ProductID)
}

/// The actions of one entry as a Swift type (`case like(PostID)`): what can be parked behind sign-in, or triggered by
/// a key the entry added to another entry's screen, and delivered later to `FeatureEntry.perform(_:)`.
///
/// The parked form (`EntryAction`: entry, name, ids) is the edge: it is what waits behind sign-in and what
/// earlier versions wrote to disk, so `init(parked:)` reads every form this entry ever wrote.
public protocol EntryActionSet: Hashable, Sendable {
    /// The action a parked form names; nil when it names another entry's action or none of this entry's.
    init?(parked: EntryAction)

    /// The parked form.
    var parked: EntryAction { get }
}

/// The actions of an entry that has none.
public enum NoActions: EntryActionSet {
    /// None: every parked form is refused.
    public init?(parked: EntryAction) { nil }

    /// Unreachable: there is no value of this type.
    public var parked: EntryAction {
        switch self {}
    }
}

/// What an entry asks of the rest of the app, erased (its `Outgoing` value): the App's navigation map turns it into
/// another entry's destination or action (`AppEntries` in the App), the one place where entries meet.
public struct EntryRequest: Hashable, Sendable, CustomStringConvertible {
    /// The entry's own value (`FeedEntry.Outgoing.showProduct("sku_1")`).
    public let value: any Hashable & Sendable

    /// Wraps one of an entry's outgoing values.
    public init<Request: Hashable & Sendable>(_ value: Request) {
        self.value = value
    }

    /// Whether both wrap equal values of the same type.
    public static func == (lhs: EntryRequest, rhs: EntryRequest) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) {
        AnyHashable(value).hash(into: &hasher)
    }

    /// The wrapped value as Swift prints it.
    public var description: String { "\(value)" }
}

/// A tab an entry asks for in the full-screen app: the App draws one tab per declaration, in `order`, and gives the
/// first nine the digit keys `1`–`9` (and Alt-1 to Alt-9) in that order; a tab past the ninth has no digit key.
public struct EntryTab: Hashable, Sendable {
    /// The tab's title in the tab bar (`Cart`).
    public let title: String
    /// A stable identifier, unique among tabs (`cart`): what tests and logs name the tab by.
    public let key: String
    /// Where it goes among the tabs: lower first; equal orders keep registration order.
    public let order: Int
    /// The tab's first screen (a route of the declaring entry).
    public let root: Route

    /// Creates a tab.
    public init(title: String, key: String, order: Int, root: Route) {
        self.title = title
        self.key = key
        self.order = order
        self.root = root
    }

    /// Whether `route` is this tab's first screen (a search with any query is the Search tab's root).
    public func isRoot(_ route: Route) -> Bool {
        root.feature == route.feature && root.screen == route.screen && root.ids == route.ids
    }
}

/// A key of the full-screen app's own that opens one of the entry's screens from anywhere (`/` search, `o` orders),
/// for keys the screen on top left alone. The App lists them in help.
public struct EntryShortcut: Hashable, Sendable {
    /// The key, a printable character without modifiers.
    public let key: Character
    /// What it does, for help (`your orders`).
    public let title: String
    /// The screen it opens; a tab's first screen selects that tab where the user left it.
    public let route: Route
    /// Whether the key bar at the bottom of every screen shows it (besides help).
    public let isInKeyBar: Bool

    /// Creates a shortcut.
    public init(key: Character, title: String, route: Route, isInKeyBar: Bool = false) {
        self.key = key
        self.title = title
        self.route = route
        self.isInKeyBar = isInKeyBar
    }
}

/// Something an entry says about its state that the App shows in the status line.
public enum EntryStatus: Hashable, Sendable {
    /// The entry shows saved copies because the server cannot be reached: the status line says "offline".
    case offline
}

/// How long an entry lives: with one account's data (rebuilt at every sign-in and sign-out), or as long as the app
/// (over the session that outlasts every account).
public enum EntryLifetime: Hashable, Sendable {
    /// Built for each account scope over that account's context.
    case account
    /// Built once, over the context of the account in use at launch.
    case app
}

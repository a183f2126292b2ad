/// A screen of the app as a value made of ids only: which entry owns it, which of its screens, the ids it shows and
/// its text parameters. A route can be stored, compared, written as a deep link and rebuilt on a cold start,
/// because the owning entry builds its screen from these values alone.
///
/// A route is the erased form of an entry's `Destination` (its own enum of screens): the App stores routes on the
/// tabs' paths and writes them as deep links, and only the owning entry turns one back into its destination. A
/// feature package adds screens by adding cases and `RoutePattern`s to its own destination, never by editing the App. The deep link of a route is `storefront://<screen>/<id>/…?<parameter>=…` (see `DeepLink` in the App).
public struct Route: Hashable, Sendable, CustomStringConvertible {
    /// The name of the entry that owns the route (`FeatureDescriptor.name`), such as `search`.
    public let feature: String
    /// The screen's name: the first part of its deep link, such as `product` (unique together with the number of
    /// ids across every entry).
    public let screen: String
    /// The ids the screen shows, in the pattern's order (`["sku_12"]`).
    public let ids: [String]
    /// Named text parameters (a search query: `["q": "leather"]`); only those the pattern declares.
    public let parameters: [String: String]

    /// Creates a route.
    ///
    /// - Parameters:
    ///   - feature: The owning entry's name.
    ///   - screen: The screen's name.
    ///   - ids: The ids, in the pattern's order.
    ///   - parameters: Named text parameters.
    public init(feature: String, screen: String, ids: [String] = [], parameters: [String: String] = [:]) {
        self.feature = feature
        self.screen = screen
        self.ids = ids
        self.parameters = parameters
    }

    /// The id at `index`, or an empty string when the route has fewer ids (a pattern's screen builder reads its own
    /// ids, so this only matters for a malformed route).
    public func id(_ index: Int) -> String {
        ids.indices.contains(index) ? ids[index] : ""
    }

    /// The parameter `name`, or an empty string when it is absent.
    public func parameter(_ name: String) -> String {
        parameters[name] ?? ""
    }

    /// A short name for logs and the status line (`product sku_12`), with ids but no user text.
    public var logDescription: String {
        ([screen] + ids).joined(separator: " ")
    }

    /// The same as `logDescription`.
    public var description: String { logDescription }
}

/// One kind of screen an entry owns: its name, the ids it is built from, its text parameters, and whether it needs a
/// signed-in user. The App's deep-link parser matches a link against every registered pattern; exactly one may fit.
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    /// The owning entry's name.
    public let feature: String
    /// The screen's name, the first part of the deep link.
    public let screen: String
    /// What each id is, in order, as help shows it (`["ID"]`); the pattern matches links with exactly this many.
    public let idNames: [String]
    /// The query parameters the screen reads (`["q"]`); others are ignored.
    public let parameterNames: [String]
    /// Why sign-in is asked for when the screen needs a signed-in user (`Sign in to check out.`), or nil when it
    /// does not: opened while signed out, it is parked behind the sign-in screen, which shows this.
    public let signInPrompt: String?
    /// One line for help and `storefront open --help`: what the screen shows.
    public let summary: String
    /// Whether the screen opens on the tab the user is on (a product page seen from the feed stays on the Feed tab)
    /// instead of its entry's own tab.
    public let opensInPlace: Bool

    /// Creates a pattern.
    public init(
        feature: String, screen: String, idNames: [String] = [], parameterNames: [String] = [],
        signInPrompt: String? = nil, summary: String, opensInPlace: Bool = false
    ) {
        self.opensInPlace = opensInPlace
        self.feature = feature
        self.screen = screen
        self.idNames = idNames
        self.parameterNames = parameterNames
        self.signInPrompt = signInPrompt
        self.summary = summary
    }

    /// Whether the screen needs a signed-in user.
    public var requiresSignIn: Bool { signInPrompt != nil }

    /// Whether `route` is one of this pattern's routes.
    public func matches(_ route: Route) -> Bool {
        route.feature == feature && route.screen == screen && route.ids.count == idNames.count
    }

    /// The route of this pattern for `ids` and `parameters` (parameters the pattern does not declare, and empty
    /// ones, are dropped: `search?q=` is the same route as `search`).
    public func route(ids: [String] = [], parameters: [String: String] = [:]) -> Route {
        Route(
            feature: feature, screen: screen, ids: ids,
            parameters: parameters.filter { parameterNames.contains($0.key) && !$0.value.isEmpty })
    }

    /// The link template: `storefront://product/ID`, `storefront://search?q=…`.
    public var linkTemplate: String {
        var text = "storefront://" + ([screen] + idNames).joined(separator: "/")
        if !parameterNames.isEmpty {
            text += "?" + parameterNames.map { "\($0)=…" }.joined(separator: "&")
        }
        return text
    }

    /// The link template.
    public var description: String { linkTemplate }
}

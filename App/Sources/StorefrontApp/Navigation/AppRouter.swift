import FeatureKit
import Observation

/// The navigation state of the interactive app and the one place that decides what comes next.
///
/// Each tab has a path of routes, its first screen at the bottom; the top of the selected tab's path is on screen.
/// Features only report intents (a product was opened, an order was placed); the App's dispatcher turns them into
/// calls here. A route that needs a signed-in user, opened while signed out, is parked: the sign-in screen is pushed
/// in its place, and `didSignIn()` opens the parked route. An intent that needs sign-in (a like) is parked the same
/// way and handed back by `didSignIn()` for the App to deliver once. Leaving the sign-in screen (`back()`) drops
/// what was parked.
@MainActor
@Observable
public final class AppRouter {
    /// The tabs, in the order they are shown (the entries' `EntryTab`s by order).
    public let tabs: [EntryTab]
    /// The tab on screen (its key).
    public private(set) var selectedTab: TabID
    /// Each tab's path, its first screen first.
    public private(set) var paths: [TabID: [Route]]
    /// What waits for a sign-in (a route to open, or an intent to deliver), if anything.
    public private(set) var parked: FeatureIntent?
    /// Why sign-in is asked for, while something is parked (`Sign in to like posts.`).
    public private(set) var parkedPrompt: String?

    /// The route waiting for a sign-in, if that is what is parked.
    public var parkedRoute: Route? {
        if case .open(let route) = parked { return route }
        return nil
    }

    /// The sign-in screen.
    public let signInRoute: Route
    @ObservationIgnored private let isSignedIn: @MainActor () -> Bool
    @ObservationIgnored private let pattern: @MainActor (Route) -> RoutePattern?

    /// Creates a router showing the first tab.
    ///
    /// - Parameters:
    ///   - tabs: The tabs in the order they are shown (`FeatureRegistry.tabs`; at least one).
    ///   - signInRoute: The sign-in screen, shown in front of what needs a signed-in user.
    ///   - isSignedIn: Whether a user is signed in now (the account feature's state).
    ///   - pattern: The registered pattern of a route (its sign-in prompt, whether it opens in place), or nil.
    public init(
        tabs: [EntryTab], signInRoute: Route, isSignedIn: @escaping @MainActor () -> Bool,
        pattern: @escaping @MainActor (Route) -> RoutePattern?
    ) {
        self.tabs = tabs
        self.signInRoute = signInRoute
        self.isSignedIn = isSignedIn
        self.pattern = pattern
        selectedTab = TabID(tabs.first?.key ?? "")
        paths = Dictionary(uniqueKeysWithValues: tabs.map { (TabID($0.key), [$0.root]) })
    }

    /// The keys of the tabs, in order.
    public var tabIDs: [TabID] { tabs.map { TabID($0.key) } }

    /// The tab of `id`, if there is one.
    public func tab(_ id: TabID) -> EntryTab? {
        tabs.first { $0.key == id.key }
    }

    /// The route on screen.
    public var currentRoute: Route {
        path(of: selectedTab).last ?? signInRoute
    }

    /// The path of `tab`.
    public func path(of tab: TabID) -> [Route] {
        paths[tab] ?? self.tab(tab).map { [$0.root] } ?? []
    }

    /// Whether `route` is a sign-in screen (with or without a prompt).
    public func isSignIn(_ route: Route) -> Bool {
        route.feature == signInRoute.feature && route.screen == signInRoute.screen
    }

    /// The tab whose first screen `route` is (a search with any query is the Search tab's), or nil.
    public func tab(rootedAt route: Route) -> TabID? {
        tabs.first { $0.isRoot(route) }.map { TabID($0.key) }
    }

    /// The tab a route opens in when it is not opened in place: the first tab of its entry, or nil (the selected
    /// tab) for an entry without a tab.
    public func home(of route: Route) -> TabID? {
        tabs.first { $0.root.feature == route.feature }.map { TabID($0.key) }
    }

    /// Shows `tab` where the user left it.
    public func select(_ tab: TabID) {
        guard paths[tab] != nil else { return }
        selectedTab = tab
    }

    /// Opens `route`: a tab's first screen selects the tab and goes back to it (a search with a query replaces the
    /// query); a route whose pattern opens in place (a product) is pushed on the selected tab; any other route is
    /// pushed on its home tab. A route that needs sign-in while signed out is parked behind the sign-in screen.
    public func open(_ route: Route) {
        if let tab = tab(rootedAt: route) {
            selectedTab = tab
            paths[tab] = [route]
            return
        }
        let pattern = pattern(route)
        let tab = pattern?.opensInPlace == true ? selectedTab : home(of: route) ?? selectedTab
        selectedTab = tab
        if let prompt = pattern?.signInPrompt, !isSignedIn() {
            park(.open(route), prompt: prompt)
            push(signInRoute, on: tab)
            return
        }
        push(route, on: tab)
    }

    /// Parks `route` for after the next sign-in and shows the sign-in screen.
    public func requireSignIn(thenOpen route: Route) {
        requireSignIn(prompt: pattern(route)?.signInPrompt, thenDeliver: .open(route))
    }

    /// Parks `intent` for after the next sign-in and shows the sign-in screen with `prompt` over the screen the
    /// intent was made on (a like parks the like; the screen stays where it is).
    public func requireSignIn(prompt: String?, thenDeliver intent: FeatureIntent) {
        park(intent, prompt: prompt)
        push(signInRoute, on: selectedTab)
    }

    /// Goes back one screen on the selected tab; returns false at the tab's first screen. Leaving the sign-in screen
    /// drops the parked route.
    @discardableResult
    public func back() -> Bool {
        var path = path(of: selectedTab)
        guard path.count > 1 else { return false }
        let left = path.removeLast()
        paths[selectedTab] = path
        if isSignIn(left) {
            park(nil, prompt: nil)
        }
        return true
    }

    /// Replaces the screen on top of the selected tab (the checkout becomes its order's confirmation).
    public func replaceTop(with route: Route) {
        var path = path(of: selectedTab)
        if path.count > 1 {
            path.removeLast()
        }
        paths[selectedTab] = path
        push(route, on: selectedTab)
    }

    /// Removes `route` wherever it is above a tab's first screen (a finished checkout).
    public func remove(_ route: Route) {
        for tab in tabIDs {
            let path = path(of: tab)
            guard let first = path.first else { continue }
            paths[tab] = [first] + path.dropFirst().filter { $0 != route }
        }
    }

    /// A user signed in: the sign-in screens go, and a parked route opens.
    ///
    /// - Returns: A parked intent that is not a route (a like), for the App to deliver once; nil otherwise.
    @discardableResult
    public func didSignIn() -> FeatureIntent? {
        removeEverywhere { isSignIn($0) }
        guard let intent = parked else { return nil }
        park(nil, prompt: nil)
        if case .open(let route) = intent {
            open(route)
            return nil
        }
        return intent
    }

    /// The user is signed out: screens that need sign-in go, and whatever was parked is dropped.
    public func didSignOut() {
        park(nil, prompt: nil)
        removeEverywhere { pattern($0)?.signInPrompt != nil }
    }

    // MARK: - Private

    private func park(_ intent: FeatureIntent?, prompt: String?) {
        parked = intent
        parkedPrompt = intent == nil ? nil : prompt
    }

    private func push(_ route: Route, on tab: TabID) {
        var path = path(of: tab)
        if path.last == route { return }
        path.removeAll { isSignIn($0) && isSignIn(route) }
        path.append(route)
        paths[tab] = path
    }

    private func removeEverywhere(_ shouldRemove: (Route) -> Bool) {
        for tab in tabIDs {
            let path = path(of: tab)
            guard let first = path.first else { continue }
            paths[tab] = [first] + path.dropFirst().filter { !shouldRemove($0) }
        }
    }
}

/// A tab of the full-screen app, by the key its entry declared (`EntryTab.key`: `cart`).
public struct TabID: Hashable, Sendable, CustomStringConvertible {
    /// The declared key.
    public let key: String

    /// The tab of `key`.
    public init(_ key: String) {
        self.key = key
    }

    /// The key.
    public var description: String { key }
}

import FeatureKit
import Observation
import Search

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
    /// The tab on screen.
    public private(set) var selectedTab: Tab = .feed
    /// Each tab's path, its first screen first.
    public private(set) var paths: [Tab: [Route]] = Dictionary(
        uniqueKeysWithValues: Tab.allCases.map { ($0, [$0.rootRoute]) })
    /// What waits for a sign-in (a route to open, or an intent to deliver), if anything.
    public private(set) var parked: FeatureIntent?
    /// Why sign-in is asked for, while something is parked (`Sign in to like posts.`).
    public private(set) var parkedPrompt: String?

    /// The route waiting for a sign-in, if that is what is parked.
    public var parkedRoute: Route? {
        if case .open(let route) = parked { return route }
        return nil
    }

    @ObservationIgnored private let isSignedIn: @MainActor () -> Bool
    @ObservationIgnored private let signInPrompt: @MainActor (Route) -> String?

    /// Creates a router showing the feed.
    ///
    /// - Parameters:
    ///   - isSignedIn: Whether a user is signed in now (the account feature's state).
    ///   - signInPrompt: For a route that needs a signed-in user, why sign-in is asked for; nil for a route that
    ///     does not need one (from the registered route patterns).
    public init(
        isSignedIn: @escaping @MainActor () -> Bool, signInPrompt: @escaping @MainActor (Route) -> String?
    ) {
        self.isSignedIn = isSignedIn
        self.signInPrompt = signInPrompt
    }

    /// The route on screen.
    public var currentRoute: Route {
        path(of: selectedTab).last ?? selectedTab.rootRoute
    }

    /// The path of `tab`.
    public func path(of tab: Tab) -> [Route] {
        paths[tab] ?? [tab.rootRoute]
    }

    /// Shows `tab` where the user left it.
    public func select(_ tab: Tab) {
        selectedTab = tab
    }

    /// Opens `route`: a tab's first screen selects the tab and goes back to it (a search with a query replaces the
    /// query); any other route is pushed on its home tab, except a product, which stays on the Feed or Search tab it
    /// was opened from. A route that needs sign-in while signed out is parked behind the sign-in screen.
    public func open(_ route: Route) {
        if let tab = Tab.rooted(at: route) {
            selectedTab = tab
            paths[tab] = [route]
            return
        }
        var tab = Tab.home(of: route) ?? selectedTab
        if SearchEntry.productPattern.matches(route), selectedTab == .feed {
            tab = .feed
        }
        selectedTab = tab
        if let prompt = signInPrompt(route), !isSignedIn() {
            park(.open(route), prompt: prompt)
            push(.signIn, on: tab)
            return
        }
        push(route, on: tab)
    }

    /// Parks `route` for after the next sign-in and shows the sign-in screen.
    public func requireSignIn(thenOpen route: Route) {
        requireSignIn(prompt: signInPrompt(route), thenDeliver: .open(route))
    }

    /// Parks `intent` for after the next sign-in and shows the sign-in screen with `prompt` over the screen the
    /// intent was made on (a like parks the like; the screen stays where it is).
    public func requireSignIn(prompt: String?, thenDeliver intent: FeatureIntent) {
        park(intent, prompt: prompt)
        push(.signIn, on: selectedTab)
    }

    /// Goes back one screen on the selected tab; returns false at the tab's first screen. Leaving the sign-in screen
    /// drops the parked route.
    @discardableResult
    public func back() -> Bool {
        var path = path(of: selectedTab)
        guard path.count > 1 else { return false }
        let left = path.removeLast()
        paths[selectedTab] = path
        if left.isSignIn {
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
        for tab in Tab.allCases {
            let path = path(of: tab)
            paths[tab] = [path[0]] + path.dropFirst().filter { $0 != route }
        }
    }

    /// A user signed in: the sign-in screens go, and a parked route opens.
    ///
    /// - Returns: A parked intent that is not a route (a like), for the App to deliver once; nil otherwise.
    @discardableResult
    public func didSignIn() -> FeatureIntent? {
        removeEverywhere { $0.isSignIn }
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
        removeEverywhere { signInPrompt($0) != nil }
    }

    // MARK: - Private

    private func park(_ intent: FeatureIntent?, prompt: String?) {
        parked = intent
        parkedPrompt = intent == nil ? nil : prompt
    }

    private func push(_ route: Route, on tab: Tab) {
        var path = path(of: tab)
        if path.last == route { return }
        path.removeAll { $0.isSignIn && route.isSignIn }
        path.append(route)
        paths[tab] = path
    }

    private func removeEverywhere(_ shouldRemove: (Route) -> Bool) {
        for tab in Tab.allCases {
            let path = path(of: tab)
            paths[tab] = [path[0]] + path.dropFirst().filter { !shouldRemove($0) }
        }
    }
}

import Observation

/// The navigation state of the interactive app and the one place that decides what comes next.
///
/// Each tab has a path of routes, its first screen at the bottom; the top of the selected tab's path is on screen.
/// Features only report events (a product was opened, an order was placed); the App's wiring turns them into calls
/// here. A route that needs a signed-in user, opened while signed out, is parked: the sign-in screen is pushed in
/// its place, and `didSignIn()` opens the parked route. Leaving the sign-in screen (`back()`) drops it.
@MainActor
@Observable
public final class AppRouter {
    /// The tab on screen.
    public private(set) var selectedTab: Tab = .feed
    /// Each tab's path, its first screen first.
    public private(set) var paths: [Tab: [Route]] = Dictionary(
        uniqueKeysWithValues: Tab.allCases.map { ($0, [$0.rootRoute]) })
    /// The route waiting for a sign-in, if any.
    public private(set) var parkedRoute: Route?

    @ObservationIgnored private let isSignedIn: @MainActor () -> Bool

    /// Creates a router showing the feed.
    ///
    /// - Parameter isSignedIn: Whether a user is signed in now (the account feature's state).
    public init(isSignedIn: @escaping @MainActor () -> Bool) {
        self.isSignedIn = isSignedIn
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
        if route.isTabRoot {
            selectedTab = route.homeTab
            paths[route.homeTab] = [route]
            return
        }
        var tab = route.homeTab
        if case .product = route, selectedTab == .feed {
            tab = .feed
        }
        if route == .signIn || route == .account {
            tab = selectedTab
        }
        selectedTab = tab
        if route.requiresSignIn, !isSignedIn() {
            parkedRoute = route
            push(.signIn, on: tab)
            return
        }
        push(route, on: tab)
    }

    /// Parks `route` for after the next sign-in and shows the sign-in screen (an action that needs sign-in, such as
    /// a like, parks the screen it was made on).
    public func requireSignIn(thenOpen route: Route) {
        parkedRoute = route
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
        if left == .signIn {
            parkedRoute = nil
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

    /// A user signed in: the sign-in screens go, and the parked route opens.
    public func didSignIn() {
        removeEverywhere { $0 == .signIn }
        if let parked = parkedRoute {
            parkedRoute = nil
            open(parked)
        }
    }

    /// The user is signed out: screens that need sign-in go, and a parked route is dropped.
    public func didSignOut() {
        parkedRoute = nil
        removeEverywhere { $0.requiresSignIn }
    }

    // MARK: - Private

    private func push(_ route: Route, on tab: Tab) {
        var path = path(of: tab)
        if path.last == route { return }
        path.removeAll { $0 == route && $0 == .signIn }
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

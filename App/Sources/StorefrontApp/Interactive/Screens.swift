import DesignSystem
import FeatureKit
import Foundation
import TerminalUI

/// The screens of the routes on the tabs' paths: each built once, by the entry that owns its route, from the
/// route's ids; kept while its route is on a path (so a screen keeps its selection and scroll position under the
/// screens pushed over it), and released when its route leaves the paths or the account changes. A screen holds
/// what it shows (a checkout screen its flow's coordinator), so that goes with it.
@MainActor
final class Screens {
    private struct Key: Hashable {
        let tab: TabID
        let depth: Int
        let route: Route
    }

    private let dependencies: AppDependencies
    private let theme: Theme
    private let keyMap: KeyMap
    private var screens: [Key: any TerminalView] = [:]
    /// The hints of the keys other entries add to the screen on top (set by the shell; asked at each render).
    var contributedHints: @MainActor () -> [KeyHelpItem] = { [] }

    /// Creates an empty cache; screens are built with the keys of `keyMap`.
    init(dependencies: AppDependencies, theme: Theme, keyMap: KeyMap) {
        self.dependencies = dependencies
        self.theme = theme
        self.keyMap = keyMap
    }

    /// The screen on top of the selected tab, built when it is new.
    func current() -> any TerminalView {
        let router = dependencies.router
        let path = router.path(of: router.selectedTab)
        let key = Key(tab: router.selectedTab, depth: path.count - 1, route: router.currentRoute)
        if let screen = screens[key] { return screen }
        let screen = makeScreen(for: key.route)
        screens[key] = screen
        return screen
    }

    /// Forgets the screens whose routes left the paths.
    func prune() {
        let router = dependencies.router
        var live: Set<Key> = []
        for tab in router.tabIDs {
            for (depth, route) in router.path(of: tab).enumerated() {
                live.insert(Key(tab: tab, depth: depth, route: route))
            }
        }
        screens = screens.filter { live.contains($0.key) }
    }

    /// Forgets every screen (the account changed: the screens belong to the old account's features).
    func removeAll() {
        screens = [:]
    }

    /// The number of screens kept (for tests of their release).
    var count: Int { screens.count }

    // MARK: - Private

    private func makeScreen(for route: Route) -> any TerminalView {
        let hints = contributedHints
        let context = ScreenContext(theme: theme, keyMap: keyMap, contributedHints: { hints() })
        return dependencies.entry(named: route.feature)?.makeScreen(at: route, context: context)
            ?? MissingScreen(route: route, theme: theme)
    }
}

/// What shows for a route no registered entry owns (a route kept from an entry that is gone): a message, never a
/// crash.
@MainActor
private final class MissingScreen: TerminalView {
    private let route: Route
    private let theme: Theme

    init(route: Route, theme: Theme) {
        self.route = route
        self.theme = theme
    }

    func render(size: TerminalSize) -> [StyledLine] {
        Text("There is no screen for \(route.logDescription) in this version.").render(
            width: size.columns, theme: theme)
    }

    func handle(_ key: KeyEvent) -> KeyHandling { .ignored }
}

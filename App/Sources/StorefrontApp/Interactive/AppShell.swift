import DesignSystem
import FeatureKit
import Foundation
import TerminalUI

/// The root view of the full-screen app: the tab bar (the tabs the entries declared, each with its entry's badge) on
/// top, the selected tab's screen in the middle, the status line (who is signed in, offline when an entry says so,
/// waiting for the server, the last notice) and the global keys at the bottom, and the help over everything while it
/// is open.
///
/// Keys go to the screen first; then to the actions other entries contribute to the screen's route; the keys left
/// are the shell's (see `AppKeys`). Escape and Backspace go back; `q` quits (returned as ignored, so the run loop
/// stops).
@MainActor
public final class AppShell: TerminalView {
    /// Whether the help is shown over the screen.
    private(set) var isShowingHelp = false

    private let dependencies: AppDependencies
    private let theme: Theme
    private let screens: Screens
    private let keys: AppKeys

    /// Creates the shell over the graph.
    public init(dependencies: AppDependencies, theme: Theme) {
        self.dependencies = dependencies
        self.theme = theme
        self.screens = Screens(dependencies: dependencies, theme: theme)
        self.keys = AppKeys(
            tabTitles: dependencies.router.tabs.map(\.title), shortcuts: dependencies.registry.shortcuts)
    }

    /// Forgets the screens of the previous account (called when the account-scoped graph changes).
    func accountChanged() {
        screens.removeAll()
    }

    /// The number of screens kept.
    var screenCount: Int { screens.count }

    // MARK: - TerminalView

    /// The whole screen for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        let width = size.columns
        let header = headerLines(width: width)
        let footer = footerLines(width: width)
        let bodyRows = max(size.rows - header.count - footer.count, 0)
        let body: [StyledLine]
        if isShowingHelp {
            let screen = screens.current()
            body = HelpScreen.lines(
                keys: keys, screenKeys: screen.keyHelp,
                contributed: contributions.map { KeyHelpItem(key: String($0.key), action: $0.title) },
                isEditingText: screen.isEditingText, width: width, theme: theme)
        } else {
            screens.prune()
            let problem = dependencies.state.diskFull.map {
                Banner(.error, message: $0).render(width: width, theme: theme)
            }
            let screenRows = max(bodyRows - (problem?.count ?? 0), 0)
            body = (problem ?? []) + screens.current().render(size: TerminalSize(columns: width, rows: screenRows))
        }
        var lines = header + Array(body.prefix(bodyRows))
        lines += Array(repeating: StyledLine(), count: max(bodyRows - min(body.count, bodyRows), 0))
        return Array((lines + footer).prefix(size.rows))
    }

    /// Routes a key: the help, the keys that work everywhere, the screen, then the shell's own keys.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if isShowingHelp {
            isShowingHelp = false
            return .handled
        }
        dependencies.notice = nil
        if let command = keys.beforeScreen(key) {
            return perform(command)
        }
        let screen = screens.current()
        if screen.handle(key) == .handled {
            return .handled
        }
        if let contributed = contribution(for: key) {
            dependencies.handle(.perform(contributed.action))
            return .handled
        }
        if let arrow = AppKeys.arrow(for: key), screen.handle(arrow) == .handled {
            return .handled
        }
        guard let command = keys.afterScreen(key) else { return .handled }
        return perform(command)
    }

    // MARK: - Private

    private func perform(_ command: AppKeys.Command) -> KeyHandling {
        let router = dependencies.router
        switch command {
        case .quit:
            return .ignored
        case .help:
            isShowingHelp = true
        case .select(let index):
            let tabs = router.tabIDs
            if tabs.indices.contains(index) { router.select(tabs[index]) }
        case .nextTab(let step):
            let tabs = router.tabIDs
            guard let current = tabs.firstIndex(of: router.selectedTab) else { break }
            router.select(tabs[(current + step % tabs.count + tabs.count) % tabs.count])
        case .back:
            router.back()
        case .open(let route):
            // A tab's first screen shows that tab where the user left it.
            if let tab = router.tab(rootedAt: route) {
                router.select(tab)
            } else {
                router.open(route)
            }
        }
        return .handled
    }

    /// The actions entries other than the owner contribute to the screen on top, from what the screen is about.
    var contributions: [ScreenAction] {
        let route = dependencies.router.currentRoute
        guard let subject = dependencies.entry(named: route.feature)?.subject(of: route) else { return [] }
        return dependencies.entries.filter { $0.name != route.feature }.flatMap { $0.contributions(to: subject) }
    }

    /// The contributed action bound to `key` on the screen on top, if any.
    private func contribution(for key: KeyEvent) -> ScreenAction? {
        guard key.modifiers.isEmpty, case .character(let character) = key.key else { return nil }
        return contributions.first { $0.key == character }
    }

    private func headerLines(width: Int) -> [StyledLine] {
        let router = dependencies.router
        let titles = router.tabs.map { tab in
            dependencies.entry(named: tab.root.feature)?.badge.map { "\(tab.title) (\($0))" } ?? tab.title
        }
        let title = StyledLine("Storefront ", style: .text(.title))
        let selected = router.tabIDs.firstIndex(of: router.selectedTab) ?? 0
        let bar = TabBar(tabs: titles, selectedIndex: selected)
            .render(width: max(width - title.width, 0), theme: theme)
        return [(title + (bar.first ?? StyledLine())).clipped(toWidth: width)]
    }

    private func footerLines(width: Int) -> [StyledLine] {
        var parts: [String] = []
        let account = dependencies.account
        if let user = account.current.user {
            parts.append("Signed in as \(user.name)")
        } else {
            parts.append("Guest")
        }
        if dependencies.entries.contains(where: { $0.statuses.contains(.offline) }) {
            parts.append("offline")
        }
        if account.activity != .idle {
            parts.append(account.activity == .signingIn ? "signing in…" : "signing out…")
        }
        if dependencies.serverWait.isWaiting {
            parts.append("waiting for the server…")
        }
        let separator = " \(theme.symbols.separator) "
        var status = StyledLine(parts.joined(separator: separator), style: .text(.caption))
        if let notice = dependencies.notice {
            status.append(
                StyledLine(
                    separator + notice.text, style: notice.isError ? .color(.danger) : .text(.caption)))
        }
        let hints = KeyHints(
            [
                KeyHint(key: "1-\(min(dependencies.router.tabs.count, AppKeys.digitTabs))", action: "tabs"),
                KeyHint(key: "esc", action: "back"),
            ]
                + dependencies.registry.shortcuts.filter(\.isInKeyBar).map {
                    KeyHint(key: String($0.key), action: $0.title)
                } + [
                    KeyHint(key: "?", action: "help"), KeyHint(key: "q", action: "quit"),
                ]
        ).render(width: width, theme: theme)
        return [status.truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)] + hints
    }
}

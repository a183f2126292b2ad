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
/// are the shell's (see `AppKeys`, on the keys `keyMap` gives them). Escape goes back; `q` quits (returned as
/// ignored, so the run loop stops). While the help is open the scroll keys and the wheel scroll it and any other
/// key closes it.
///
/// Mouse reports (when the session asks for them): a press on a tab selects it; a press on a hint of the footer
/// (the screen's or the App's) presses its key, so each hint is a button; everything else over the screen goes to
/// the screen, with its position relative to the screen's top, and a wheel step the screen leaves alone moves as
/// ↑ or ↓ would.
@MainActor
public final class AppShell: TerminalView {
    /// Whether the help is shown over the screen.
    private(set) var isShowingHelp = false

    private let dependencies: AppDependencies
    private let theme: Theme
    private let screens: Screens
    private let keys: AppKeys
    /// Where the help is scrolled, and what it showed last.
    private var helpScroll = ScrollState()
    private let helpLayout = ScrollLayoutBox()
    /// The rows of the header and of the screen in the last frame, and its size, for mouse reports.
    private var lastFrame = (header: 0, screenRows: 0, size: TerminalSize(columns: 0, rows: 0))

    /// Creates the shell over the graph, with the keys of `keyMap` (`keys.json` applied).
    public init(dependencies: AppDependencies, theme: Theme, keyMap: KeyMap = .defaults) {
        self.dependencies = dependencies
        self.theme = theme
        let keys = AppKeys(
            tabTitles: dependencies.router.tabs.map(\.title), shortcuts: dependencies.registry.shortcuts,
            keyMap: keyMap)
        self.keys = keys
        self.screens = Screens(dependencies: dependencies, theme: theme, keyMap: keyMap)
        screens.contributedHints = { [weak self] in self?.contributedHints ?? [] }
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
            let content = HelpScreen.content(
                keys: keys, screenKeys: screen.keyHelp, contributed: contributedHints,
                isEditingText: screen.isEditingText)
            let layout = ScrollView(content, height: bodyRows, state: helpScroll).layout(width: width, theme: theme)
            helpLayout.layout = layout
            body = layout.lines
        } else {
            screens.prune()
            let problem = dependencies.state.diskFull.map {
                Banner(.error, message: $0).render(width: width, theme: theme)
            }
            let screenRows = max(bodyRows - (problem?.count ?? 0), 0)
            body = (problem ?? []) + screens.current().render(size: TerminalSize(columns: width, rows: screenRows))
        }
        lastFrame = (header.count, bodyRows, size)
        var lines = header + Array(body.prefix(bodyRows))
        lines += Array(repeating: StyledLine(), count: max(bodyRows - min(body.count, bodyRows), 0))
        return Array((lines + footer).prefix(size.rows))
    }

    /// Routes a key: the help, the keys that work everywhere, the screen, then the shell's own keys.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if isShowingHelp {
            if let layout = helpLayout.layout, let scroll = keys.keyMap.action(ScrollKeys.self, for: key) {
                helpScroll.apply(scroll.move, in: layout)
            } else {
                isShowingHelp = false
            }
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
        if let arrow = keys.arrow(for: key), screen.handle(arrow) == .handled {
            return .handled
        }
        guard let command = keys.afterScreen(key) else { return .handled }
        return perform(command)
    }

    /// Routes a mouse report: the help's wheel, the tabs, the footers' hints, then the screen (see the type).
    public func handleMouse(_ event: MouseEvent) -> KeyHandling {
        let frame = lastFrame
        if isShowingHelp {
            guard let layout = helpLayout.layout else { return .handled }
            if event.wheelDirection != nil {
                _ = helpScroll.handle(event.translated(rows: frame.header), in: layout)
            } else if event.isPrimaryPress {
                isShowingHelp = false
            }
            return .handled
        }
        let width = frame.size.columns
        if event.row < frame.header {
            guard event.isPrimaryPress else { return .handled }
            let titleWidth = StyledLine("Storefront ").width
            if let index = tabBar.tabIndex(
                atColumn: event.column - titleWidth, width: max(width - titleWidth, 0), theme: theme)
            {
                dependencies.notice = nil
                _ = perform(.select(index))
            }
            return .handled
        }
        if event.row == frame.size.rows - 1, event.isPrimaryPress {
            // The App's footer: its hints are buttons.
            let hint = KeyHints(keys.footerHints(tabCount: dependencies.router.tabs.count))
                .hint(atColumn: event.column, width: width, theme: theme)
            return press(hint)
        }
        let screen = screens.current()
        let local = event.translated(rows: frame.header)
        if screen.handleMouse(local) == .handled { return .handled }
        if event.row == frame.header + frame.screenRows - 1, event.isPrimaryPress {
            // The screen's footer (the last line of its scaffold): the hints of its keys and the contributed ones.
            let hint = KeyHints(screen.keyHelp + contributedHints).hint(
                atColumn: event.column, width: width, theme: theme)
            return press(hint)
        }
        switch event.wheelDirection {
        case .up?: _ = screen.handle(KeyEvent(.up))
        case .down?: _ = screen.handle(KeyEvent(.down))
        default: break
        }
        return .handled
    }

    // MARK: - Private

    /// Presses the key of a footer hint that was clicked (nothing for a hint that names no single key, such as
    /// `1-5`). `q` is left to the run loop, as the key is.
    private func press(_ hint: KeyHint?) -> KeyHandling {
        guard let hint, let chord = KeyChord(label: hint.key) else { return .handled }
        return handle(chord.event)
    }

    /// The tab bar as the header draws it.
    private var tabBar: TabBar {
        let router = dependencies.router
        let titles = router.tabs.map { tab in
            dependencies.entry(named: tab.root.feature)?.badge.map { "\(tab.title) (\($0))" } ?? tab.title
        }
        return TabBar(tabs: titles, selectedIndex: router.tabIDs.firstIndex(of: router.selectedTab) ?? 0)
    }

    /// The hints of the actions other entries contribute to the screen on top (`l` add to list on a product).
    private var contributedHints: [KeyHelpItem] {
        contributions.map { KeyHelpItem(key: String($0.key), action: $0.title) }
    }

    private func perform(_ command: AppKeys.Command) -> KeyHandling {
        let router = dependencies.router
        switch command {
        case .quit:
            return .ignored
        case .help:
            isShowingHelp = true
            helpScroll = ScrollState()
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
        let title = StyledLine("Storefront ", style: .text(.title))
        let bar = tabBar.render(width: max(width - title.width, 0), theme: theme)
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
            keys.footerHints(tabCount: dependencies.router.tabs.count)
        ).render(width: width, theme: theme)
        return [status.truncated(toWidth: width, ellipsis: theme.symbols.ellipsis)] + hints
    }
}

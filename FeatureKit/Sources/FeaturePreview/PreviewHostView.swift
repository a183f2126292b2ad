import DesignSystem
import Foundation
import Observation
import TerminalUI

/// The preview's root view: the menu of a catalog's states, or the state chosen from it, full-screen above one status
/// line.
///
/// In the menu: Up and Down (`j`, `k`, Page Up and Down, Home, End) move, Enter opens. On a screen every key goes to
/// the screen first, as in the app; F2 (always) and Escape (when the screen leaves it) go back to the menu. `q`,
/// when the menu or the screen leaves it, is returned `.ignored`, which ends `PreviewHost`'s run loop (Escape does the
/// same on the menu).
///
/// `@Observable`, as view models are: opening a state finishes on a task, and the run loop redraws because rendering
/// read what changed.
@MainActor
@Observable
public final class PreviewHostView: TerminalView {
    /// What is on screen.
    public enum Mode {
        /// The menu.
        case menu
        /// A state is being built (its path).
        case opening(String)
        /// A state's view (its path).
        case showing(String, any TerminalView)
        /// A state whose view could not be built (its path, what went wrong).
        case failed(String, String)
    }

    /// What is on screen.
    public private(set) var mode = Mode.menu
    /// The last thing the screen on view asked of the rest of the app, as its state reported it; cleared when
    /// another state opens.
    public private(set) var lastReport: String?
    /// The menu's selection (an index into `catalog.entries`) and scroll position.
    public private(set) var menu = ListState()

    /// The catalog shown.
    public let catalog: PreviewCatalog
    @ObservationIgnored private let theme: Theme
    @ObservationIgnored private let entries: [PreviewEntry]
    /// Where the states' files go: `<temporary directory>/<feature>-preview-<UUID>`, removed by `removeFiles()`.
    @ObservationIgnored private let filesRoot: URL
    @ObservationIgnored private var opening: Task<Void, Never>?
    /// Rows of the menu list in the last frame (rendering writes it; not observed).
    @ObservationIgnored private var visibleRows = 10

    /// Creates the host on its menu.
    public init(catalog: PreviewCatalog, theme: Theme) {
        self.catalog = catalog
        self.theme = theme
        self.entries = catalog.entries
        filesRoot = FileManager.default.temporaryDirectory.appending(
            path: "\(catalog.feature.lowercased())-preview-\(UUID().uuidString)", directoryHint: .isDirectory)
    }

    /// Removes every file the states wrote (`PreviewEnvironment.makeDirectory(_:)`); call it when the host is done.
    public func removeFiles() {
        try? FileManager.default.removeItem(at: filesRoot)
    }

    /// The path of the state on screen, or nil on the menu.
    public var openPath: String? {
        switch mode {
        case .menu: nil
        case .opening(let path), .showing(let path, _), .failed(let path, _): path
        }
    }

    /// Builds the state of `entry` and shows it (or what went wrong building it); returns once it is on screen, or
    /// once another state or the menu replaced it.
    public func open(_ entry: PreviewEntry) async {
        opening?.cancel()
        let path = entry.path
        if let index = entries.firstIndex(where: { $0.path == path }) {
            menu.selectedIndex = index
            menu.scrollToSelection(itemCount: entries.count, visibleCount: visibleRows)
        }
        mode = .opening(path)
        lastReport = nil
        let environment = PreviewEnvironment(theme: theme, now: PreviewEnvironment.fixedNow, filesRoot: filesRoot) {
            [weak self] report in
            guard let self, self.openPath == path else { return }
            self.lastReport = report
        }
        let task = Task { @MainActor [weak self] in
            let built: Mode
            do {
                built = .showing(path, try await entry.state.make(environment))
            } catch {
                built = .failed(path, "\(error)")
            }
            guard let self, !Task.isCancelled, self.openPath == path else { return }
            self.mode = built
        }
        opening = task
        await task.value
    }

    /// Leaves the state on screen for the menu (its view and what it started are released).
    public func showMenu() {
        opening?.cancel()
        opening = nil
        mode = .menu
        lastReport = nil
    }

    // MARK: - TerminalView

    /// The menu, or the state's screen above the status line, for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        switch mode {
        case .menu:
            return renderMenu(size: size)
        case .opening(let path):
            return withStatusLine(path: path, size: size) { _ in
                Text("Opening \(path)…", style: .caption).render(width: size.columns, theme: theme)
            }
        case .failed(let path, let problem):
            return withStatusLine(path: path, size: size) { _ in
                Banner(.error, message: "\(path) could not be built: \(problem)").render(
                    width: size.columns, theme: theme)
            }
        case .showing(let path, let view):
            return withStatusLine(path: path, size: size) { view.render(size: $0) }
        }
    }

    /// Menu keys on the menu; on a screen, the screen's keys first, then F2 and Escape back to the menu.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if case .menu = mode { return handleMenu(key) }
        if key == KeyEvent(.function(2)) {
            showMenu()
            return .handled
        }
        if case .showing(_, let view) = mode, view.handle(key) == .handled {
            return .handled
        }
        if key == KeyEvent(.escape) {
            showMenu()
            return .handled
        }
        return key == .character("q") ? .ignored : .handled
    }

    /// The screen's mouse handling, when a state is on screen.
    public func handleMouse(_ event: MouseEvent) -> KeyHandling {
        guard case .showing(_, let view) = mode else { return .ignored }
        return view.handleMouse(event)
    }

    /// The keys of the screen on view, then the host's.
    public var keyHelp: [KeyHelpItem] {
        switch mode {
        case .menu: Self.menuHints
        case .showing(_, let view): view.keyHelp + Self.screenHints
        case .opening, .failed: Self.screenHints
        }
    }

    /// Whether the screen on view is typing text.
    public var isEditingText: Bool {
        guard case .showing(_, let view) = mode else { return false }
        return view.isEditingText
    }

    // MARK: - Private

    private static let menuHints = [
        KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "enter", action: "open"),
        KeyHelpItem(key: "q", action: "quit"),
    ]
    private static let screenHints = [
        KeyHelpItem(key: "esc/F2", action: "menu"), KeyHelpItem(key: "q", action: "quit"),
    ]

    private func handleMenu(_ key: KeyEvent) -> KeyHandling {
        switch (key.key, key.modifiers) {
        case (.enter, []):
            guard entries.indices.contains(menu.selectedIndex) else { return .handled }
            let entry = entries[menu.selectedIndex]
            Task { await self.open(entry) }
            return .handled
        case (.character("q"), []), (.escape, []):
            return .ignored
        case (.character("j"), []):
            return menu.handle(KeyEvent(.down), itemCount: entries.count, visibleCount: visibleRows)
        case (.character("k"), []):
            return menu.handle(KeyEvent(.up), itemCount: entries.count, visibleCount: visibleRows)
        default:
            _ = menu.handle(key, itemCount: entries.count, visibleCount: visibleRows)
            return .handled
        }
    }

    private func renderMenu(size: TerminalSize) -> [StyledLine] {
        let stateCount = entries.count
        let subtitle =
            "\(catalog.screens.count) screens, \(stateCount) states · offline, over preview data"
        let scaffold = ScreenScaffold(
            header: [Heading("\(catalog.feature) preview", subtitle: subtitle)],
            body: .fill { [self] room in
                visibleRows = max(room.rows - 2, 1)
                var state = menu
                state.scrollToSelection(itemCount: stateCount, visibleCount: visibleRows)
                let rows = entries.map { ListRow($0.path) }
                return List(rows: rows, state: state, height: room.rows, emptyMessage: "No previews")
                    .render(width: room.columns, theme: theme)
            },
            hints: Self.menuHints)
        return scaffold.render(size: size, theme: theme)
    }

    /// `body` for all rows but the last, then the status line: the path, the last report, the host's keys.
    private func withStatusLine(path: String, size: TerminalSize, body: (TerminalSize) -> [StyledLine])
        -> [StyledLine]
    {
        guard size.rows > 0 else { return [] }
        let screenSize = TerminalSize(columns: size.columns, rows: size.rows - 1)
        var lines = Array(body(screenSize).prefix(screenSize.rows))
        lines += Array(repeating: StyledLine.empty, count: screenSize.rows - lines.count)
        let report = lastReport.map { " · asked: \($0)" } ?? ""
        let status = Text(
            "preview \(path)\(report) · esc/F2 menu · q quit", style: .caption, overflow: .truncate)
        return lines + status.render(width: size.columns, theme: theme).prefix(1)
    }
}

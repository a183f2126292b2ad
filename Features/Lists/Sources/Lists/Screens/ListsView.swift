import DesignSystem
import TerminalUI

/// The console view of the lists screen: the lists with their items, last change and conflict copies, kept current
/// by the folder watcher.
///
/// Keys: ↑/↓ (and Page Up/Down, Home/End) move; Enter opens the list; `c` opens the conflicts when there are any.
@MainActor
public final class ListsView: TerminalView {
    /// The model rendered.
    public let viewModel: ListsViewModel
    /// The symbols to draw with.
    public let theme: Theme
    private var visibleRowCount = 10

    /// Creates the view.
    public init(viewModel: ListsViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        ScreenScaffold(
            header: [Heading("Lists", subtitle: viewModel.subtitle)], notice: viewModel.notice,
            body: .fill { room in self.content(width: room.columns, height: room.rows) }, hints: keyHelp
        ).render(size: size, theme: theme)
    }

    private func content(width: Int, height: Int) -> [StyledLine] {
        if !viewModel.feature.hasLoaded { return Spinner("Reading your lists…").render(width: width, theme: theme) }
        let rows = viewModel.rows
        if rows.isEmpty {
            return EmptyState(
                title: "No lists yet", message: "Press l on a product to add it to a list.",
                actionHint: "or run: storefront lists new TITLE"
            ).render(width: width, theme: theme)
        }
        visibleRowCount = max(height / 2, 1)
        return List(rows: rows, state: viewModel.listState, height: height).render(width: width, theme: theme)
    }

    /// Handles the screen's keys (see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard key.modifiers.isEmpty else { return .ignored }
        let intent: ListsViewModel.Intent
        switch key.key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            guard let move = ListState.Move(key) else { return .ignored }
            intent = .move(move, visibleCount: visibleRowCount)
        case .enter: intent = .openSelected
        case .character("c"): intent = .openConflicts
        default: return .ignored
        }
        return viewModel.send(intent).isHandled ? .handled : .ignored
    }

    /// Move and open when there are lists; conflicts when there are copies.
    public var keyHelp: [KeyHelpItem] {
        var hints: [KeyHelpItem] = []
        if viewModel.selectedName != nil {
            hints += [KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "enter", action: "open")]
        }
        if viewModel.conflictCount > 0 { hints.append(KeyHelpItem(key: "c", action: "conflicts")) }
        return hints
    }
}

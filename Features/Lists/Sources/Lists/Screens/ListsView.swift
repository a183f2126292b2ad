import DesignSystem
import TerminalUI

/// The console view of the lists screen: the lists with their items, last change and conflict copies, kept current
/// by the folder watcher.
///
/// Keys: ↑/↓ (and Page Up/Down, Home/End) move; Enter opens the list; `c` opens the conflicts when there are any;
/// `n` creates a list, `r` retitles the selected one and `d` deletes it after asking (`y` deletes). While a title
/// is typed, Enter saves it and Esc leaves it.
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
        switch viewModel.mode {
        case .browsing: break
        case .creating(let field):
            return TextField(label: "New list", state: field, placeholder: "Title", isFocused: true)
                .render(width: width, theme: theme)
        case .renaming(let name, let field):
            return TextField(label: "New title for \(name)", state: field, placeholder: "Title", isFocused: true)
                .render(width: width, theme: theme)
        case .confirmingDelete(let name):
            return EmptyState(
                title: "Delete \(name)?", message: "Its items go too, on every device the folder syncs to.",
                actionHint: "Press y to delete, any other key to keep it"
            ).render(width: width, theme: theme)
        }
        let rows = viewModel.rows
        if rows.isEmpty {
            return EmptyState(
                title: "No lists yet", message: "Press n to create one here.",
                actionHint: "then l on a product adds it to the list"
            ).render(width: width, theme: theme)
        }
        visibleRowCount = max(height / 2, 1)
        return List(rows: rows, state: viewModel.listState, height: height).render(width: width, theme: theme)
    }

    /// Handles the screen's keys (see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        switch viewModel.mode {
        case .browsing: break
        case .creating, .renaming:
            let intent: ListsViewModel.Intent =
                switch key.key {
                case .enter: .confirm
                case .escape: .cancel
                default: .edit(key)
                }
            return viewModel.send(intent).isHandled ? .handled : .ignored
        case .confirmingDelete:
            // Any key answers: `y` deletes, every other key keeps the list.
            viewModel.send(key == KeyEvent(.character("y")) ? .confirm : .cancel)
            return .handled
        }
        guard key.modifiers.isEmpty else { return .ignored }
        let intent: ListsViewModel.Intent
        switch key.key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            guard let move = ListState.Move(key) else { return .ignored }
            intent = .move(move, visibleCount: visibleRowCount)
        case .enter: intent = .openSelected
        case .character("c"): intent = .openConflicts
        case .character("n"): intent = .beginCreate
        case .character("r"): intent = .beginRename
        case .character("d"): intent = .beginDelete
        default: return .ignored
        }
        return viewModel.send(intent).isHandled ? .handled : .ignored
    }

    /// Move, open, retitle and delete when there are lists; new; conflicts when there are copies; save and leave
    /// while a title is typed.
    public var keyHelp: [KeyHelpItem] {
        switch viewModel.mode {
        case .browsing: break
        case .creating, .renaming:
            return [KeyHelpItem(key: "enter", action: "save"), KeyHelpItem(key: "esc", action: "cancel")]
        case .confirmingDelete:
            return [KeyHelpItem(key: "y", action: "delete"), KeyHelpItem(key: "other", action: "keep")]
        }
        var hints: [KeyHelpItem] = []
        if viewModel.selectedName != nil {
            hints += [
                KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "enter", action: "open"),
                KeyHelpItem(key: "r", action: "rename"), KeyHelpItem(key: "d", action: "delete"),
            ]
        }
        if viewModel.canCreate { hints.append(KeyHelpItem(key: "n", action: "new")) }
        if viewModel.conflictCount > 0 { hints.append(KeyHelpItem(key: "c", action: "conflicts")) }
        return hints
    }
}

import DesignSystem
import TerminalUI

/// The console view of one list, kept current as other processes and sync tools change it.
///
/// Keys: ↑/↓ move; Space ticks the item off or unticks it; `+`/`-` change its quantity; `d` removes it; `t` puts the
/// items not ticked off in the cart; `s` saves a list deleted elsewhere as a copy; `a` adds a product by its id
/// (checked with the catalog; Enter adds, Esc leaves).
@MainActor
public final class ListDetailView: TerminalView {
    /// The model rendered.
    public let viewModel: ListDetailViewModel
    /// The symbols to draw with.
    public let theme: Theme
    private var visibleRowCount = 10

    /// Creates the view.
    public init(viewModel: ListDetailViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        let subtitle = viewModel.state.map { ListsText.items($0.document.liveItems.count) }
        return ScreenScaffold(
            header: [Heading(viewModel.title, subtitle: subtitle)], notice: viewModel.notice,
            body: .fill { room in self.content(width: room.columns, height: room.rows) }, hints: keyHelp
        ).render(size: size, theme: theme)
    }

    private func content(width: Int, height: Int) -> [StyledLine] {
        guard viewModel.state != nil else { return Spinner("Opening the list…").render(width: width, theme: theme) }
        if let field = viewModel.adding {
            return TextField(label: "Add a product", state: field, placeholder: "Product id", isFocused: true)
                .render(width: width, theme: theme)
        }
        let rows = viewModel.rows
        if rows.isEmpty {
            return EmptyState(
                title: "Nothing on this list", message: "Press a to add a product by its id,",
                actionHint: "or l on a product's page"
            ).render(width: width, theme: theme)
        }
        visibleRowCount = max(height / 2, 1)
        return List(rows: rows, state: viewModel.listState, height: height).render(width: width, theme: theme)
    }

    /// Handles the screen's keys (see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if viewModel.adding != nil {
            let intent: ListDetailViewModel.Intent =
                switch key.key {
                case .enter: .confirmAdd
                case .escape: .cancelAdd
                default: .editAdd(key)
                }
            return viewModel.send(intent).isHandled ? .handled : .ignored
        }
        guard key.modifiers.isEmpty, viewModel.state != nil else { return .ignored }
        let intent: ListDetailViewModel.Intent
        switch key.key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            guard let move = ListState.Move(key) else { return .ignored }
            intent = .move(move, visibleCount: visibleRowCount)
        case .character(" "): intent = .toggleDone
        case .character("+"): intent = .changeQuantity(by: 1)
        case .character("-"): intent = .changeQuantity(by: -1)
        case .character("d"): intent = .removeSelected
        case .character("t"): intent = .addToCart
        case .character("s"): intent = .saveCopy
        case .character("a"): intent = .beginAdd
        default: return .ignored
        }
        return viewModel.send(intent).isHandled ? .handled : .ignored
    }

    /// The keys that work now.
    public var keyHelp: [KeyHelpItem] {
        guard let state = viewModel.state else { return [] }
        if state.isDeleted { return [KeyHelpItem(key: "s", action: "save as a copy")] }
        if viewModel.adding != nil {
            return [KeyHelpItem(key: "enter", action: "add"), KeyHelpItem(key: "esc", action: "cancel")]
        }
        guard viewModel.selected != nil else { return [KeyHelpItem(key: "a", action: "add")] }
        return [
            KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "space", action: "done"),
            KeyHelpItem(key: "+ -", action: "quantity"), KeyHelpItem(key: "d", action: "remove"),
            KeyHelpItem(key: "t", action: "to cart"), KeyHelpItem(key: "a", action: "add"),
        ]
    }
}

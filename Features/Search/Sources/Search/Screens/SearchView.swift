import DesignSystem
import TerminalUI

/// The console view of the search screen: the input, a status line, a notice, the results (or recent searches)
/// and the key hints, laid out for the space it is given. It maps keys to `SearchViewModel.Intent`s.
///
/// Keys, with the input focused: every printable key is typed (`q` and `a` included) and the readline keys edit
/// (Ctrl-U clears); Enter searches now; ↓ moves to the list; Escape leaves the input and keeps the text; Tab is
/// left to the App (the next tab). With the list focused: ↑↓, Page Up and Down, Home and End move; Enter opens the
/// product (or runs the recent search); `a` adds the product to the cart (and only that, on this screen); `x`
/// clears the recent searches; `/`, or
/// ↑ on the first row, goes back to the input; other keys are left to the App. Ctrl-R retries a failed search.
@MainActor
public struct SearchView: TerminalView {
    /// The model it renders.
    public let viewModel: SearchViewModel
    /// The symbols to draw with.
    public let theme: Theme

    /// Creates the view.
    public init(viewModel: SearchViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        let model = viewModel
        var header: [any Component] = [
            TextField(
                label: model.inputLabel, state: model.input, placeholder: model.placeholder,
                isFocused: model.focus == .input)
        ]
        if let status = model.statusLine {
            header.append(Text(status, style: .caption, overflow: .truncate))
        }
        if let cartMessage = model.cartMessage {
            header.append(cartMessage)
        }
        return ScreenScaffold(
            header: header, notice: model.notice,
            body: .fill { room in
                var bottom: [StyledLine] = []
                if let loading = model.loadingMoreLine {
                    bottom = Spinner(loading).render(width: room.columns, theme: theme)
                }
                let listHeight = max(room.rows - bottom.count, 1)
                let body = Array(content(width: room.columns, height: listHeight).prefix(listHeight))
                let filler = Array(repeating: StyledLine.empty, count: max(listHeight - body.count, 0))
                return body + filler + bottom
            }, hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Maps the key to an intent (see the type's documentation); `.ignored` for keys the App may use.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard let intent = Self.intent(for: key, model: viewModel) else { return .ignored }
        viewModel.send(intent)
        return .handled
    }

    /// Whether the search field has the focus (printable keys are typed).
    public var isEditingText: Bool { viewModel.focus == .input }

    /// The keys that work now: the input's while it is focused, the list's otherwise.
    public var keyHelp: [KeyHelpItem] {
        let model = viewModel
        var items: [KeyHelpItem]
        switch (model.focus, model.content) {
        case (.input, _):
            items = [
                KeyHelpItem(key: "type", action: "search as you type"), KeyHelpItem(key: "enter", action: "search"),
            ]
            if model.listItemCount > 0 { items.append(KeyHelpItem(key: "↓", action: "to the list")) }
            items += [
                KeyHelpItem(key: "esc", action: "leave the field"), KeyHelpItem(key: "ctrl-u", action: "clear"),
            ]
        case (.list, .results):
            items = [
                KeyHelpItem(key: "enter", action: "open"), KeyHelpItem(key: "a", action: "add to cart"),
                KeyHelpItem(key: "↑↓", action: "move"), KeyHelpItem(key: "/", action: "edit search"),
            ]
        case (.list, .recentSearches):
            items = [
                KeyHelpItem(key: "enter", action: "search"), KeyHelpItem(key: "↑↓", action: "move"),
                KeyHelpItem(key: "x", action: "clear recent"), KeyHelpItem(key: "/", action: "edit search"),
            ]
        case (.list, _):
            items = [KeyHelpItem(key: "/", action: "edit search")]
        }
        if model.feature.error != nil { items.append(KeyHelpItem(key: "ctrl-r", action: "retry")) }
        return items
    }

    /// The intent a key stands for on `model`'s screen as it is now, or nil for a key the screen leaves alone.
    static func intent(for key: KeyEvent, model: SearchViewModel) -> SearchViewModel.Intent? {
        if key == .control("r") { return .retry }
        switch model.focus {
        case .input:
            switch key.key {
            case .enter: return .submit
            case .down where key.modifiers.isEmpty: return .focusList
            case .escape: return .leaveInput
            case .tab: return nil
            default:
                var edited = model.input
                guard edited.handle(key) == .handled else { return nil }
                return .edit(edited)
            }
        case .list:
            switch key.key {
            case .character("/") where key.modifiers.isEmpty:
                return .focusInput
            case .up where key.modifiers.isEmpty && model.listState.selectedIndex == 0:
                return .focusInput
            case .enter where model.listItemCount > 0:
                return .activate
            case .character("a") where key.modifiers.isEmpty:
                // NB: `a` means "add" on this screen even when nothing is selected, so it never also opens the account.
                return .addSelectedToCart
            case .character("x") where key.modifiers.isEmpty:
                if case .recentSearches = model.content { return .clearRecentSearches }
                return nil
            default:
                guard let move = ListState.Move(key), model.listItemCount > 0 else { return nil }
                return .move(move)
            }
        }
    }

    private func content(width: Int, height: Int) -> [StyledLine] {
        let model = viewModel
        switch model.content {
        case .prompt:
            return EmptyState(title: "Search the store", message: "Type a product name, brand or word.")
                .render(width: width, theme: theme)
        case .recentSearches(let recent):
            let rows = recent.map { ListRow($0) }
            model.visibleRowCount = height
            var lines = Heading("Recent searches", level: .section).render(width: width, theme: theme)
            lines += List(rows: rows, state: model.listState, height: max(height - 1, 1))
                .render(width: width, theme: theme)
            return lines
        case .searching:
            return Spinner("Searching\u{2026}").render(width: width, theme: theme)
        case .noResults(let query):
            return EmptyState(
                title: "No results", message: "Nothing matches \u{201C}\(query)\u{201D}.",
                actionHint: "Try fewer or shorter words."
            ).render(width: width, theme: theme)
        case .failed:
            return []
        case .results:
            let rowsPerItem = 2
            model.visibleRowCount = max(height / rowsPerItem, 1)
            model.prefetchPictures()
            let previous = model.rowsArePrevious
            let rows = model.rows.map { row in
                ListRow(
                    row.title,
                    subtitle: [row.price, row.rating].compactMap { $0 }.joined(separator: "  ·  "),
                    accessory: .badge(Badge(row.availability.text, tone: Self.tone(row.availability.tone))))
            }
            let lines = List(rows: rows, state: model.listState, height: height).render(width: width, theme: theme)
            return previous ? lines.map { $0.applying(Style(attributes: .dim)) } : lines
        }
    }

    static func tone(_ tone: AvailabilityLabel.Tone) -> ColorToken {
        switch tone {
        case .positive: return .success
        case .caution: return .warning
        case .negative: return .danger
        case .neutral: return .muted
        }
    }
}

import DesignSystem
import TerminalUI

/// The console view of the search screen: the input, a status line, a notice, the results (or recent searches)
/// and the key hints, laid out for the space it is given.
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
        let width = size.columns
        guard width > 0, size.rows > 0 else { return [] }
        let model = viewModel
        var top = TextField(
            label: model.inputLabel, state: model.input, placeholder: model.placeholder,
            isFocused: model.focus == .input
        ).render(width: width, theme: theme)
        if let status = model.statusLine {
            top += Text(status, style: .caption, overflow: .truncate).render(width: width, theme: theme)
        }
        if let notice = model.notice {
            top += Banner(Self.kind(notice.kind), message: notice.message, actionHint: notice.actionHint)
                .render(width: width, theme: theme)
        }
        let footer = KeyHints(hints).render(width: width, theme: theme)
        var bottom: [StyledLine] = []
        if let loading = model.loadingMoreLine {
            bottom += Spinner(loading).render(width: width, theme: theme)
        }
        let listHeight = max(size.rows - top.count - bottom.count - footer.count - 1, 1)
        let body = content(width: width, height: listHeight)
        var lines = top + [.empty] + body
        lines += Array(repeating: StyledLine.empty, count: max(listHeight - body.count, 0))
        lines += bottom + footer
        return Array(lines.prefix(size.rows))
    }

    /// Passes the key to the model.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        viewModel.handle(key)
    }

    // MARK: - Private

    private var hints: [KeyHint] {
        switch (viewModel.focus, viewModel.content) {
        case (.list, .results):
            return [
                KeyHint(key: "enter", action: "open"), KeyHint(key: "a", action: "add to cart"),
                KeyHint(key: "↑↓", action: "move"), KeyHint(key: "/", action: "edit search"),
            ]
        case (.list, .recentSearches):
            return [
                KeyHint(key: "enter", action: "search"), KeyHint(key: "x", action: "clear recent"),
                KeyHint(key: "/", action: "edit search"),
            ]
        default:
            return [
                KeyHint(key: "enter", action: "search"), KeyHint(key: "↓", action: "results"),
                KeyHint(key: "esc", action: "clear"),
            ]
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

    static func kind(_ kind: Notice.Kind) -> Banner.Kind {
        switch kind {
        case .info: return .info
        case .warning: return .warning
        case .error: return .error
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

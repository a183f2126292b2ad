import DesignSystem
import TerminalUI

/// The console view of the feed list: a heading, notices, the posts (or a loading, failure or empty state), the
/// list's footer and the key hints.
///
/// Keys: ↑/↓, Page Up/Down, Home/End move the selection; Enter opens the post; `l` likes or unlikes it; `p` opens
/// its product; `r` retries what failed or refreshes. Every other key is left to the App.
@MainActor
public final class FeedListView: TerminalView {
    /// The view model rendered.
    public let viewModel: FeedListViewModel
    /// The symbols to draw with.
    public let theme: Theme
    /// How many posts the last frame showed at once: a page for Page Up and Page Down. Not observed state; only
    /// this view reads it.
    private var visibleRowCount = 10

    /// Creates the view.
    public init(viewModel: FeedListViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        let width = size.columns
        guard width > 0, size.rows > 0 else { return [] }
        var top = Heading(viewModel.title, subtitle: viewModel.subtitle).render(width: width, theme: theme)
        for notice in viewModel.notices.prefix(2) {
            top += FeedViewParts.banner(notice).render(width: width, theme: theme)
        }
        let footer = footerComponent.map { $0.render(width: width, theme: theme) } ?? []
        let hints = KeyHints(keyHints).render(width: width, theme: theme)
        let bodyHeight = max(size.rows - top.count - footer.count - hints.count, 1)
        let body: [StyledLine]
        switch viewModel.content {
        case .loading:
            body = Spinner("Loading the feed…").render(width: width, theme: theme)
        case .failed(let notice):
            body = EmptyState(title: "Couldn't load the feed", message: notice.message, actionHint: notice.actionHint)
                .render(width: width, theme: theme)
        case .empty:
            body = EmptyState(
                title: "No posts yet", message: "New posts show up here.", actionHint: "Press r to refresh"
            )
            .render(width: width, theme: theme)
        case .posts(let rows):
            visibleRowCount = max(bodyHeight / 2, 1)
            body = List(rows: rows.map(listRow), state: viewModel.listState, height: bodyHeight)
                .render(width: width, theme: theme)
        }
        return Array((top + body.prefix(bodyHeight) + footer + hints).prefix(size.rows))
    }

    /// Handles the screen's keys (see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard key.modifiers.isEmpty else { return .ignored }
        switch key.key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            return viewModel.moveSelection(key, visibleCount: visibleRowCount)
        case .enter:
            guard viewModel.selectedPostID != nil else { return .ignored }
            viewModel.openSelected()
        case .character("l"):
            guard viewModel.toggleLikeOfSelected() != nil else { return .ignored }
        case .character("p"):
            guard selectedRowHasProduct else { return .ignored }
            viewModel.openSelectedProduct()
        case .character("r"):
            viewModel.retry()
        default:
            return .ignored
        }
        return .handled
    }

    // MARK: - Private

    private var selectedRowHasProduct: Bool {
        guard let id = viewModel.selectedPostID else { return false }
        return viewModel.feature.post(withID: id)?.productID != nil
    }

    private var keyHints: [KeyHint] {
        var hints = [KeyHint(key: "r", action: "refresh")]
        if viewModel.selectedPostID != nil {
            hints = [KeyHint(key: "↑↓", action: "move"), KeyHint(key: "enter", action: "open")]
            if viewModel.canLike {
                hints.append(KeyHint(key: "l", action: "like"))
            }
            if selectedRowHasProduct {
                hints.append(KeyHint(key: "p", action: "product"))
            }
            hints.append(KeyHint(key: "r", action: "refresh"))
        }
        return hints
    }

    private var footerComponent: (any Component)? {
        switch viewModel.footer {
        case .none: nil
        case .loadingMore: Spinner("Loading more…")
        case .loadMoreFailed(let notice): FeedViewParts.banner(notice)
        case .end: Text("You're all caught up.", style: .caption)
        }
    }

    private func listRow(_ row: FeedRow) -> ListRow {
        let separator = " \(theme.symbols.separator) "
        var title = row.author + separator + row.age
        if let kind = row.kind {
            title += separator + kind
        }
        if row.hasProduct {
            title += separator + "Shop"
        }
        return ListRow(
            title, subtitle: row.caption.isEmpty ? nil : row.caption,
            accessory: .text(
                FeedViewParts.likeLabel(row.likeCount, isLiked: row.isLiked, theme: theme),
                color: row.isLiked ? .accent : nil))
    }
}

/// Pieces both feed views draw the same way.
enum FeedViewParts {
    /// The banner of a notice.
    static func banner(_ notice: FeedNotice) -> Banner {
        let kind: Banner.Kind =
            switch notice.tone {
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        return Banner(kind, message: notice.message, actionHint: notice.actionHint)
    }

    /// `"♥ 1.2K"` when liked, `"♡ 1.2K"` otherwise (`"* 1.2K"` and `"  1.2K"` with ASCII symbols).
    static func likeLabel(_ count: String, isLiked: Bool, theme: Theme) -> String {
        let ascii = theme.symbols == Symbols.ascii
        let mark = isLiked ? (ascii ? "*" : "♥") : (ascii ? " " : "♡")
        return "\(mark) \(count)"
    }
}

import DesignSystem
import TerminalUI

/// The keys of the feed list (besides `ScrollKeys`, which move the selection).
public enum FeedListKeys: String, KeyActionSet {
    /// Open the selected post.
    case open
    /// Like or unlike the selected post.
    case like
    /// Open the selected post's product.
    case product
    /// Insert the new posts the live stream announced.
    case newPosts = "new-posts"
    /// Retry what failed, or refresh.
    case refresh

    /// `feed`.
    public static let scope = "feed"

    /// Enter, `l`, `p`, `n`, `r`.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .open: ["enter"]
        case .like: ["l"]
        case .product: ["p"]
        case .newPosts: ["n"]
        case .refresh: ["r"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .open: "open"
        case .like: "like"
        case .product: "product"
        case .newPosts: "new posts"
        case .refresh: "refresh"
        }
    }
}

/// The console view of the feed list: a heading, notices, the posts (or a loading, failure or empty state), the
/// list's footer and the key hints. Laying the posts out loads ahead the pictures of the rows about to appear.
///
/// Keys: ↑/↓, Page Up/Down, Home/End move the selection; Enter opens the post; `l` likes or unlikes it; `p` opens
/// its product; `n` inserts the new posts the live stream announced; `r` retries what failed or refreshes. Every
/// other key is left to the App.
@MainActor
public final class FeedListView: TerminalView {
    /// The view model rendered.
    public let viewModel: FeedListViewModel
    /// The symbols to draw with.
    public let theme: Theme
    /// The keys of the screen's actions.
    public let keyMap: KeyMap
    /// How many posts the last frame showed at once: a page for Page Up and Page Down. Not observed state; only
    /// this view reads it.
    private var visibleRowCount = 10
    /// Where the last frame drew the list: its first line on the screen and its layout, for clicks.
    private var drawnList: (top: Int, layout: List.Layout)?

    /// Creates the view.
    public init(viewModel: FeedListViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        let notices = Array(viewModel.notices.prefix(2))
        // The scaffold takes one notice; a second (a like that failed under an offline warning) joins the header.
        let header: [any Component] = [Heading(viewModel.title, subtitle: viewModel.subtitle)] + notices.dropLast()
        return ScreenScaffold(
            header: header, notice: notices.last,
            body: .fill { room in
                let width = room.columns
                // The body ends right above the one line of hints.
                self.bodyTop = size.rows - 1 - room.rows
                let footer = self.footerComponent.map { $0.render(width: width, theme: self.theme) } ?? []
                let bodyHeight = max(room.rows - footer.count, 1)
                return Array(self.content(width: width, height: bodyHeight).prefix(bodyHeight)) + footer
            }, hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// The body's first line on the screen in the last frame.
    private var bodyTop = 0

    private func content(width: Int, height: Int) -> [StyledLine] {
        drawnList = nil
        let content = viewModel.content
        if case .posts = content {} else { viewModel.send(.prefetchPictures(visibleCount: 0)) }
        switch content {
        case .loading:
            return Spinner("Loading the feed…").render(width: width, theme: theme)
        case .failed(let notice):
            return EmptyState(
                title: "Couldn't load the feed", message: notice.message, actionHint: notice.actionHint
            ).render(width: width, theme: theme)
        case .empty:
            return EmptyState(
                title: "No posts yet", message: "New posts show up here.", actionHint: "Press r to refresh"
            ).render(width: width, theme: theme)
        case .posts(let rows):
            visibleRowCount = max(height / 2, 1)
            viewModel.send(.prefetchPictures(visibleCount: visibleRowCount))
            let layout = List(rows: rows.map(listRow), state: viewModel.listState, height: height)
                .layout(width: width, theme: theme)
            drawnList = (bodyTop, layout)
            return layout.lines
        }
    }

    /// Handles the screen's keys (`FeedListKeys`, then `ScrollKeys`; see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if let move = keyMap.action(ScrollKeys.self, for: key)?.listMove,
            keyMap.action(FeedListKeys.self, for: key) == nil
        {
            return viewModel.send(.move(move, visibleCount: visibleRowCount)).isHandled ? .handled : .ignored
        }
        guard let action = keyMap.action(FeedListKeys.self, for: key) else { return .ignored }
        switch action {
        case .open:
            return viewModel.send(.openSelected).isHandled ? .handled : .ignored
        case .like:
            return viewModel.send(.toggleLikeOfSelected).isHandled ? .handled : .ignored
        case .product:
            guard selectedRowHasProduct else { return .ignored }
            return viewModel.send(.openSelectedProduct).isHandled ? .handled : .ignored
        case .newPosts:
            return viewModel.send(.showNewPosts).isHandled ? .handled : .ignored
        case .refresh:
            viewModel.send(.retry)
            return .handled
        }
    }

    /// A press on a post selects it, a press on the selected post opens it, and the wheel moves the selection.
    public func handleMouse(_ event: MouseEvent) -> KeyHandling {
        guard let (top, layout) = drawnList else { return .ignored }
        let local = event.translated(rows: top)
        switch event.action {
        case .press(.left):
            guard let index = layout.rowIndex(atLine: local.row) else { return .ignored }
            if index == viewModel.listState.selectedIndex {
                return viewModel.send(.openSelected).isHandled ? .handled : .ignored
            }
            return viewModel.send(.select(index: index, visibleCount: visibleRowCount)).isHandled ? .handled : .ignored
        case .wheel(.up), .wheel(.down):
            guard (0..<layout.lines.count).contains(local.row) else { return .ignored }
            let move: ListState.Move = event.action == .wheel(.up) ? .up : .down
            return viewModel.send(.move(move, visibleCount: visibleRowCount)).isHandled ? .handled : .ignored
        default:
            return .ignored
        }
    }

    /// The keys that work on the selected post (move, open, like, its product) and refresh.
    public var keyHelp: [KeyHelpItem] {
        var hints = [keyMap.help(FeedListKeys.refresh)]
        if viewModel.selectedPostID != nil {
            let up = keyMap.keys(for: ScrollKeys.lineUp).first?.label ?? ""
            let down = keyMap.keys(for: ScrollKeys.lineDown).first?.label ?? ""
            hints = [KeyHelpItem(key: up + down, action: "move"), keyMap.help(FeedListKeys.open)]
            if viewModel.canLike {
                hints.append(keyMap.help(FeedListKeys.like))
            }
            if selectedRowHasProduct {
                hints.append(keyMap.help(FeedListKeys.product))
            }
            hints.append(keyMap.help(FeedListKeys.refresh))
        }
        if !viewModel.feature.newPosts.isEmpty {
            hints.append(keyMap.help(FeedListKeys.newPosts))
        }
        return hints
    }

    // MARK: - Private

    private var selectedRowHasProduct: Bool {
        guard let id = viewModel.selectedPostID else { return false }
        return viewModel.feature.post(withID: id)?.productID != nil
    }

    private var footerComponent: (any Component)? {
        switch viewModel.footer {
        case .none: nil
        case .loadingMore: Spinner("Loading more…")
        case .loadMoreFailed(let notice): notice
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
    /// `"♥ 1.2K"` when liked, `"♡ 1.2K"` otherwise (`"* 1.2K"` and `"  1.2K"` with ASCII symbols).
    static func likeLabel(_ count: String, isLiked: Bool, theme: Theme) -> String {
        let ascii = theme.symbols == Symbols.ascii
        let mark = isLiked ? (ascii ? "*" : "♥") : (ascii ? " " : "♡")
        return "\(mark) \(count)"
    }
}

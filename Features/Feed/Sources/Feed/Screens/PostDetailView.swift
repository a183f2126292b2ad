import DesignSystem
import TerminalUI

/// The keys of a post's screen (besides `ScrollKeys`, which scroll it).
public enum PostDetailKeys: String, KeyActionSet {
    /// Like or unlike the post.
    case like
    /// Open the post's product.
    case product
    /// Load the post again.
    case reload

    /// `post`.
    public static let scope = "post"

    /// `l`, `p`, `r`.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .like: ["l"]
        case .product: ["p"]
        case .reload: ["r"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .like: "like"
        case .product: "product"
        case .reload: "reload"
        }
    }
}

/// The console view of one post: a card with the author, time, kind, caption, likes and image address, a notice
/// above it when needed, and the key hints. The card scrolls when it is taller than the room (the scroll keys, the
/// wheel), so a post's likes and picture are reachable on a small screen.
///
/// Keys: `PostDetailKeys` (`l` likes or unlikes the post; `p` opens its product; `r` loads it again), then
/// `ScrollKeys`. Every other key (Escape to go back, for one) is left to the App.
@MainActor
public final class PostDetailView: TerminalView {
    /// The view model rendered.
    public let viewModel: PostDetailViewModel
    /// The symbols to draw with.
    public let theme: Theme
    /// The keys of the screen's actions.
    public let keyMap: KeyMap
    /// How far the body is scrolled: a detail of drawing (the view model does not depend on it), kept by the view.
    private var scroll = ScrollState()
    /// What the body showed last, for the next scroll.
    private var lastLayout: ScrollView.Layout?

    /// Creates the view.
    public init(viewModel: PostDetailViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        let heading: Heading
        var notice: Notice?
        let body: [any Component]
        switch viewModel.content {
        case .loading:
            heading = Heading("Post")
            body = [Spinner("Loading the post…")]
        case .failed(let failure):
            heading = Heading("Post")
            body = [
                EmptyState(title: "Couldn't load this post", message: failure.message, actionHint: failure.actionHint)
            ]
        case .loaded(let post):
            heading = Heading(post.author, subtitle: "\(post.kind) \(theme.symbols.separator) \(post.age)")
            notice = viewModel.notice
            body = [card(post, size: size)]
        }
        return ScreenScaffold(
            header: [heading], notice: notice,
            body: .fill { room in
                let layout = ScrollView(body, height: room.rows, state: self.scroll, spacing: 1)
                    .layout(width: room.columns, theme: self.theme)
                self.lastLayout = layout
                return layout.lines
            }, hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Like or unlike (by the post's id, so also while it loads), the product once the post is loaded, reload, and the scroll keys while the body does not
    /// fit.
    public var keyHelp: [KeyHelpItem] {
        var hints: [KeyHelpItem] = []
        let post: PostDetail? = if case .loaded(let post) = viewModel.content { post } else { nil }
        if viewModel.canLike {
            hints.append(keyMap.help(PostDetailKeys.like, as: post?.isLiked == true ? "unlike" : "like"))
        }
        if post?.hasProduct == true { hints.append(keyMap.help(PostDetailKeys.product)) }
        hints.append(keyMap.help(PostDetailKeys.reload))
        if lastLayout?.isScrollable == true { hints.append(ScrollKeys.help(in: keyMap)) }
        return hints
    }

    /// Handles the screen's keys (see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if let action = keyMap.action(PostDetailKeys.self, for: key) {
            switch action {
            case .like:
                // A like goes by the post's id, so it works (and is listed) before the post has loaded.
                guard viewModel.canLike else { return .ignored }
                return viewModel.send(.toggleLike).isHandled ? .handled : .ignored
            case .product:
                guard case .loaded(let post) = viewModel.content, post.hasProduct else { return .ignored }
                viewModel.send(.openProduct)
            case .reload:
                viewModel.send(.retry)
            }
            return .handled
        }
        guard let layout = lastLayout, let move = keyMap.action(ScrollKeys.self, for: key)?.move else {
            return .ignored
        }
        return scroll.handle(move, in: layout)
    }

    /// The wheel scrolls the body (wherever the pointer is on the screen).
    public func handleMouse(_ event: MouseEvent) -> KeyHandling {
        guard let layout = lastLayout, let direction = event.wheelDirection, direction == .up || direction == .down
        else { return .ignored }
        return scroll.handle(.by(direction == .up ? -ScrollState.wheelStep : ScrollState.wheelStep), in: layout)
    }

    // MARK: - Private

    /// Columns the card takes around its content: a border and a space on each side.
    private static let cardChrome = 4

    private func card(_ post: PostDetail, size: TerminalSize) -> Card {
        var content: [any Component] = []
        if !post.caption.isEmpty {
            content += [Text(post.caption), Spacer()]
        }
        content.append(
            Text(
                FeedViewParts.likeLabel(post.likes, isLiked: post.isLiked, theme: theme),
                color: post.isLiked ? .accent : nil))
        content.append(Text("Published \(post.publishedAt)", style: .caption))
        // The picture takes at most 60 columns (inside the card's border and padding) and 16 rows or half the screen,
        // so a narrower or lower screen redraws it smaller; the address (or that there is none) is shown when there
        // is no picture.
        let picture = viewModel.picture.lines(
            columns: min(60, max(size.columns - Self.cardChrome, 1)), maxRows: min(16, max(size.rows / 2, 1)))
        if case .loaded = viewModel.picture.state {
            content.append(Text(lines: picture, overflow: .truncate))
        } else {
            content += picture.map { Text(lines: [$0], overflow: .truncate) }
            content.append(
                Text(post.imageURL ?? "Picture address missing or broken", style: .caption, overflow: .truncate))
        }
        return Card(title: post.kind, footer: post.hasProduct ? "Press p to see the product" : nil, content: content)
    }
}

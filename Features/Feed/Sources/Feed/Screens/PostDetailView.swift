import DesignSystem
import TerminalUI

/// The console view of one post: a card with the author, time, kind, caption, likes and image address, a notice
/// above it when needed, and the key hints.
///
/// Keys: `l` likes or unlikes the post; `p` opens its product; `r` loads it again. Every other key (Escape to go
/// back, for one) is left to the App.
@MainActor
public final class PostDetailView: TerminalView {
    /// The view model rendered.
    public let viewModel: PostDetailViewModel
    /// The symbols to draw with.
    public let theme: Theme

    /// Creates the view.
    public init(viewModel: PostDetailViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
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
        return ScreenScaffold(header: [heading], notice: notice, body: .stack(body), hints: keyHelp)
            .render(size: size, theme: theme)
    }

    /// Like or unlike and the product once the post is loaded, and reload.
    public var keyHelp: [KeyHelpItem] {
        var hints: [KeyHelpItem] = []
        if case .loaded(let post) = viewModel.content {
            if viewModel.canLike { hints.append(KeyHelpItem(key: "l", action: post.isLiked ? "unlike" : "like")) }
            if post.hasProduct { hints.append(KeyHelpItem(key: "p", action: "product")) }
        }
        return hints + [KeyHelpItem(key: "r", action: "reload")]
    }

    /// Handles the screen's keys (see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard key.modifiers.isEmpty else { return .ignored }
        switch key.key {
        case .character("l"):
            return viewModel.send(.toggleLike).isHandled ? .handled : .ignored
        case .character("p"):
            guard case .loaded(let post) = viewModel.content, post.hasProduct else { return .ignored }
            viewModel.send(.openProduct)
            return .handled
        case .character("r"):
            viewModel.send(.retry)
            return .handled
        default:
            return .ignored
        }
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

import DesignSystem
import TerminalUI

/// The console view of the product detail screen.
@MainActor
public struct ProductDetailView: TerminalView {
    /// The model it renders.
    public let viewModel: ProductDetailViewModel
    /// The symbols to draw with.
    public let theme: Theme

    /// Creates the view.
    public init(viewModel: ProductDetailViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The screen's lines for `size`: heading, notice, price and availability, rating, the picture (or its placeholder), description, what
    /// "add to cart" did, and the key hints on the last line.
    public func render(size: TerminalSize) -> [StyledLine] {
        let width = size.columns
        guard width > 0, size.rows > 0 else { return [] }
        let model = viewModel
        var parts: [any Component] = []
        if let availability = model.availability {
            parts.append(Badge(availability.text, tone: SearchView.tone(availability.tone)))
        }
        for line in [model.rating, model.image].compactMap({ $0 }) {
            parts.append(Text(line, style: .caption, overflow: .truncate))
        }
        // The picture takes at most half the screen's height and 60 columns, so the text below stays in view.
        let picture = model.pictureLines(columns: min(width, 60), maxRows: min(20, size.rows / 2))
        if !picture.isEmpty {
            parts.append(Text(lines: picture, overflow: .truncate))
        }
        if let loading = model.loadingLine {
            parts.append(Spinner(loading))
        }
        let description = model.descriptionLines(width: width)
        if !description.isEmpty {
            parts.append(Spacer())
            parts.append(Text(lines: description.map { StyledLine($0) }, overflow: .truncate))
        }
        if let cartMessage = model.cartMessage {
            parts.append(Spacer())
            parts.append(cartMessage)
        }
        return ScreenScaffold(
            header: [Heading(model.title, subtitle: model.price)], notice: model.notice, body: .stack([Stack(parts)]),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// `a` adds the product to the cart (or says why it cannot), Ctrl-R loads it again; other keys are left to the
    /// App (Escape goes back).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        switch key {
        case .control("r"):
            viewModel.send(.load)
        case .character("a"):
            viewModel.send(.addToCart)
        default:
            return .ignored
        }
        return .handled
    }

    /// `a` (once the product is known), Ctrl-R, and Escape, which the App takes to go back.
    public var keyHelp: [KeyHelpItem] {
        var items = [KeyHelpItem(key: "esc", action: "back"), KeyHelpItem(key: "ctrl-r", action: "reload")]
        if viewModel.availability != nil {
            items.insert(KeyHelpItem(key: "a", action: "add to cart"), at: 0)
        }
        return items
    }
}

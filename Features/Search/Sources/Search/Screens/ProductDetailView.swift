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

    /// The screen's lines for `size`: heading, notice, price and availability, rating, image, description, and the
    /// key hints on the last line.
    public func render(size: TerminalSize) -> [StyledLine] {
        let width = size.columns
        guard width > 0, size.rows > 0 else { return [] }
        let model = viewModel
        var parts: [any Component] = [Heading(model.title, subtitle: model.price)]
        if let notice = model.notice {
            parts.append(
                Banner(SearchView.kind(notice.kind), message: notice.message, actionHint: notice.actionHint))
        }
        if let availability = model.availability {
            parts.append(Badge(availability.text, tone: SearchView.tone(availability.tone)))
        }
        for line in [model.rating, model.image].compactMap({ $0 }) {
            parts.append(Text(line, style: .caption, overflow: .truncate))
        }
        if let loading = model.loadingLine {
            parts.append(Spinner(loading))
        }
        let description = model.descriptionLines(width: width)
        if !description.isEmpty {
            parts.append(Spacer())
            parts.append(Text(lines: description.map { StyledLine($0) }, overflow: .truncate))
        }
        if let confirmation = model.confirmation {
            parts.append(Spacer())
            parts.append(Text(confirmation, style: .body, color: .success, overflow: .truncate))
        }
        var hints = [KeyHint(key: "esc", action: "back"), KeyHint(key: "ctrl+r", action: "reload")]
        if model.canAddToCart {
            hints.insert(KeyHint(key: "a", action: "add to cart"), at: 0)
        }
        let footer = KeyHints(hints).render(width: width, theme: theme)
        let body = Array(Stack(parts).render(width: width, theme: theme).prefix(max(size.rows - footer.count, 0)))
        let filler = Array(repeating: StyledLine.empty, count: max(size.rows - body.count - footer.count, 0))
        return Array((body + filler + footer).prefix(size.rows))
    }

    /// Passes the key to the model.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        viewModel.handle(key)
    }
}

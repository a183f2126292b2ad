import DesignSystem
import TerminalUI

/// The keys of the product detail screen (besides `ScrollKeys`, which scroll it).
public enum ProductDetailKeys: String, KeyActionSet {
    /// Hand the product to the cart.
    case addToCart = "add-to-cart"
    /// Load the product again.
    case reload

    /// `product`.
    public static let scope = "product"

    /// `a`, Ctrl-R.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .addToCart: ["a"]
        case .reload: ["ctrl-r"]
        }
    }

    /// What each does.
    public var help: String {
        switch self {
        case .addToCart: "add to cart"
        case .reload: "reload"
        }
    }
}

/// The console view of the product detail screen.
@MainActor
public struct ProductDetailView: TerminalView {
    /// The model it renders.
    public let viewModel: ProductDetailViewModel
    /// The symbols to draw with.
    public let theme: Theme
    /// The keys of the screen's actions.
    public let keyMap: KeyMap
    /// The keys other entries add to the screen (`l` add to list), for the footer after the screen's own.
    private let contributedHints: @MainActor () -> [KeyHelpItem]
    /// What the body showed last, for the next scroll.
    private let lastLayout = ScrollLayoutBox()

    /// Creates the view.
    public init(
        viewModel: ProductDetailViewModel, theme: Theme, keyMap: KeyMap,
        contributedHints: @escaping @MainActor () -> [KeyHelpItem] = { [] }
    ) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
        self.contributedHints = contributedHints
    }

    /// The screen's lines for `size`: heading, notice, price and availability, rating, the picture (or its
    /// placeholder), description, what "add to cart" did (a body that scrolls when it is taller than the room),
    /// and the key hints on the last line.
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
        let theme = theme
        let lastLayout = lastLayout
        let scroll = model.scroll
        return ScreenScaffold(
            header: [Heading(model.title, subtitle: model.price)], notice: model.notice,
            body: .fill { room in
                let layout = ScrollView(parts, height: room.rows, state: scroll).layout(
                    width: room.columns, theme: theme)
                lastLayout.layout = layout
                return layout.lines
            },
            hints: footerHints
        ).render(size: size, theme: theme)
    }

    /// The product's actions (`ProductDetailKeys`: `a` adds the product to the cart or says why it cannot, Ctrl-R
    /// loads it again), then the scroll keys while the body is taller than the room; other keys are left to the
    /// App (Escape goes back).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        if let action = keyMap.action(ProductDetailKeys.self, for: key) {
            switch action {
            case .reload: viewModel.send(.load)
            case .addToCart: viewModel.send(.addToCart)
            }
            return .handled
        }
        guard let layout = lastLayout.layout, layout.isScrollable,
            let scroll = keyMap.action(ScrollKeys.self, for: key)
        else { return .ignored }
        viewModel.send(.scroll(scroll.move, in: layout))
        return .handled
    }

    /// The wheel scrolls the body (wherever the pointer is on the screen).
    public func handleMouse(_ event: MouseEvent) -> KeyHandling {
        guard let layout = lastLayout.layout, layout.isScrollable, let direction = event.wheelDirection,
            direction == .up || direction == .down
        else { return .ignored }
        let step = direction == .up ? -ScrollState.wheelStep : ScrollState.wheelStep
        viewModel.send(.scroll(.by(step), in: layout))
        return .handled
    }

    /// `a` (which says why it cannot while the product is unknown or sold out), Ctrl-R, and the scroll keys while
    /// the body does not fit.
    public var keyHelp: [KeyHelpItem] {
        var items = keyMap.help(ProductDetailKeys.allCases)
        if lastLayout.layout?.isScrollable == true {
            items.append(ScrollKeys.help(in: keyMap))
        }
        return items
    }

    /// The footer: the screen's keys with the ones other entries add (`l` add to list) after the first.
    private var footerHints: [KeyHelpItem] {
        let own = keyHelp
        return Array(own.prefix(1)) + contributedHints() + own.dropFirst()
    }
}

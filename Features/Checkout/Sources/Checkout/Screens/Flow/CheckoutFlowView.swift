import DesignSystem
import TerminalUI

/// The whole checkout flow as one screen: a heading with the step (`Checkout · Step 2 of 6 · Shipping address`),
/// a warning when progress cannot be saved, and the current step's view. Keys go to the step's view; Backspace
/// (`CheckoutKeys.stay`) never leaves the flow.
public struct CheckoutFlowView: TerminalView {
    private let coordinator: CheckoutCoordinator
    private let theme: Theme
    private let keyMap: KeyMap

    /// Creates the view.
    public init(coordinator: CheckoutCoordinator, theme: Theme, keyMap: KeyMap) {
        self.coordinator = coordinator
        self.theme = theme
        self.keyMap = keyMap
    }

    /// The heading and the current step's lines below it.
    public func render(size: TerminalSize) -> [StyledLine] {
        let width = size.columns
        var header = Heading(title, subtitle: subtitle).render(width: width, theme: theme)
        if let earlier = coordinator.earlierOrder {
            let message =
                "Your earlier order went through: order \(earlier.id), \(coordinator.format.money(earlier.total)). "
                + "Nothing was ordered twice."
            header += Banner(.info, message: message).render(width: width, theme: theme)
        }
        if let saveError = coordinator.saveError {
            header += Banner(.warning, message: saveError.description).render(width: width, theme: theme)
        }
        let room = TerminalSize(columns: width, rows: max(size.rows - header.count, 0))
        let body = stepView.map { $0.render(size: room) } ?? finishedLines(width: width)
        return Array((header + body).prefix(size.rows))
    }

    /// Passes the key to the current step's view. Backspace (`CheckoutKeys.stay`) never leaves the flow: a step
    /// that has no text to edit uses it for nothing (going back is Escape, or the key a step names).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let handling = stepView?.handle(key) ?? .ignored
        if handling == .ignored, keyMap.action(CheckoutKeys.self, for: key) == .stay { return .handled }
        return handling
    }

    /// Whether the step on screen is typing into a field.
    public var isEditingText: Bool { stepView?.isEditingText ?? false }

    /// The keys of the step on screen, and Backspace's stay unless a field has it.
    public var keyHelp: [KeyHelpItem] {
        (stepView?.keyHelp ?? []) + (isEditingText ? [] : [keyMap.help(CheckoutKeys.stay)])
    }

    // MARK: - Private

    private var title: String {
        switch coordinator.screen {
        case .loading, .resumeOffer, .finished: "Checkout"
        default: "Checkout · Step \(coordinator.step.number) of \(CheckoutStep.allCases.count)"
        }
    }

    private var subtitle: String? {
        switch coordinator.screen {
        case .loading, .resumeOffer, .finished: nil
        default: coordinator.step.title
        }
    }

    private var stepView: (any TerminalView)? {
        switch coordinator.screen {
        case .loading, .finished: nil
        case .resumeOffer(let viewModel): ResumeDraftView(viewModel: viewModel, theme: theme, keyMap: keyMap)
        case .reviewCart(let viewModel): ReviewCartView(viewModel: viewModel, theme: theme, keyMap: keyMap)
        case .shippingAddress(let viewModel): ShippingAddressView(viewModel: viewModel, theme: theme, keyMap: keyMap)
        case .shippingOption(let viewModel): ShippingOptionView(viewModel: viewModel, theme: theme, keyMap: keyMap)
        case .payment(let viewModel): PaymentView(viewModel: viewModel, theme: theme, keyMap: keyMap)
        case .review(let viewModel): OrderReviewView(viewModel: viewModel, theme: theme, keyMap: keyMap)
        case .placeOrder(let viewModel): PlaceOrderView(viewModel: viewModel, theme: theme, keyMap: keyMap)
        }
    }

    private func finishedLines(width: Int) -> [StyledLine] {
        switch coordinator.screen {
        case .finished(.placed(let orderID)):
            Banner(.info, message: "Order \(orderID) is placed.").render(width: width, theme: theme)
        case .finished(.cancelled):
            Text("Checkout was cancelled.").render(width: width, theme: theme)
        default:
            Spinner("Preparing checkout…").render(width: width, theme: theme)
        }
    }
}

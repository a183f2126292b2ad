import DesignSystem
import TerminalUI

/// Step 6. Keys: Enter (or `r`) sends or tries again, `o` starts over when an earlier order's outcome is unknown,
/// Escape goes back to the review, `q` leaves checkout.
public struct PlaceOrderView: TerminalView {
    private let viewModel: PlaceOrderViewModel
    private let theme: Theme

    /// Creates the view.
    public init(viewModel: PlaceOrderViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The progress or the outcome.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        switch viewModel.status {
        case .ready:
            body.append(Text("Your order is confirmed but was not sent yet."))
        case .sending:
            body.append(Spinner("Placing your order…"))
        case .placed(let orderID, let total):
            body.append(Banner(.info, message: "Thank you! Order \(orderID) is placed (\(total))."))
            if let note = viewModel.placedNote { body.append(Text(note)) }
        case .failed(let message, let canRetry):
            let hint =
                viewModel.canStartOver
                ? "Press o to start over (the earlier order may still arrive)"
                : canRetry ? "Press r to try again" : nil
            body.append(Banner(.error, message: message, actionHint: hint))
        }
        return ScreenScaffold(body: .stack(body), hints: keyHelp).render(size: size, theme: theme)
    }

    /// Sends, tries again, goes back or leaves.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        if key.isEnter || key.isCharacter("r") {
            viewModel.send(.place)
        } else if key.isCharacter("o"), viewModel.canStartOver {
            viewModel.send(.startOver)
        } else if key.isEscape {
            viewModel.send(.goBack)
        } else if key.isCharacter("q") {
            viewModel.send(.cancel)
        } else {
            return .ignored
        }
        return .handled
    }

    /// Send (or try again), back to the review and leave, while the order can still be sent; none while it is
    /// being sent or once it is placed.
    public var keyHelp: [KeyHelpItem] {
        let always = [KeyHelpItem(key: "esc", action: "back to review"), KeyHelpItem(key: "q", action: "leave")]
        switch viewModel.status {
        case .ready: return [KeyHelpItem(key: "enter", action: "send")] + always
        case .sending, .placed: return []
        case .failed(_, let canRetry):
            let startOver = viewModel.canStartOver ? [KeyHelpItem(key: "o", action: "start over")] : []
            return startOver + (canRetry ? [KeyHelpItem(key: "r", action: "try again")] : []) + always
        }
    }
}

import DesignSystem
import TerminalUI

/// Step 6. Keys: `PlaceOrderKeys` (Enter or `r` sends or tries again, `o` starts over when an earlier order's
/// outcome is unknown, Escape goes back to the review, `q` leaves checkout), each while its help lists it.
public struct PlaceOrderView: TerminalView {
    private let viewModel: PlaceOrderViewModel
    private let theme: Theme
    private let keyMap: KeyMap

    /// Creates the view.
    public init(viewModel: PlaceOrderViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
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
        guard let action = keyMap.action(PlaceOrderKeys.self, for: key), available.contains(action) else {
            return .ignored
        }
        switch action {
        case .send: viewModel.send(.place)
        case .startOver: viewModel.send(.startOver)
        case .back: viewModel.send(.goBack)
        case .leave: viewModel.send(.cancel)
        }
        return .handled
    }

    /// Send (or try again), back to the review and leave, while the order can still be sent; none while it is
    /// being sent or once it is placed.
    public var keyHelp: [KeyHelpItem] {
        available.map { action in
            keyMap.help(action, as: action == .send && viewModel.status != .ready ? "try again" : nil)
        }
    }

    /// The actions the status allows, in the help's order.
    private var available: [PlaceOrderKeys] {
        let always: [PlaceOrderKeys] = [.back, .leave]
        switch viewModel.status {
        case .ready: return [.send] + always
        case .sending, .placed: return []
        case .failed(_, let canRetry):
            return (viewModel.canStartOver ? [.startOver] : []) + (canRetry ? [.send] : []) + always
        }
    }
}

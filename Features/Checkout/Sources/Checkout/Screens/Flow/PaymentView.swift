import DesignSystem
import TerminalUI

/// Step 4. Keys: on the methods, ↑↓ choose card or invoice; Tab moves between the methods and the card's fields;
/// typing edits a card field; Enter continues; Escape goes back.
public struct PaymentView: TerminalView {
    private let viewModel: PaymentViewModel
    private let theme: Theme

    /// Creates the view.
    public init(viewModel: PaymentViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The methods, the card form when paying by card, and the hints.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        let choices = PaymentViewModel.Choice.allCases
        body.append(
            Menu(
                items: choices.map { Menu.Item($0.title) },
                highlightedIndex: viewModel.focus == .methods ? choices.firstIndex(of: viewModel.choice) : nil,
                chosenIndex: choices.firstIndex(of: viewModel.choice)
            ))
        if viewModel.choice == .card {
            if let savedCard = viewModel.savedCard {
                body.append(Text("Paying with \(savedCard). Type another card to replace it.", style: .caption))
            }
            for field in CardField.allCases {
                body.append(
                    TextField(
                        label: field.label,
                        state: viewModel.state(of: field),
                        placeholder: field == .expiry ? "MM/YY" : "",
                        validationMessage: viewModel.fieldMessages[field],
                        isFocused: viewModel.focus == .card(field)
                    ))
            }
        } else {
            body.append(Text("You will receive an invoice with your order.", style: .caption))
        }
        if viewModel.isTokenizing {
            body.append(Spinner("Checking your card…"))
        }
        return ScreenFrame(
            problem: viewModel.problem,
            body: body,
            hints: [
                KeyHint(key: "tab", action: "next"), KeyHint(key: "enter", action: "continue"),
                KeyHint(key: "esc", action: "back"),
            ]
        ).render(size: size, theme: theme)
    }

    /// Chooses, moves, edits, continues or goes back.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        switch (key.key, key.modifiers) {
        case (.tab, []):
            viewModel.focusNext()
        case (.up, []) where viewModel.focus == .methods:
            viewModel.choose(.card)
            viewModel.setFocus(.methods)
        case (.down, []) where viewModel.focus == .methods:
            viewModel.choose(.invoice)
        case (.enter, []):
            Task { await viewModel.continueToNextStep() }
        case (.escape, _):
            viewModel.goBack()
        default:
            return viewModel.edit(key)
        }
        return .handled
    }
}

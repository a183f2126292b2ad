import DesignSystem
import TerminalUI

/// Step 4. Keys: on the methods, ↑↓ choose card or invoice; Tab and Shift-Tab move between the methods and the
/// card's fields; typing edits a card field (Backspace only ever deletes text); Enter continues; Escape goes back.
/// The card number shows only its last four digits, the security code not at all.
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
                        isFocused: viewModel.focus == .card(field),
                        mask: Self.mask(for: field)
                    ))
            }
        } else {
            body.append(Text("You will receive an invoice with your order.", style: .caption))
        }
        if viewModel.isTokenizing {
            body.append(Spinner("Checking your card…"))
        }
        return ScreenScaffold(
            notice: viewModel.problem.map { Notice(.error, message: $0) },
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Chooses, moves, edits, continues or goes back.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        switch (key.key, key.modifiers) {
        case (.tab, []):
            viewModel.send(.focusNext)
        case (.tab, .shift):
            viewModel.send(.focusPrevious)
        case (.up, []) where viewModel.focus == .methods:
            viewModel.send(.choose(.card))
        case (.down, []) where viewModel.focus == .methods:
            viewModel.send(.choose(.invoice))
        case (.enter, []):
            viewModel.send(.continueToNextStep)
        case (.escape, _):
            viewModel.send(.goBack)
        default:
            guard case .card(let field) = viewModel.focus else {
                // Backspace edits text only: on the methods it does nothing rather than leave the step.
                return key.key == .backspace ? .handled : .ignored
            }
            var state = viewModel.state(of: field)
            guard state.handle(key) == .handled else { return .ignored }
            viewModel.send(.edit(state, field))
        }
        return .handled
    }

    /// While a card field, not the choice of method, has the focus.
    public var isEditingText: Bool { viewModel.focus != .methods }

    /// The keys of the methods or of the card form, wherever the focus is.
    public var keyHelp: [KeyHelpItem] {
        var items: [KeyHelpItem] = []
        if viewModel.focus == .methods { items.append(KeyHelpItem(key: "↑↓", action: "card or invoice")) }
        items += [
            KeyHelpItem(key: "tab/shift-tab", action: "next/previous"), KeyHelpItem(key: "enter", action: "continue"),
            KeyHelpItem(key: "esc", action: "back"),
        ]
        return items
    }

    /// How much of a card field shows: the number's last four digits, nothing of the security code.
    static func mask(for field: CardField) -> TextField.Mask {
        switch field {
        case .number: .allButLast(4)
        case .expiry: .none
        case .cvc: .all
        }
    }
}

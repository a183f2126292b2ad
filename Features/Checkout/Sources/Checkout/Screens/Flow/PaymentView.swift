import DesignSystem
import TerminalUI

/// Step 4. Keys: `PaymentKeys` (on the methods, ↑↓ choose card or invoice; Tab and Shift-Tab move between the
/// methods and the card's fields; Enter continues; Escape goes back); on a card field every other key is the
/// field's, so typing edits it (Backspace only ever deletes text; on the methods the flow keeps it).
/// The card number shows only its last four digits, the security code not at all.
public struct PaymentView: TerminalView {
    private let viewModel: PaymentViewModel
    private let theme: Theme
    private let keyMap: KeyMap

    /// Creates the view.
    public init(viewModel: PaymentViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
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
        let action = keyMap.action(PaymentKeys.self, for: key)
        switch action {
        case .next:
            viewModel.send(.focusNext)
        case .previous:
            viewModel.send(.focusPrevious)
        case .card where viewModel.focus == .methods:
            viewModel.send(.choose(.card))
        case .invoice where viewModel.focus == .methods:
            viewModel.send(.choose(.invoice))
        case .continue:
            viewModel.send(.continueToNextStep)
        case .back:
            viewModel.send(.goBack)
        case .card, .invoice, nil:
            // Off the methods, ↑↓ and every other key are the card field's; on the methods the flow keeps
            // Backspace (`CheckoutKeys.stay`).
            guard case .card(let field) = viewModel.focus else { return .ignored }
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
        if viewModel.focus == .methods { items += keyMap.help([PaymentKeys.card, .invoice]) }
        return items + keyMap.help([PaymentKeys.next, .previous, .continue, .back])
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

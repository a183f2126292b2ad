import DesignSystem
import TerminalUI

/// Step 2. Keys: typing edits the focused field (Backspace only ever deletes text); Tab, ↓ and Enter move to the
/// next field (Enter on the last field continues), Shift-Tab and ↑ to the previous one; Ctrl-S continues from any
/// field; Escape goes back to the cart.
public struct ShippingAddressView: TerminalView {
    private let viewModel: ShippingAddressViewModel
    private let theme: Theme

    /// Creates the view.
    public init(viewModel: ShippingAddressViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The fields with their messages, the supported countries and the hints.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = []
        for field in viewModel.fields {
            body.append(
                TextField(
                    label: field.label,
                    state: viewModel.state(of: field),
                    placeholder: field == .country ? "two letters, such as DE" : "",
                    validationMessage: viewModel.message(for: field),
                    isFocused: viewModel.focusedField == field
                ))
        }
        body.append(Text(viewModel.countryHint, style: .caption))
        return ScreenScaffold(
            notice: viewModel.problem.map { Notice(.error, message: $0) },
            body: .stack(body),
            hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Moves between fields, edits, continues or goes back. Every key that edits text is used, so Backspace at the
    /// start of a field does nothing rather than leave the step.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        switch (key.key, key.modifiers) {
        case (.tab, []), (.down, []):
            viewModel.send(.focusNext)
        case (.tab, .shift), (.up, []):
            viewModel.send(.focusPrevious)
        case (.enter, []) where viewModel.focusedField != viewModel.fields.last:
            viewModel.send(.focusNext)
        case (.enter, []), (.character("s"), .control):
            viewModel.send(.continueToNextStep)
        case (.escape, _):
            viewModel.send(.goBack)
        default:
            let field = viewModel.focusedField
            var state = viewModel.state(of: field)
            guard state.handle(key) == .handled else { return .ignored }
            viewModel.send(.edit(state, field))
        }
        return .handled
    }

    /// Always: one of the address fields has the focus.
    public var isEditingText: Bool { true }

    /// The form's keys.
    public var keyHelp: [KeyHelpItem] {
        [
            KeyHelpItem(key: "tab/shift-tab", action: "next/previous field"),
            KeyHelpItem(key: "ctrl-s", action: "continue"), KeyHelpItem(key: "esc", action: "back to the cart"),
            KeyHelpItem(key: "enter", action: "next field"),
        ]
    }
}

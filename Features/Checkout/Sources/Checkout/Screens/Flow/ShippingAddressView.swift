import DesignSystem
import TerminalUI

/// Step 2. Keys: `ShippingAddressKeys` (Tab and ↓ move to the next field, Enter too, and on the last field it
/// continues; Shift-Tab and ↑ to the previous one; Ctrl-S continues from any field; Escape goes back to the cart);
/// every other key is the focused field's, so typing edits it (Backspace only ever deletes text).
public struct ShippingAddressView: TerminalView {
    private let viewModel: ShippingAddressViewModel
    private let theme: Theme
    private let keyMap: KeyMap

    /// Creates the view.
    public init(viewModel: ShippingAddressViewModel, theme: Theme, keyMap: KeyMap) {
        self.viewModel = viewModel
        self.theme = theme
        self.keyMap = keyMap
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
        switch keyMap.action(ShippingAddressKeys.self, for: key) {
        case .nextField:
            viewModel.send(.focusNext)
        case .previousField:
            viewModel.send(.focusPrevious)
        case .advance where !isOnLastField:
            viewModel.send(.focusNext)
        case .advance, .continue:
            viewModel.send(.continueToNextStep)
        case .back:
            viewModel.send(.goBack)
        case nil:
            let field = viewModel.focusedField
            var state = viewModel.state(of: field)
            guard state.handle(key) == .handled else { return .ignored }
            viewModel.send(.edit(state, field))
        }
        return .handled
    }

    /// Always: one of the address fields has the focus.
    public var isEditingText: Bool { true }

    /// The form's keys (Enter's as it acts on the focused field).
    public var keyHelp: [KeyHelpItem] {
        [
            keyMap.help(ShippingAddressKeys.nextField), keyMap.help(ShippingAddressKeys.previousField),
            keyMap.help(ShippingAddressKeys.continue), keyMap.help(ShippingAddressKeys.back),
            keyMap.help(ShippingAddressKeys.advance, as: isOnLastField ? "continue" : nil),
        ]
    }

    private var isOnLastField: Bool { viewModel.focusedField == viewModel.fields.last }
}

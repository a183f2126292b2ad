import DesignSystem
import TerminalUI

/// Step 2. Keys: typing edits the focused field; Tab, ↓ and Enter move to the next field (Enter on the last field
/// continues), Shift-Tab and ↑ to the previous one; Ctrl-S continues from any field; Escape goes back.
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
                    placeholder: field == .country ? "DE" : "",
                    validationMessage: viewModel.message(for: field),
                    isFocused: viewModel.focusedField == field
                ))
        }
        body.append(Text(viewModel.countryHint, style: .caption))
        return ScreenFrame(
            problem: viewModel.problem,
            body: body,
            hints: [
                KeyHint(key: "tab", action: "next field"), KeyHint(key: "ctrl+s", action: "continue"),
                KeyHint(key: "esc", action: "back"),
            ]
        ).render(size: size, theme: theme)
    }

    /// Moves between fields, edits, continues or goes back.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        let viewModel = self.viewModel
        switch (key.key, key.modifiers) {
        case (.tab, []), (.down, []):
            viewModel.focusNext()
        case (.tab, .shift), (.up, []):
            viewModel.focusPrevious()
        case (.enter, []) where viewModel.focusedField != viewModel.fields.last:
            viewModel.focusNext()
        case (.enter, []), (.character("s"), .control):
            Task { await viewModel.continueToNextStep() }
        case (.escape, _):
            viewModel.goBack()
        default:
            return viewModel.edit(key)
        }
        return .handled
    }
}

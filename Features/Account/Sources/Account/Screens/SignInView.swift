import DesignSystem
import TerminalUI

/// The sign-in screen: the prompt, the user name field with its validation message, the progress line, the banner
/// and the key hints. Printable keys are typed and the readline keys edit (Ctrl-U clears); Enter signs in; Escape
/// and Tab are left to the App (to close the screen and drop a parked action, to move to the next tab).
@MainActor
public struct SignInView: TerminalView {
    private let viewModel: SignInViewModel
    private let theme: Theme

    /// Creates the view of `viewModel`, drawn with `theme`.
    public init(viewModel: SignInViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        var body: [any Component] = [
            TextField(
                label: viewModel.fieldLabel,
                state: viewModel.userName,
                placeholder: viewModel.placeholder,
                validationMessage: viewModel.validationMessage,
                isFocused: !viewModel.isSigningIn
            )
        ]
        if let statusLine = viewModel.statusLine {
            body.append(Text(statusLine, style: .caption))
        }
        return ScreenScaffold(
            header: [Heading(viewModel.title, subtitle: viewModel.prompt)], notice: viewModel.message,
            body: .stack(body), hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Enter submits; Escape and Tab are ignored (the App's); other keys edit the field.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        switch key.key {
        case .enter where key.modifiers.isEmpty:
            viewModel.send(.submit)
            return .handled
        case .escape, .tab:
            return .ignored
        default:
            var edited = viewModel.userName
            guard edited.handle(key) == .handled else { return .ignored }
            viewModel.send(.edit(edited))
            return .handled
        }
    }

    /// Always: the user name field has the focus.
    public var isEditingText: Bool { true }

    /// Typing, Enter and Escape.
    public var keyHelp: [KeyHelpItem] {
        [
            KeyHelpItem(key: "enter", action: "sign in"), KeyHelpItem(key: "ctrl-u", action: "clear"),
            KeyHelpItem(key: "esc", action: "back"),
        ]
    }
}

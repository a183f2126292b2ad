import DesignSystem
import TerminalUI

/// The sign-in screen: the prompt, the user name field with its validation message, the progress line, the banner
/// and the key hints. Enter signs in; Escape is left to the App (to close the screen and drop a parked action).
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
        var body: [any Component] = [Heading(viewModel.title, subtitle: viewModel.prompt)]
        body.append(
            TextField(
                label: viewModel.fieldLabel,
                state: viewModel.userName,
                placeholder: viewModel.placeholder,
                validationMessage: viewModel.validationMessage,
                isFocused: !viewModel.isSigningIn
            ))
        if let statusLine = viewModel.statusLine {
            body.append(Text(statusLine, style: .caption))
        }
        body += ScreenLayout.banner(viewModel.message)
        let hints = [KeyHint(key: "Enter", action: "sign in"), KeyHint(key: "Esc", action: "back")]
        return ScreenLayout.render(body: body, hints: hints, size: size, theme: theme)
    }

    /// Enter submits, Escape is ignored (the App closes the screen), other keys edit the field.
    public func handle(_ key: KeyEvent) -> KeyHandling {
        switch key.key {
        case .enter where key.modifiers.isEmpty:
            viewModel.submit()
            return .handled
        case .escape:
            return .ignored
        default:
            return viewModel.edit(key)
        }
    }
}

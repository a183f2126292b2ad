import DesignSystem
import TerminalUI

/// The account screen: who is signed in, the changes not yet sent, the banner and the key hints.
///
/// Keys: `s` signs out; while a confirmation is pending `y` signs out anyway and `n` (or Escape) stays signed in;
/// `r` counts the changes not yet sent; a guest's `l` asks for the sign-in screen. Other keys are left to the App.
@MainActor
public struct AccountView: TerminalView {
    private let viewModel: AccountViewModel
    private let theme: Theme

    /// Creates the view of `viewModel`, drawn with `theme`.
    public init(viewModel: AccountViewModel, theme: Theme) {
        self.viewModel = viewModel
        self.theme = theme
    }

    /// The screen's lines for `size`.
    public func render(size: TerminalSize) -> [StyledLine] {
        var summary: [any Component] = [Text(viewModel.headline, style: .heading)]
        summary += viewModel.details.map { Text($0, style: .caption) }
        if let unsent = viewModel.unsentChangesLine {
            summary.append(Text(unsent))
        }
        var body: [any Component] = [Stack(summary)]
        if let statusLine = viewModel.statusLine {
            body.append(Text(statusLine, style: .caption))
        }
        return ScreenScaffold(
            header: [Heading(viewModel.title)], notice: viewModel.message, body: .stack(body), hints: keyHelp
        ).render(size: size, theme: theme)
    }

    /// Handles the screen's keys (see the type's documentation).
    public func handle(_ key: KeyEvent) -> KeyHandling {
        guard key.modifiers.isEmpty else { return .ignored }
        switch key.key {
        case .character("y") where viewModel.needsConfirmation:
            viewModel.send(.confirmSignOut)
        case .character("n") where viewModel.needsConfirmation, .escape where viewModel.needsConfirmation:
            viewModel.send(.cancelSignOut)
        case .character("s") where viewModel.canSignOut:
            viewModel.send(.signOut)
        case .character("r"):
            viewModel.send(.refresh)
        case .character("l") where viewModel.canSignIn:
            viewModel.send(.requestSignIn)
        default:
            return .ignored
        }
        return .handled
    }

    /// The keys that work now: the confirmation's while one is pending, otherwise sign out or in, and refresh.
    public var keyHelp: [KeyHelpItem] {
        if viewModel.needsConfirmation {
            return [
                KeyHelpItem(key: "y", action: "sign out anyway"), KeyHelpItem(key: "n", action: "stay signed in"),
            ]
        }
        var hints: [KeyHelpItem] = []
        if viewModel.canSignOut { hints.append(KeyHelpItem(key: "s", action: "sign out")) }
        if viewModel.canSignIn { hints.append(KeyHelpItem(key: "l", action: "sign in")) }
        hints.append(KeyHelpItem(key: "r", action: "refresh"))
        return hints
    }
}

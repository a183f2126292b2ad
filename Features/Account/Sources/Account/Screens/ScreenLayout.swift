import DesignSystem
import TerminalUI

/// The frame both account screens share: the body from the top, the key hints on the last lines, clipped to the size.
enum ScreenLayout {
    /// The lines of a screen of `size`: `body` from the top (cut to leave room for the footer) and `hints` at the
    /// bottom.
    static func render(body: [any Component], hints: [KeyHint], size: TerminalSize, theme: Theme) -> [StyledLine] {
        guard size.columns > 0, size.rows > 0 else { return [] }
        let footer = KeyHints(hints).render(width: size.columns, theme: theme)
        let room = max(size.rows - footer.count - 1, 0)
        var lines = Array(Stack(spacing: 1, body).render(width: size.columns, theme: theme).prefix(room))
        if room > 0 {
            lines += Array(repeating: .empty, count: size.rows - footer.count - lines.count)
        }
        lines += footer
        return Array(lines.prefix(size.rows))
    }

    /// The banner of `message`, if there is one.
    static func banner(_ message: ScreenMessage?) -> [any Component] {
        guard let message else { return [] }
        let kind: Banner.Kind =
            switch message.kind {
            case .info: .info
            case .warning: .warning
            case .error: .error
            }
        return [Banner(kind, message: message.text)]
    }
}

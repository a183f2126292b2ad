import TerminalUI

/// A message about the state of a screen: information, a warning or an error, with a hint at what to do.
///
/// The first line starts with the kind's symbol (`ℹ`, `⚠`, `✖`), so the kind shows without colour; the message
/// wraps under itself, and the action hint (`Press r to retry`) follows on its own line in caption style.
public struct Banner: Component, Hashable, Sendable {
    /// What kind of message it is.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// Information: nothing is wrong.
        case info
        /// Something needs attention: stale data, offline.
        case warning
        /// Something failed.
        case error
    }

    /// What kind of message it is.
    public var kind: Kind
    /// The message.
    public var message: String
    /// What the user can do about it, such as `Press r to retry`.
    public var actionHint: String?

    /// Creates a banner.
    public init(_ kind: Kind, message: String, actionHint: String? = nil) {
        self.kind = kind
        self.message = message
        self.actionHint = actionHint
    }

    /// The banner's lines.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let symbols = theme.symbols
        let (symbol, tone): (String, ColorToken) =
            switch kind {
            case .info: (symbols.info, .primary)
            case .warning: (symbols.warning, .warning)
            case .error: (symbols.error, .danger)
            }
        let prefix = StyledLine(symbol + " ", style: Style(foreground: tone.color, attributes: .bold))
        let indent = prefix.width
        guard width > indent else { return [prefix.clipped(toWidth: width)] }
        let messageStyle = Style(foreground: tone.color, attributes: kind == .error ? .bold : [])
        var lines: [StyledLine] = []
        for (index, line) in StyledLine(message, style: messageStyle).wrapped(toWidth: width - indent).enumerated() {
            lines.append((index == 0 ? prefix : StyledLine(String(repeating: " ", count: indent))) + line)
        }
        if let actionHint {
            let hint = StyledLine(actionHint, style: .text(.caption)).wrapped(toWidth: width - indent)
            lines += hint.map { StyledLine(String(repeating: " ", count: indent)) + $0 }
        }
        return lines
    }
}

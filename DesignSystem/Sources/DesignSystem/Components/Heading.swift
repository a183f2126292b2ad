import TerminalUI

/// The heading of a screen or of a section, with an optional subtitle.
///
/// A screen heading (`.screen`) is a title-styled line, the subtitle in caption style, and a horizontal rule across
/// the width. A section heading (`.section`) is one heading-styled line, with the subtitle on the same line when it
/// fits. Text that does not fit is truncated with an ellipsis.
public struct Heading: Component {
    /// How prominent the heading is.
    public enum Level: Hashable, Sendable {
        /// The title of a screen.
        case screen
        /// The heading of a section within a screen.
        case section
    }

    /// The heading text.
    public var title: String
    /// Supporting text: a count, a status, a short description.
    public var subtitle: String?
    /// How prominent the heading is.
    public var level: Level

    /// Creates a heading.
    public init(_ title: String, subtitle: String? = nil, level: Level = .screen) {
        self.title = title
        self.subtitle = subtitle
        self.level = level
    }

    /// The heading's lines.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let ellipsis = theme.symbols.ellipsis
        switch level {
        case .screen:
            var lines = [StyledLine(title, style: .text(.title)).truncated(toWidth: width, ellipsis: ellipsis)]
            if let subtitle {
                lines.append(StyledLine(subtitle, style: .text(.caption)).truncated(toWidth: width, ellipsis: ellipsis))
            }
            let rule = String(repeating: theme.symbols.horizontalLine, count: width)
            lines.append(StyledLine(rule, style: .color(.muted)).clipped(toWidth: width))
            return lines
        case .section:
            var line = StyledLine(title, style: .text(.heading))
            if let subtitle {
                let withSubtitle =
                    line + StyledLine(Spacing.small.spaces) + StyledLine(subtitle, style: .text(.caption))
                if withSubtitle.width <= width { line = withSubtitle }
            }
            return [line.truncated(toWidth: width, ellipsis: ellipsis)]
        }
    }
}

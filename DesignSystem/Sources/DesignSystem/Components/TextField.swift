import TerminalUI

/// A single-line text input with a label, a placeholder, a cursor and a validation message.
///
/// ```
/// Email
/// [ada@example.            ]
/// ✖ Enter a full address
/// ```
/// The field spans the width between brackets. When focused, the cell under the cursor is styled
/// `TextAttributes.cursor`, which the frame renderer turns into the terminal's own cursor; text longer than the
/// field scrolls to keep the cursor in view. When not focused, long text is truncated with an ellipsis. An empty
/// field shows the placeholder dim and in italics, so it never reads as a value. A field whose state hit its
/// `maximumLength` says so under it (`Up to 200 characters.`); a `mask` hides secrets (a card number shows only its
/// last four digits).
public struct TextField: Component {
    /// How much of the text the field shows.
    public enum Mask: Hashable, Sendable {
        /// All of it.
        case none
        /// Every character as a bullet (a CVC, a password).
        case all
        /// Bullets except for the last `count` characters (a card number shows its last four).
        case allButLast(Int)
    }

    /// The label above the field.
    public var label: String
    /// The text and cursor.
    public var state: TextFieldState
    /// What an empty field shows.
    public var placeholder: String
    /// A message under the field saying what is wrong with the text, or `nil` when nothing is.
    public var validationMessage: String?
    /// Whether the field has the keyboard focus (shows the cursor).
    public var isFocused: Bool
    /// How much of the text is shown.
    public var mask: Mask

    /// Creates a text field.
    public init(
        label: String,
        state: TextFieldState,
        placeholder: String = "",
        validationMessage: String? = nil,
        isFocused: Bool = false,
        mask: Mask = .none
    ) {
        self.label = label
        self.state = state
        self.placeholder = placeholder
        self.validationMessage = validationMessage
        self.isFocused = isFocused
        self.mask = mask
    }

    /// The label, the field and the validation message.
    public func render(width: Int, theme: Theme) -> [StyledLine] {
        guard width > 0 else { return [] }
        let symbols = theme.symbols
        let labelStyle = isFocused ? Style.text(.heading, color: .primary) : Style.text(.heading)
        var lines = [StyledLine(label, style: labelStyle).truncated(toWidth: width, ellipsis: symbols.ellipsis)]
        let inner = width - 2
        if inner >= 1 {
            let bracketStyle = Style.color(isFocused ? .primary : .muted)
            let content = fieldContent(width: inner, symbols: symbols).padded(toWidth: inner)
            lines.append(StyledLine("[", style: bracketStyle) + content + StyledLine("]", style: bracketStyle))
        }
        if let validationMessage {
            let message = StyledLine(symbols.error + " " + validationMessage, style: .color(.danger))
            lines += message.wrapped(toWidth: width)
        }
        if state.limitReached, let limit = state.maximumLength {
            let note = StyledLine(
                symbols.info + " Up to \(limit) character\(limit == 1 ? "" : "s"); the rest was not typed.",
                style: .color(.warning))
            lines += note.wrapped(toWidth: width)
        }
        return lines
    }

    // MARK: - Private

    /// What a placeholder looks like: dim, muted and in italics, unlike any value.
    static let placeholderStyle = Style(foreground: ColorToken.muted.color, attributes: [.dim, .italic])

    /// The text as shown, with masked characters as bullets.
    private func shownText(bullet: String) -> String {
        switch mask {
        case .none:
            return state.text
        case .all:
            return String(repeating: bullet, count: state.count)
        case .allButLast(let visible):
            let hidden = max(state.count - max(visible, 0), 0)
            return String(repeating: bullet, count: hidden) + String(state.text.suffix(state.count - hidden))
        }
    }

    /// The field's one line of text between the brackets, `width` cells at most: the text scrolled to keep the
    /// cursor in view when focused, truncated otherwise, or the placeholder (`FilterList`'s filter line too).
    func fieldContent(width: Int, symbols: Symbols) -> StyledLine {
        let ellipsis = symbols.ellipsis
        let text = shownText(bullet: symbols.bullet)
        guard !text.isEmpty else {
            let placeholderLine = StyledLine(placeholder, style: Self.placeholderStyle).truncated(
                toWidth: width,
                ellipsis: ellipsis
            )
            guard isFocused else { return placeholderLine }
            // The cursor sits on the first cell; the placeholder follows it.
            return StyledLine(" ", style: Style(attributes: .cursor))
                + placeholderLine.clipped(toWidth: max(width - 1, 0))
        }
        guard isFocused else { return StyledLine(text).truncated(toWidth: width, ellipsis: ellipsis) }
        let characters = Array(text)
        let widths = characters.map { CellWidth.of($0) }
        let cursor = state.cursor
        let cursorWidth = cursor < characters.count ? max(widths[cursor], 1) : 1
        // Scroll: the first character shown is the earliest that keeps the cursor's cell inside the field.
        var first = 0
        var before = widths[0..<cursor].reduce(0, +)
        while first < cursor && before + cursorWidth > width {
            before -= widths[first]
            first += 1
        }
        var line = StyledLine(String(characters[first..<cursor]))
        if cursor < characters.count {
            line.append(String(characters[cursor]), style: Style(attributes: .cursor))
            line.append(String(characters[(cursor + 1)...]))
        } else {
            line.append(" ", style: Style(attributes: .cursor))
        }
        return line.clipped(toWidth: width)
    }
}

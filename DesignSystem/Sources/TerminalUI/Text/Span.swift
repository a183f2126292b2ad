import Primitives

/// A run of text in one style, part of a `StyledLine`.
///
/// The text is one line as the terminal will show it: a tab becomes one space, and every other control character
/// (C0, DEL, C1, including ESC and line breaks) becomes a visible stand-in one cell wide (`␛`, `␊`, U+FFFD for C1:
/// Primitives' `ControlCharacters.escaped`, the one rule for text from outside), so text from a server or a synced
/// file can never move the cursor or inject an escape sequence, and its measured width is the width it is drawn at.
public struct Span: Hashable, Sendable {
    /// The text, free of control characters.
    public let text: String
    /// How the text looks.
    public var style: Style
    /// The cells the text takes (see `CellWidth`), measured once: layout asks for it many times a frame.
    public let width: Int

    /// Creates a span, replacing control characters as the type's documentation says.
    public init(_ text: String, style: Style = .plain) {
        let clean = ControlCharacters.escaped(text, tabsAsSpaces: true)
        self.text = clean
        self.style = style
        self.width = CellWidth.of(clean)
    }
}

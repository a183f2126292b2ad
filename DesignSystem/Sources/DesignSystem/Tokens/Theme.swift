import TerminalUI

/// What components need to know about the terminal they render for, beyond the width.
///
/// Colours need nothing here: a component's lines carry colours for every capability, and the renderer picks
/// (see `StyledTextRenderer`). What does depend on the terminal is which symbols it can show.
public struct Theme: Hashable, Sendable {
    /// The symbols to draw with.
    public var symbols: Symbols

    /// Creates a theme.
    public init(symbols: Symbols) {
        self.symbols = symbols
    }

    /// The theme for a terminal: Unicode symbols when its locale is UTF-8, ASCII ones otherwise.
    public init(terminal: Terminal) {
        self.init(symbols: .forLocale(isUTF8: terminal.isUTF8))
    }

    /// Unicode symbols.
    public static let unicode = Theme(symbols: .unicode)
    /// ASCII symbols.
    public static let ascii = Theme(symbols: .ascii)
}

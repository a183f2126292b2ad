/// How a run of text looks: colours and attributes.
///
/// A style says what text should look like for every colour capability at once (see `TerminalColor`), so one
/// `StyledLine` renders to plain text, 16, 256 or 24-bit colour with the same layout. Design tokens in the
/// `DesignSystem` module build styles (`Style.text(.title)`, `Style.color(.danger)`); screens rarely make one by
/// hand.
public struct Style: Hashable, Sendable {
    /// The text colour, or `nil` for the terminal's default.
    public var foreground: TerminalColor?
    /// The cell background, or `nil` for the terminal's default.
    public var background: TerminalColor?
    /// Bold, dim, italic and the other attributes.
    public var attributes: TextAttributes

    /// Creates a style; every part defaults to the terminal's own.
    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look: no colour, no attribute.
    public static let plain = Style()

    /// Whether the style changes nothing about the terminal's default look.
    public var isPlain: Bool { self == .plain }

    /// This style with `other`'s colours where `other` has them, and the attributes of both.
    public func merged(with other: Style) -> Style {
        Style(
            foreground: other.foreground ?? foreground,
            background: other.background ?? background,
            attributes: attributes.union(other.attributes)
        )
    }
}

/// Text attributes other than colour (SGR parameters, ECMA-48 § 8.3.117).
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates attributes from raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold or increased intensity (SGR 1).
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Faint or decreased intensity (SGR 2).
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Single underline (SGR 4).
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped (SGR 7).
    public static let inverse = TextAttributes(rawValue: 1 << 4)
    /// Crossed out (SGR 9).
    public static let strikethrough = TextAttributes(rawValue: 1 << 5)
    /// The text cursor of an input field is on this text. Drawn inverse; the frame renderer also moves the
    /// terminal's own cursor to the first cell that has it, so the cursor shows without colour too.
    public static let cursor = TextAttributes(rawValue: 1 << 6)
}

/// A run of text in one style, part of a `StyledLine`.
///
/// The text is one line as the terminal will show it: a tab becomes one space, and every other control character
/// (C0, DEL, C1, including ESC and line breaks) becomes U+FFFD, so text from outside (a server, a user) can never
/// move the cursor or inject an escape sequence, and its measured width is the width it is drawn at.
public struct Span: Hashable, Sendable {
    /// The text, free of control characters.
    public let text: String
    /// How the text looks.
    public var style: Style

    /// Creates a span, replacing control characters as the type's documentation says.
    public init(_ text: String, style: Style = .plain) {
        self.text = Span.sanitized(text)
        self.style = style
    }

    /// The cells the text takes (see `CellWidth`).
    public var width: Int { CellWidth.of(text) }

    // MARK: - Private

    private static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if !character.unicodeScalars.contains(where: isControl) {
                result.append(character)
            } else if character == "\t" {
                result.append(" ")
            } else {
                result.append("\u{FFFD}")
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}

/// The control characters of Unicode (general category Cc: C0 U+0000...U+001F, DEL U+007F and C1 U+0080...U+009F)
/// in text that comes from outside the program (a server's answer, a file another device wrote, an argument), and
/// the one way the repo makes them harmless before they reach a terminal.
///
/// A terminal acts on these characters instead of showing them: ESC and the C1 CSI (U+009B) start escape sequences
/// that recolour, move the cursor or rewrite the window title (ECMA-48), a line feed or carriage return breaks or
/// overwrites a line, a NUL ends a C string. Input refuses them (`first(in:)`, `name(of:)`); output shows each as a
/// visible character of the same width (`escaped(_:tabsAsSpaces:)`), so nothing written by someone else can drive
/// the terminal and a line stays one line.
public enum ControlCharacters {
    /// Whether `scalar` is a control character (C0, DEL or C1).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// The first control character of `text`, or nil when it has none.
    public static func first(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isControl)
    }

    /// The code point as Unicode writes it, with the control's common name when it has one: `U+001B (ESC)`,
    /// `U+000A (line feed)`, `U+0000 (NUL)`, `U+009B`.
    public static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let common: String? =
            switch scalar.value {
            case 0x00: "NUL"
            case 0x07: "bell"
            case 0x08: "backspace"
            case 0x09: "tab"
            case 0x0A: "line feed"
            case 0x0D: "carriage return"
            case 0x1B: "ESC"
            case 0x7F: "DEL"
            default: nil
            }
        return common.map { "\(code) (\($0))" } ?? code
    }

    /// `text` with every control character replaced by a visible stand-in one cell wide: a C0 control by its
    /// symbol from Unicode's Control Pictures block (ESC `␛` U+241B, line feed `␊` U+240A, NUL `␀` U+2400), DEL by
    /// `␡` (U+2421), a C1 control by U+FFFD; a tab by one space when `tabsAsSpaces` (a screen's cells), otherwise by
    /// `␉`. The characters in `kept` stay as they are (a writer of whole lines keeps `"\n"` between them). Text
    /// without control characters is returned as it is, without copying.
    public static func escaped(_ text: String, tabsAsSpaces: Bool = false, keeping kept: [Unicode.Scalar] = [])
        -> String
    {
        guard text.unicodeScalars.contains(where: { isControl($0) && !kept.contains($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !kept.contains(scalar) else {
                result.append(scalar)
                continue
            }
            result.append(stand(in: scalar, tabsAsSpaces: tabsAsSpaces))
        }
        return String(result)
    }

    // MARK: - Private

    private static func stand(in scalar: Unicode.Scalar, tabsAsSpaces: Bool) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09 where tabsAsSpaces: " "
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}

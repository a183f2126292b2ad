/// The control characters of Unicode (general category Cc: C0 U+0000...U+001F, DEL U+007F and C1 U+0080...U+009F)
/// in text that comes from outside the program (a server's answer, a file another device wrote, an argument), and
/// the one way the repo makes them harmless before they reach a terminal.
///
/// A terminal acts on these characters instead of showing them: ESC and the C1 CSI (U+009B) start escape sequences
/// that recolour, move the cursor or rewrite the window title (ECMA-48), a line feed or carriage return breaks or
/// overwrites a line, a NUL ends a C string. Input refuses them (`first(in:)`, `name(of:)`); output shows each as a
/// visible character of the same width (`escaped(_:tabsAsSpaces:)`), so nothing written by someone else can drive
/// the terminal and a line stays one line.
///
/// Two kinds of format characters (general category Cf) are treated alike, since they change what a person reads
/// without being seen: the bidirectional controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates,
/// U+200E/U+200F marks, U+061C Arabic letter mark; Unicode Standard Annex #9, and the "Trojan Source" reordering of
/// text, CVE-2021-42574) and the invisible ones (U+200B zero width space, U+200C/U+200D zero width non-joiner and
/// joiner, U+2060 word joiner, U+FEFF zero width no-break space, U+00AD soft hyphen). Output shows each as its code
/// point between angle brackets, `⟨U+202E⟩` (a zero width joiner between two emoji, which joins them into one
/// picture, is kept). Input refuses the bidirectional controls as it refuses control characters.
public enum ControlCharacters {
    /// Whether `scalar` is a control character (C0, DEL or C1).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// Whether `scalar` is a bidirectional control (UAX #9): U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// Whether `scalar` is an invisible format character shown by its code point on output: U+200B–U+200D, U+2060,
    /// U+FEFF, U+00AD.
    public static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200D, 0x2060, 0xFEFF, 0x00AD: true
        default: false
        }
    }

    /// Whether output shows `scalar` by its code point (`⟨U+202E⟩`): a bidirectional control or an invisible format
    /// character.
    public static func isShownByCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        isBidiControl(scalar) || isInvisibleFormat(scalar)
    }

    /// The first character input refuses in `text`, a control character or a bidirectional control, or nil when it
    /// has none.
    public static func first(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { isControl($0) || isBidiControl($0) }
    }

    /// The code point as Unicode writes it, with the control's common name when it has one: `U+001B (ESC)`,
    /// `U+000A (line feed)`, `U+0000 (NUL)`, `U+009B`.
    public static func name(of scalar: Unicode.Scalar) -> String {
        let code = name(code: scalar)
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
            case 0x061C: "Arabic letter mark"
            case 0x200E: "left-to-right mark"
            case 0x200F: "right-to-left mark"
            case 0x202A: "left-to-right embedding"
            case 0x202B: "right-to-left embedding"
            case 0x202C: "pop directional formatting"
            case 0x202D: "left-to-right override"
            case 0x202E: "right-to-left override"
            case 0x2066: "left-to-right isolate"
            case 0x2067: "right-to-left isolate"
            case 0x2068: "first strong isolate"
            case 0x2069: "pop directional isolate"
            default: nil
            }
        return common.map { "\(code) (\($0))" } ?? code
    }

    /// `text` with every control character replaced by a visible stand-in one cell wide: a C0 control by its
    /// symbol from Unicode's Control Pictures block (ESC `␛` U+241B, line feed `␊` U+240A, NUL `␀` U+2400), DEL by
    /// `␡` (U+2421), a C1 control by U+FFFD; a tab by one space when `tabsAsSpaces` (a screen's cells), otherwise by
    /// `␉`. A bidirectional control or an invisible format character becomes its code point between angle brackets,
    /// `⟨U+202E⟩` (eight cells; a screen measures the escaped text), except a zero width joiner between two emoji.
    /// The characters in `kept` stay as they are (a writer of whole lines keeps `"\n"` between them). Text without
    /// any of these characters is returned as it is, without copying.
    public static func escaped(_ text: String, tabsAsSpaces: Bool = false, keeping kept: [Unicode.Scalar] = [])
        -> String
    {
        guard text.unicodeScalars.contains(where: { (isControl($0) || isShownByCodePoint($0)) && !kept.contains($0) })
        else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if kept.contains(scalar) {
                result.append(scalar)
            } else if isControl(scalar) {
                result.append(stand(in: scalar, tabsAsSpaces: tabsAsSpaces))
            } else if isShownByCodePoint(scalar), !isEmojiJoiner(at: index, in: scalars) {
                result.append(contentsOf: "\u{27E8}\(name(code: scalar))\u{27E9}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: - Private

    /// `U+202E`: the code point alone, four hex digits at least.
    private static func name(code scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Whether `scalars[index]` is a zero width joiner inside an emoji sequence (👩‍💻): an emoji before it (after
    /// any variation selector or skin-tone modifier) and an emoji after it, none of them ASCII (digits, `#` and `*`
    /// are emoji only as keycaps).
    private static func isEmojiJoiner(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard scalars[index].value == 0x200D, index + 1 < scalars.count else { return false }
        var before = index - 1
        while before >= 0, scalars[before].value == 0xFE0F || scalars[before].properties.isEmojiModifier {
            before -= 1
        }
        guard before >= 0 else { return false }
        let isEmoji: (Unicode.Scalar) -> Bool = { $0.value > 0x7F && $0.properties.isEmoji }
        return isEmoji(scalars[before]) && isEmoji(scalars[index + 1])
    }

    private static func stand(in scalar: Unicode.Scalar, tabsAsSpaces: Bool) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09 where tabsAsSpaces: " "
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}

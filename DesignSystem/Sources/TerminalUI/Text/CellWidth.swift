/// The number of terminal cells text takes, counted per grapheme cluster.
///
/// Terminals lay text out in a grid of cells. Most characters take one cell; East Asian wide and fullwidth
/// characters and emoji take two; combining marks, format characters and variation selectors take none of their
/// own. Layout code measures with this type instead of `String.count`, so truncated and aligned text never splits
/// a character and a padded row is exactly as wide as asked.
///
/// Rules, with their Unicode sources (the tables in `CellWidthTables.swift`, Unicode 15.0):
/// - C0 and C1 control characters: 0 cells (styled text replaces them before it is measured).
/// - General_Category Mn, Me and Cf (UnicodeData.txt), except U+00AD and the prepended concatenation marks, and the
///   Hangul Jamo medial vowels and final consonants: 0 cells.
/// - East_Asian_Width W or F (EastAsianWidth.txt, UAX #11): 2 cells. Ambiguous (A) characters count as 1, as in
///   terminals outside CJK locales.
/// - Everything else: 1 cell.
///
/// A grapheme cluster (UAX #29, as Swift's `Character` forms it) takes the sum of its scalars' cells, except that
/// an emoji sequence takes 2 cells (UTS #51): a pair of regional indicators (a flag), a pictograph followed by the
/// emoji presentation selector U+FE0F (including keycaps), a pictograph with a skin-tone modifier, and a ZWJ
/// sequence of pictographs (Extended_Pictographic, emoji-data.txt). The text presentation selector U+FE0E is
/// ignored, as most terminals ignore it.
public enum CellWidth {
    /// The cells of one grapheme cluster: 0, 1 or 2 for the clusters terminals draw, more only for clusters that
    /// combine several spacing characters (each counted as the rules above say).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return of(first) }
        if isRegionalIndicator(first.value) && isRegionalIndicator(second.value) { return 2 }
        return clusterWidth(scalars, firstIsPictographic: isPictographicBase(first.value))
    }

    /// The cells of a string: the sum of its grapheme clusters' cells.
    public static func of<Text: StringProtocol>(_ text: Text) -> Int {
        // Printable ASCII (most of a screen: padding, prices, titles) takes a cell a byte; no clusters to form.
        var printableASCII = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            printableASCII = false
            break
        }
        if printableASCII { return text.utf8.count }
        var total = 0
        for character in text {
            if let ascii = character.asciiValue {
                total += ascii >= 0x20 && ascii != 0x7F ? 1 : 0
            } else {
                total += of(character)
            }
        }
        return total
    }

    /// The cells of one Unicode scalar on its own: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        if contains(zeroWidthRanges, value) { return 0 }
        if contains(wideRanges, value) { return 2 }
        return 1
    }

    // MARK: - Private

    private static func clusterWidth(_ scalars: Character.UnicodeScalarView, firstIsPictographic: Bool) -> Int {
        var total = 0
        var afterJoiner = false
        for scalar in scalars {
            let value = scalar.value
            if firstIsPictographic {
                if value == 0xFE0F || isSkinToneModifier(value) { return 2 }
                if afterJoiner && contains(extendedPictographicRanges, value) { return 2 }
            }
            afterJoiner = value == 0x200D
            total += of(scalar)
        }
        return total
    }

    /// A base that takes emoji presentation with U+FE0F: a pictograph, or a keycap base (0-9, #, *).
    private static func isPictographicBase(_ value: UInt32) -> Bool {
        if value == 0x23 || value == 0x2A || (0x30...0x39).contains(value) { return true }
        return value >= 0xA9 && contains(extendedPictographicRanges, value)
    }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }

    private static func isSkinToneModifier(_ value: UInt32) -> Bool {
        (0x1F3FB...0x1F3FF).contains(value)
    }

    /// Binary search in a flattened list of sorted inclusive ranges `[low0, high0, low1, high1, ...]`.
    private static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
        guard let firstLow = table.first, value >= firstLow, let lastHigh = table.last, value <= lastHigh else {
            return false
        }
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < table[middle * 2] {
                high = middle - 1
            } else if value > table[middle * 2 + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}

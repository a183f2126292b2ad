/// Percent-decoding of path segments and query components (RFC 3986 §2.1; in query components also `+` as a
/// space, as HTML forms encode it), over the UTF-8 bytes, with no allocation for text that holds nothing to decode.
enum PercentDecoding {
    /// `text` with `+` turned into a space and `%HH` escapes decoded; when an escape is malformed or the decoded
    /// bytes are not UTF-8, `text` with only `+` turned into a space.
    static func decodeQueryComponent(_ text: String) -> String {
        decode(text, plusAsSpace: true) ?? String(decoding: text.utf8.map { $0 == plus ? space : $0 }, as: UTF8.self)
    }

    /// A path segment with its `%HH` escapes decoded (`+` stays); the segment as sent when an escape is malformed
    /// or the decoded bytes are not UTF-8.
    static func decodePathSegment(_ segment: Substring) -> String {
        decode(segment, plusAsSpace: false) ?? String(segment)
    }

    private static let percent = UInt8(ascii: "%")
    private static let plus = UInt8(ascii: "+")
    private static let space = UInt8(ascii: " ")

    /// The decoded text; nil for a `%` not followed by two hex digits, or bytes that are not UTF-8.
    private static func decode<Text: StringProtocol>(_ text: Text, plusAsSpace: Bool) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == percent || (plusAsSpace && $0 == plus) }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            if byte == percent {
                guard index != utf8.endIndex, let high = hexValue(utf8[index]) else { return nil }
                utf8.formIndex(after: &index)
                guard index != utf8.endIndex, let low = hexValue(utf8[index]) else { return nil }
                utf8.formIndex(after: &index)
                bytes.append(high << 4 | low)
            } else {
                bytes.append(plusAsSpace && byte == plus ? space : byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

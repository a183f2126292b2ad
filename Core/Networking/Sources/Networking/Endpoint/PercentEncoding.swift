/// Percent-encoding of URL parts (RFC 3986 §2.1), leaving only the unreserved characters (§2.3: letters, digits,
/// `-`, `.`, `_`, `~`) as they are, so an encoded value can never be read as a delimiter: `/`, `?`, `#`, `&`, `=`,
/// `+`, `%`, spaces and every non-ASCII byte of the UTF-8 form become `%XX` with uppercase hex digits.
enum PercentEncoding {
    /// `value` with every byte of its UTF-8 form other than an unreserved character percent-encoded.
    static func encode(_ value: String) -> String {
        var needsEncoding = false
        for byte in value.utf8 where !isUnreserved(byte) {
            needsEncoding = true
            break
        }
        guard needsEncoding else { return value }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count * 3)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `byte` is an unreserved character of RFC 3986 §2.3.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether `byte` may appear as itself in a path written by hand (RFC 3986 §3.3 `pchar` and `/`, without `%`):
    /// unreserved characters, sub-delimiters, `:`, `@` and `/`.
    static func isLiteralPathCharacter(_ byte: UInt8) -> Bool {
        if isUnreserved(byte) { return true }
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}

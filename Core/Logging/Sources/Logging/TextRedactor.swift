/// Finds and replaces secrets inside free text: bearer tokens and the values of credential header lines.
///
/// Works on UTF-8 bytes and matches ASCII only, so it never splits a multi-byte character; text without a match is
/// returned as nil without copying anything.
enum TextRedactor {
    /// `text` with every secret replaced by `Redaction.marker`, or nil when there is none.
    static func redacted(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            let cuts = secretRanges(in: bytes)
            guard !cuts.isEmpty else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var position = 0
            for cut in cuts {
                output.append(contentsOf: bytes[position..<cut.lowerBound])
                output.append(contentsOf: markerBytes)
                position = cut.upperBound
            }
            output.append(contentsOf: bytes[position...])
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static let markerBytes = Array(Redaction.marker.utf8)
    private static let bearer = Array("bearer".utf8)
    private static let headerNames = [Array("authorization".utf8), Array("cookie".utf8)]

    /// The byte ranges of the secrets in `bytes`, in order and not overlapping.
    private static func secretRanges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var cuts: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            let byte = lowercased(bytes[index])
            let mayStartWord = byte == UInt8(ascii: "b") || byte == UInt8(ascii: "a") || byte == UInt8(ascii: "c")
            if mayStartWord, index == 0 || !isWordByte(bytes[index - 1]),
                let cut = bearerToken(in: bytes, at: index) ?? headerValue(in: bytes, at: index)
            {
                cuts.append(cut)
                index = cut.upperBound
            } else {
                index += 1
            }
        }
        return cuts
    }

    /// The token of `Bearer <token>` starting at `start`: the run after the blanks up to a blank, quote, comma or
    /// semicolon (RFC 6750's `b64token` and anything a careless caller appended).
    private static func bearerToken(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Range<Int>? {
        guard hasPrefix(bearer, in: bytes, at: start) else { return nil }
        let afterWord = start + bearer.count
        let tokenStart = skipBlanks(in: bytes, from: afterWord)
        guard tokenStart > afterWord else { return nil }
        var end = tokenStart
        while end < bytes.count, !endsToken(bytes[end]) {
            end += 1
        }
        return secret(in: bytes, tokenStart..<end)
    }

    /// The rest of the line after `Authorization:` / `Cookie:` (and their `Proxy-` / `Set-` forms, which end in the
    /// same words), also when the name is quoted as in JSON or a dictionary description.
    private static func headerValue(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Range<Int>? {
        guard let name = headerNames.first(where: { hasPrefix($0, in: bytes, at: start) }) else { return nil }
        var index = start + name.count
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            index += 1
        }
        index = skipBlanks(in: bytes, from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        let valueStart = skipBlanks(in: bytes, from: index + 1)
        var end = valueStart
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            end += 1
        }
        return secret(in: bytes, valueStart..<end)
    }

    /// `range` when it holds something other than nothing or the marker itself.
    private static func secret(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        if range.count == markerBytes.count, hasPrefix(markerBytes, in: bytes, at: range.lowerBound) {
            return nil
        }
        return range
    }

    private static func hasPrefix(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard bytes.count - start >= word.count else { return false }
        for offset in 0..<word.count where lowercased(bytes[start + offset]) != word[offset] {
            return false
        }
        return true
    }

    private static func skipBlanks(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        return index
    }

    private static func endsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\""),
            UInt8(ascii: "'"), UInt8(ascii: ","), UInt8(ascii: ";"):
            return true
        default:
            return false
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        let lower = lowercased(byte)
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

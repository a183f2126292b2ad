/// Finds and replaces secrets inside free text: bearer tokens, and the values after names that `Redaction`'s key
/// rule calls credentials (a header line, a header dictionary or JSON interpolated into a message, `name=value`).
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

    /// The byte ranges of the secrets in `bytes`, in order and not overlapping.
    private static func secretRanges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var cuts: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            if isLetter(bytes[index]), index == 0 || !isNameByte(bytes[index - 1]),
                let cut = bearerToken(in: bytes, at: index) ?? namedValue(in: bytes, at: index)
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

    /// The value after a name that `Redaction.isCredentialKey` calls a credential (`Authorization`, `Cookie`,
    /// `X-Api-Key`, `x_auth_token`, the same rule as metadata keys), starting at `start`:
    /// - `Name: value` (a header line): the rest of the line;
    /// - `"Name": "value"` (JSON, a header dictionary interpolated into a message): the quoted value, quotes
    ///   included, up to its closing quote (a backslash escapes a quote), or the rest of the line without one;
    /// - `name=value` (a query string, `key=value` text): up to a blank, `&`, `,`, `;` or a quote.
    private static func namedValue(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Range<Int>? {
        var index = start
        while index < bytes.count, isNameByte(bytes[index]) {
            index += 1
        }
        let nameEnd = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            index += 1
        }
        index = skipBlanks(in: bytes, from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: "="),
            Redaction.isCredentialKey(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<nameEnd]), as: UTF8.self))
        else { return nil }
        let separator = bytes[index]
        let valueStart = skipBlanks(in: bytes, from: index + 1)
        guard valueStart < bytes.count else { return nil }
        var end = valueStart
        if separator == UInt8(ascii: "="), index == nameEnd {
            while end < bytes.count, !endsToken(bytes[end]), bytes[end] != UInt8(ascii: "&") {
                end += 1
            }
            return secret(in: bytes, valueStart..<end)
        }
        let quote = bytes[valueStart]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            end += 1
            while end < bytes.count, bytes[end] != quote, !isLineBreak(bytes[end]) {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            if end < bytes.count, bytes[end] == quote {
                return secret(in: bytes, valueStart..<(end + 1))
            }
            return secret(in: bytes, valueStart..<min(end, bytes.count))
        }
        while end < bytes.count, !isLineBreak(bytes[end]) {
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

    private static func isLetter(_ byte: UInt8) -> Bool {
        let lower = lowercased(byte)
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// A byte of a header or metadata name: a letter, a digit, `-`, `_` or `.`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

import Foundation

/// Text folded for matching what people type: case and diacritics removed (`Café` and `CAFE` are both `cafe`,
/// `straße` is `strasse`), kept as UTF-8 bytes with the character each byte came from, so a match found in the
/// folded bytes maps back to the characters of the original text to highlight.
///
/// Folding is Foundation's `folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)` (Unicode
/// case folding, then canonical decomposition with the combining marks removed), applied one character at a time so
/// every folded byte knows its character. ASCII characters, most of a catalogue's text, take a fast path.
struct FoldedText: Hashable, Sendable {
    /// The folded text's UTF-8 bytes.
    let bytes: [UInt8]
    /// For each byte of `bytes`, the index of the original character it came from.
    let characterIndices: [Int32]

    /// Folds `text`; `cache` keeps the folding of each non-ASCII character seen, so folding many rows costs one
    /// Foundation call per distinct character.
    init(_ text: String, cache: inout [Character: [UInt8]]) {
        // All ASCII, and no CR (CR LF is one character of two bytes): byte n is character n.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            bytes = text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
            characterIndices = Array(0..<Int32(clamping: bytes.count))
            return
        }
        var bytes: [UInt8] = []
        var indices: [Int32] = []
        bytes.reserveCapacity(text.utf8.count)
        indices.reserveCapacity(text.utf8.count)
        var index: Int32 = 0
        for character in text {
            let folded = Self.bytes(of: character, cache: &cache)
            bytes += folded
            indices += repeatElement(index, count: folded.count)
            index &+= 1
        }
        self.bytes = bytes
        self.characterIndices = indices
    }

    /// The folded UTF-8 bytes of one character: an ASCII character lower-cased directly, any other through
    /// Foundation's folding, remembered in `cache` so each distinct character costs one Foundation call.
    static func bytes(of character: Character, cache: inout [Character: [UInt8]]) -> [UInt8] {
        let utf8 = character.utf8
        if utf8.count == 1, let byte = utf8.first {
            return [(0x41...0x5A).contains(byte) ? byte + 0x20 : byte]
        }
        if let known = cache[character] { return known }
        let folded = Array(fold(String(character)).utf8)
        cache[character] = folded
        return folded
    }

    /// The folded UTF-8 bytes of a query, folded the same way as the text.
    static func query(_ text: String) -> [UInt8] {
        var cache: [Character: [UInt8]] = [:]
        return FoldedText(text, cache: &cache).bytes
    }

    /// The characters of the original text where `query` (folded bytes) first occurs, or `nil` when it does not;
    /// an empty query matches at the start with no characters. The search is on bytes: UTF-8 never puts one
    /// character's encoding inside another's, so a byte match is a character match.
    func firstMatch(of query: [UInt8]) -> Range<Int>? {
        guard !query.isEmpty else { return 0..<0 }
        guard query.count <= bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { text -> Range<Int>? in
            query.withUnsafeBufferPointer { needle -> Range<Int>? in
                let first = needle[0]
                var start = 0
                let last = text.count - needle.count
                while start <= last {
                    if text[start] == first {
                        var offset = 1
                        while offset < needle.count && text[start + offset] == needle[offset] { offset += 1 }
                        if offset == needle.count {
                            let end = start + needle.count - 1
                            return Int(characterIndices[start])..<(Int(characterIndices[end]) + 1)
                        }
                    }
                    start += 1
                }
                return nil
            }
        }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

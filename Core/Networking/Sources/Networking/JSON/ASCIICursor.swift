/// Reads ASCII text byte by byte for the hand-written timestamp parsers (ISO 8601 and HTTP-date), which run for
/// every date of every decoded page and must not allocate.
///
/// Only valid inside the `withUTF8` (or similar) closure that provides `bytes`.
struct ASCIICursor {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { index == bytes.count }

    /// The next byte without reading it, or nil at the end.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Reads `byte` when it is next; returns whether it was.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Reads the next byte when `matches` accepts it; returns it, or nil when it was not read.
    mutating func consume(where matches: (UInt8) -> Bool) -> UInt8? {
        guard let byte = peek, matches(byte) else { return nil }
        index += 1
        return byte
    }

    /// Reads exactly `count` decimal digits and returns their value, or nil (reading nothing) when fewer follow.
    mutating func digits(_ count: Int) -> Int? {
        guard bytes.count - index >= count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Reads a run of ASCII letters and returns it lowercased (possibly empty).
    mutating func letters() -> String {
        var scalars = String.UnicodeScalarView()
        while let byte = consume(where: { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }) {
            scalars.append(Unicode.Scalar(byte | 0x20))
        }
        return String(scalars)
    }
}

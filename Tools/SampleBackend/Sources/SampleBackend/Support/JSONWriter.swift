import Foundation
import Models

/// A value that writes itself as JSON with `JSONWriter`: the feed's and the catalog's payloads, which are encoded
/// on every request and cost several times less this way than through `JSONEncoder`.
///
/// Writers emit keys in sorted order, so the bytes equal what the server's `JSONEncoder` (`.sortedKeys`,
/// `.withoutEscapingSlashes`) writes for the same values.
protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

/// Appends JSON tokens to a byte buffer, placing the commas itself.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init(capacity: Int = 16 * 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// The bytes of `value`.
    static func data(_ value: some JSONWritable) -> Data {
        var writer = JSONWriter()
        value.write(to: &writer)
        return Data(writer.bytes)
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func array<Element>(_ elements: [Element], _ body: (inout JSONWriter, Element) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for element in elements {
            body(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":`; the value written next completes the member.
    mutating func key(_ key: String) {
        separate()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        separate()
        appendString(value)
        needsComma = true
    }

    mutating func integer(_ value: some BinaryInteger) {
        raw(String(value))
    }

    /// A number as JSONEncoder writes it: `4` for a whole value, `3.5` otherwise.
    mutating func number(_ value: Double) {
        if value.rounded() == value, abs(value) < 1e15 {
            raw(String(Int64(value)))
        } else {
            raw(value.description)
        }
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func null() {
        raw("null")
    }

    mutating func money(_ money: Money) {
        object { writer in
            writer.key("amount_minor")
            writer.integer(money.amountMinor)
            writer.key("currency")
            writer.string(money.currency.code)
        }
    }

    /// An id as the API sends it (see `WireID`).
    mutating func id(_ id: WireID) {
        if id.isNumeric, let number = Int64(id.value) {
            integer(number)
        } else {
            string(id.value)
        }
    }

    private mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma {
            bytes.append(UInt8(ascii: ","))
        }
    }

    /// A string literal (RFC 8259 §7): quotes, backslashes and control characters escaped; `/` and non-ASCII text
    /// written as they are.
    private mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var utf8 = text.utf8
        // Native strings are contiguous UTF-8: copy the runs that need no escaping in one piece each (the common
        // case is the whole string), instead of appending byte by byte.
        if utf8.withContiguousStorageIfAvailable({ appendEscaping($0) }) == nil {
            var copy = text
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            _ = utf8.withContiguousStorageIfAvailable { appendEscaping($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `source` with quotes, backslashes and control characters escaped.
    private mutating func appendEscaping(_ source: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<source.count {
            let byte = source[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            }
            appendEscape(byte)
            runStart = index + 1
        }
        if runStart < source.count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
        }
    }

    private mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}

import Foundation

/// Finds the first object that names one key twice in a JSON text.
///
/// RFC 8259 §4 says names within an object SHOULD be unique and leaves the meaning of a repeated name to each
/// parser; `JSONDecoder` keeps one of them silently. The contract makes a repeat an error (400 `malformed_json`), so
/// an order body with two `items` cannot mean one thing on first sight and another on replay. Keys are compared as
/// the text they decode to (`"a"` and `"\u0061"` are the same key), scalar by scalar.
///
/// The scan runs only over bytes `JSONSerialization` has already accepted, so it tracks just what it needs:
/// strings, nesting, and which string is a key.
enum DuplicateKeyCheck {
    /// The path of the first repeated key (`items`, `shipping_address.name`, `[2].id`), or nil when every object's
    /// keys are distinct. `bytes` must be valid JSON.
    static func firstDuplicate(in bytes: [UInt8]) -> String? {
        var frames: [Frame] = []
        var index = 0
        var pendingKey: String?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = endOfString(bytes, from: index)
                let isKey = frames.last.map { $0.isObject && $0.expectsKey } ?? false
                if isKey {
                    let key = decodeString(bytes[index...end])
                    if frames[frames.count - 1].keys.contains(key) {
                        return path(frames, key)
                    }
                    frames[frames.count - 1].keys.insert(key)
                    frames[frames.count - 1].expectsKey = false
                    pendingKey = key
                }
                index = end + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let label = frames.last.map { $0.isObject ? (pendingKey ?? "") : "[\($0.elementIndex)]" }
                frames.append(Frame(isObject: byte == UInt8(ascii: "{"), label: label))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                frames.removeLast()
            case UInt8(ascii: ","):
                if let last = frames.indices.last {
                    frames[last].expectsKey = frames[last].isObject
                    frames[last].elementIndex += 1
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private struct Frame {
        let isObject: Bool
        /// How the parent names this value: its key, `[n]`, or nil at the top.
        let label: String?
        var keys: Set<[Unicode.Scalar]> = []
        var expectsKey: Bool
        var elementIndex = 0

        init(isObject: Bool, label: String?) {
            self.isObject = isObject
            self.label = label
            self.expectsKey = isObject
        }
    }

    /// The index of the quote closing the string that opens at `start`.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return bytes.count - 1
    }

    /// The text of a JSON string literal (quotes included), escapes resolved by `JSONDecoder`.
    private static func decodeString(_ literal: ArraySlice<UInt8>) -> String {
        guard literal.contains(UInt8(ascii: "\\")) else {
            return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
        }
        return (try? JSONDecoder().decode(String.self, from: Data(literal)))
            ?? String(decoding: literal, as: UTF8.self)
    }

    private static func path(_ frames: [Frame], _ key: String) -> String {
        var parts = frames.compactMap(\.label).filter { !$0.isEmpty }
        parts.append(key)
        return parts.reduce(into: "") { result, part in
            if part.hasPrefix("[") || result.isEmpty {
                result += part
            } else {
                result += "." + part
            }
        }
    }
}

extension Set where Element == [Unicode.Scalar] {
    fileprivate func contains(_ key: String) -> Bool { contains(Array(key.unicodeScalars)) }
    fileprivate mutating func insert(_ key: String) { insert(Array(key.unicodeScalars)) }
}

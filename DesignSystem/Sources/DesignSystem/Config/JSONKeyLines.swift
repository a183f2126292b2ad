import Foundation

/// Where the object keys of a JSON text are: each key's path of keys from the top and the line it is on, in the
/// order they appear (so a key given twice is there twice).
///
/// This walks text that Foundation's `JSONSerialization` has already accepted, tracking only strings, brackets,
/// colons and commas; it validates nothing. Keys inside arrays get no array index in their path.
enum JSONKeyLines {
    /// One key: the keys of the objects around it, then its own; its line, counted from 1.
    struct Key: Equatable {
        let path: [String]
        let line: Int
    }

    /// The keys of `data` (UTF-8 JSON text).
    static func keys(in data: Data) -> [Key] {
        let bytes = [UInt8](data)
        var keys: [Key] = []
        // The key each open object or array sits under (nil at the top or inside an array), and whether it is an
        // object.
        var containers: [(key: String?, isObject: Bool)] = []
        var lastKey: String?
        var expectingKey = false
        var line = 1
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                let inObject = containers.last?.isObject == true
                containers.append((inObject ? lastKey : nil, isObject))
                lastKey = nil
                expectingKey = isObject
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = containers.popLast()
                lastKey = nil
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = containers.last?.isObject == true
            case UInt8(ascii: "\""):
                let start = index + 1
                index = start
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                if expectingKey {
                    let key = decode(bytes[start..<min(index, bytes.count)])
                    keys.append(Key(path: containers.compactMap(\.key) + [key], line: line))
                    lastKey = key
                    expectingKey = false
                }
            default:
                break
            }
            index += 1
        }
        return keys
    }

    /// The string a key's raw bytes (between the quotes) stand for, escapes resolved.
    private static func decode(_ raw: ArraySlice<UInt8>) -> String {
        let text = String(decoding: raw, as: UTF8.self)
        guard raw.contains(UInt8(ascii: "\\")) else { return text }
        let quoted = Data(("\"" + text + "\"").utf8)
        return (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String) ?? text
    }
}

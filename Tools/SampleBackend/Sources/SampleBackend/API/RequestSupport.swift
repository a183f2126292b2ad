import Foundation

/// Reading requests and writing answers the same way on every route.
enum RequestSupport {
    /// A JSON answer with `value` encoded by the server's encoder.
    static func json(_ value: some Encodable, status: Int = 200) throws -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json"], body: try JSONCoding.encoder().encode(value))
    }

    /// A JSON answer with `value` written by `JSONWriter`.
    static func json(_ value: some JSONWritable, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: JSONWriter.data(value))
    }

    /// The body decoded as `type`.
    ///
    /// - Throws: `APIError` 400 `malformed_json` when the body is missing or not JSON, or when one object names a key
    ///   twice (RFC 8259 §4 leaves that to the parser; the contract refuses it); 400 `invalid_request` naming
    ///   the field when the JSON has the wrong shape (a missing field, a wrong type, a null). The messages name
    ///   fields, never the values sent (a card number must not be echoed).
    static func decodeBody<Value: Decodable>(_ type: Value.Type, from request: HTTPRequest) throws(APIError) -> Value {
        guard !request.body.isEmpty else { throw .malformedJSON("the body is empty; a JSON object is required") }
        do {
            _ = try JSONSerialization.jsonObject(with: request.body, options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON("it does not parse")
        }
        if let duplicate = DuplicateKeyCheck.firstDuplicate(in: Array(request.body)) {
            throw .malformedJSON("the key \(duplicate) appears more than once in one object")
        }
        do {
            return try JSONCoding.decoder().decode(type, from: request.body)
        } catch let error as DecodingError {
            throw .invalidRequest(describe(error))
        } catch {
            throw .invalidRequest("The body does not have the expected shape.")
        }
    }

    /// An integer query parameter in `range`, or `defaultValue` when absent.
    ///
    /// - Throws: `APIError` 400 `invalid_parameter` for a non-integer or out-of-range value.
    static func integerParameter(
        _ name: String, in request: HTTPRequest, default defaultValue: Int, range: ClosedRange<Int>
    ) throws(APIError) -> Int {
        guard let text = request.queryValue(name) else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw .invalidParameter(
                name, "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// Whether `text` fits a limit of the contract: at most `maximumScalars` Unicode scalars (not grapheme clusters,
    /// so combining marks count one by one) and at most `maximumBytes` bytes of UTF-8, with at least
    /// `minimumScalars` scalars.
    static func fits(_ text: String, scalars: ClosedRange<Int>, maximumBytes: Int) -> Bool {
        text.utf8.count <= maximumBytes && scalars.contains(text.unicodeScalars.count)
    }

    /// Whether `text` holds nothing but white space: Unicode's separators, line breaks, and the information
    /// separators U+001C...U+001F (which `openapi.yaml`'s `\\S` patterns also count as white space).
    /// `text` without the whitespace at its ends, as `trimmingCharacters(in: .whitespaces)` trims (Unicode
    /// category Zs and the tab), without Foundation's bridging; unchanged text is not copied.
    static func trimmingWhitespace(_ text: some StringProtocol) -> String {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let text = String(text)
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        if start == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(Substring(scalars[start...last]))
    }

    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            CharacterSet.whitespacesAndNewlines.contains(scalar) || (0x1C...0x1F).contains(scalar.value)
        }
    }

    /// A JSON `DecodingError` as a sentence naming the field.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = codingPath + (last.map { [$0] } ?? [])
            guard !keys.isEmpty else { return "the body" }
            return keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath, key)) is required."
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)) must not be null."
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) must be \(jsonTypeName(type))."
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)) is invalid: \(context.debugDescription)"
        @unknown default:
            return "The body does not have the expected shape."
        }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type: return "an integer"
        case is Double.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "an array"
        default: return "an object"
        }
    }
}

/// Cursors: text the client sends back unchanged (DESIGN.md: "cursor is opaque"), in a shape `openapi.yaml` states
/// as a pattern. Every text that matches the pattern is a position the server can continue from, so a cursor is
/// refused only when it does not have the shape (400 `invalid_cursor`), never for its values.
///
/// - Feed: `f2.<created_ms>.<id as lowercase hex of its UTF-8>`, pattern `^f2\.[0-9]{1,15}\.(?:[0-9a-f]{2}){1,128}$`.
/// - Orders: `o2.<sequence number>`, pattern `^o2\.[0-9]{1,18}$`.
enum Cursor {
    /// The feed cursor after `position`.
    static func feed(_ position: FeedPosition) -> String {
        let hex = position.id.utf8.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
        }
        return "f2.\(position.createdMilliseconds).\(hex.joined())"
    }

    /// The feed position in `text`.
    ///
    /// - Throws: `APIError` 400 `invalid_cursor` for a text without the feed cursor's shape (including the base64
    ///   cursors of earlier versions).
    static func feedPosition(_ text: String) throws(APIError) -> FeedPosition {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "f2", (1...15).contains(parts[1].count),
            parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), let milliseconds = Int64(parts[1]),
            let idBytes = hexBytes(parts[2]), (1...128).contains(idBytes.count)
        else { throw invalidCursor }
        return FeedPosition(createdMilliseconds: milliseconds, id: String(decoding: idBytes, as: UTF8.self))
    }

    /// The orders cursor before the order with sequence number `seq`.
    static func orders(before seq: Int64) -> String {
        "o2.\(seq)"
    }

    /// The order sequence number in `text`.
    ///
    /// - Throws: `APIError` 400 `invalid_cursor` for a text without the orders cursor's shape.
    static func ordersPosition(_ text: String) throws(APIError) -> Int64 {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "o2", (1...18).contains(parts[1].count),
            parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seq = Int64(parts[1])
        else { throw invalidCursor }
        return seq
    }

    private static let invalidCursor = APIError(
        status: 400, code: "invalid_cursor",
        message: "The cursor does not have the shape of one this server sends; start again without a cursor.")

    /// The bytes of lowercase hex text, or nil for text that is not pairs of `0-9a-f`.
    private static func hexBytes(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 0x30...0x39: return digit - 0x30
            case 0x61...0x66: return digit - 0x61 + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}

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

/// Opaque cursors: base64url text the client sends back unchanged (DESIGN.md: "cursor is opaque").
enum Cursor {
    /// The feed cursor after `position`: base64url of `f2:<created_ms>:<id>`.
    static func feed(_ position: FeedPosition) -> String {
        Base64URL.encode(Array("f2:\(position.createdMilliseconds):\(position.id)".utf8))
    }

    /// The feed position in `text`.
    ///
    /// - Throws: `APIError` 400 `invalid_cursor` for a cursor this server did not write (including the `f1`
    ///   cursors of earlier versions, which held no id).
    static func feedPosition(_ text: String) throws(APIError) -> FeedPosition {
        guard let data = Base64URL.decode(text), let decoded = String(data: data, encoding: .utf8) else {
            throw invalidCursor
        }
        let parts = decoded.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "f2", let milliseconds = Int64(parts[1]), !parts[2].isEmpty else {
            throw invalidCursor
        }
        return FeedPosition(createdMilliseconds: milliseconds, id: String(parts[2]))
    }

    /// The orders cursor before the order with sequence number `seq`.
    static func orders(before seq: Int64) -> String {
        Base64URL.encode(Array("o1:\(seq)".utf8))
    }

    /// The order sequence number in `text`.
    ///
    /// - Throws: `APIError` 400 `invalid_cursor` for a cursor this server did not write.
    static func ordersPosition(_ text: String) throws(APIError) -> Int64 {
        try fields(text, prefix: "o1", count: 1)[0]
    }

    private static let invalidCursor = APIError(
        status: 400, code: "invalid_cursor",
        message: "The cursor is not one this server sent; start again without a cursor.")

    private static func fields(_ text: String, prefix: String, count: Int) throws(APIError) -> [Int64] {
        let invalid = invalidCursor
        guard let data = Base64URL.decode(text), let decoded = String(data: data, encoding: .utf8) else {
            throw invalid
        }
        let parts = decoded.split(separator: ":").map(String.init)
        guard parts.count == count + 1, parts[0] == prefix else { throw invalid }
        let numbers = parts.dropFirst().compactMap { Int64($0) }
        guard numbers.count == count else { throw invalid }
        return numbers
    }
}

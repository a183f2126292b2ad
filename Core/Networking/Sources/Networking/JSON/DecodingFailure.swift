/// Why a value could not be decoded: the type, where in the JSON, and the reason, without the JSON itself (bodies
/// are never kept or logged).
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// The type being decoded, such as `"FeedPageDTO"`.
    public var type: String
    /// Where decoding stopped, such as `"posts[3].createdAt"`; empty for the top level.
    public var codingPath: String
    /// What was wrong, such as `"missing key \"id\""`.
    public var reason: String

    /// Creates a failure from its parts.
    public init(type: String, codingPath: String, reason: String) {
        self.type = type
        self.codingPath = codingPath
        self.reason = reason
    }

    /// Describes `error`, thrown while decoding `type`; a `DecodingError` gives its path and reason, any other error
    /// its description.
    public init(_ error: any Error, decoding type: Any.Type) {
        let typeName = String(describing: type)
        guard let decodingError = error as? DecodingError else {
            self.init(type: typeName, codingPath: "", reason: String(describing: error))
            return
        }
        switch decodingError {
        case .typeMismatch(let expected, let context):
            self.init(
                type: typeName,
                codingPath: Self.path(context.codingPath),
                reason: "expected \(expected): \(context.debugDescription)"
            )
        case .valueNotFound(let expected, let context):
            self.init(
                type: typeName,
                codingPath: Self.path(context.codingPath),
                reason: "expected \(expected), found null: \(context.debugDescription)"
            )
        case .keyNotFound(let key, let context):
            self.init(
                type: typeName,
                codingPath: Self.path(context.codingPath),
                reason: "missing key \"\(key.stringValue)\""
            )
        case .dataCorrupted(let context):
            var reason = context.debugDescription
            if let underlying = context.underlyingError {
                reason += " (\(underlying.localizedDescription))"
            }
            self.init(type: typeName, codingPath: Self.path(context.codingPath), reason: reason)
        @unknown default:
            self.init(type: typeName, codingPath: "", reason: String(describing: decodingError))
        }
    }

    /// `"cannot decode FeedPageDTO at posts[3].createdAt: <reason>"`.
    public var description: String {
        let location = codingPath.isEmpty ? "" : " at \(codingPath)"
        return "cannot decode \(type)\(location): \(reason)"
    }

    /// `posts[3].createdAt` for the keys `posts`, `Index 3`, `createdAt`.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

extension Logger {
    /// Structured context attached to a log record: keys to values, written by handlers sorted by key.
    public typealias Metadata = [String: MetadataValue]

    /// A metadata value: a string, a value described lazily, an array, a dictionary, or a private value.
    ///
    /// The first four cases are those of apple/swift-log. `private` marks a value that must never be written:
    /// every handler writes `Redaction.marker` in its place.
    public enum MetadataValue: Sendable, CustomStringConvertible {
        /// A string.
        case string(String)
        /// A value turned into text (`description`) only when a record is written.
        case stringConvertible(any CustomStringConvertible & Sendable)
        /// A list of values.
        case array([MetadataValue])
        /// A nested dictionary, such as HTTP headers.
        case dictionary(Metadata)
        /// A value that handlers write as the redaction marker, whatever it contains.
        indirect case `private`(MetadataValue)

        /// Marks a string private: handlers write the redaction marker instead of `value`.
        public static func privateString(_ value: String) -> MetadataValue {
            .private(.string(value))
        }

        /// The value as text: strings as they are, arrays as `[a, b]`, dictionaries as `[k: v]` sorted by key, and
        /// private values as the redaction marker.
        public var description: String {
            switch self {
            case .string(let text):
                return text
            case .stringConvertible(let value):
                return value.description
            case .array(let values):
                return "[" + values.map(\.description).joined(separator: ", ") + "]"
            case .dictionary(let entries):
                let pairs = entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.description)" }
                return "[" + pairs.joined(separator: ", ") + "]"
            case .private:
                return Redaction.marker
            }
        }
    }
}

extension Logger.MetadataValue: Equatable {
    /// Two values are equal when they have the same case and equal contents; `stringConvertible` values compare by
    /// their descriptions.
    public static func == (lhs: Logger.MetadataValue, rhs: Logger.MetadataValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            return left == right
        case (.stringConvertible(let left), .stringConvertible(let right)):
            return left.description == right.description
        case (.array(let left), .array(let right)):
            return left == right
        case (.dictionary(let left), .dictionary(let right)):
            return left == right
        case (.private(let left), .private(let right)):
            return left == right
        default:
            return false
        }
    }
}

extension Logger.MetadataValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// Creates a `.string` value from a literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension Logger.MetadataValue: ExpressibleByArrayLiteral {
    /// Creates an `.array` value from a literal.
    public init(arrayLiteral elements: Logger.MetadataValue...) {
        self = .array(elements)
    }
}

extension Logger.MetadataValue: ExpressibleByDictionaryLiteral {
    /// Creates a `.dictionary` value from a literal; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, Logger.MetadataValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

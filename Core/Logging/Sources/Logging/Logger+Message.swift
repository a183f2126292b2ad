extension Logger {
    /// The text of a log record, written as a string literal or an interpolation.
    ///
    /// Loggers take messages as autoclosures, so the interpolation runs only when the record's level is enabled.
    /// Interpolate a value with `\(private: value)` to write the redaction marker (`Redaction.marker`) in its
    /// place: the value is never turned into text.
    public struct Message: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation,
        CustomStringConvertible
    {
        /// The message text.
        public var description: String

        /// Creates a message from text.
        public init(_ text: String) {
            self.description = text
        }

        /// Creates a message from a string literal.
        public init(stringLiteral value: String) {
            self.description = value
        }

        /// Creates a message from an interpolation.
        public init(stringInterpolation: StringInterpolation) {
            self.description = stringInterpolation.text
        }

        /// Builds a message from literal segments and interpolated values.
        public struct StringInterpolation: StringInterpolationProtocol {
            /// The text built so far.
            var text: String

            /// Reserves room for the literal text; the interpolation count is not needed.
            public init(literalCapacity: Int, interpolationCount: Int) {
                text = ""
                text.reserveCapacity(literalCapacity)
            }

            /// Appends a literal segment.
            public mutating func appendLiteral(_ literal: String) {
                text += literal
            }

            /// Appends the textual representation of `value`, as `String(describing:)` writes it.
            public mutating func appendInterpolation<Value>(_ value: Value) {
                text += String(describing: value)
            }

            /// Appends `value.description`.
            public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
                text += value.description
            }

            /// Appends `value`.
            public mutating func appendInterpolation(_ value: String) {
                text += value
            }

            /// Appends the redaction marker in place of `value`, which is never described.
            public mutating func appendInterpolation<Value>(private value: Value) {
                text += Redaction.marker
            }
        }
    }
}

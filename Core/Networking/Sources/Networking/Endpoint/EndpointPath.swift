/// The path of an endpoint below the client's base URL, such as `/v1/posts/p 1/like`, written as a string literal in
/// which every interpolated value is percent-encoded as exactly one path segment.
///
/// ```swift
/// let path: EndpointPath = "/v1/posts/\(postID)/like"   // postID "a/b c" → "/v1/posts/a%2Fb%20c/like"
/// ```
///
/// Interpolated values (ids, names; anything `CustomStringConvertible`, written as its `description`) keep only the
/// unreserved characters of RFC 3986 §2.3; `/`, `?`, `#`, `%`, spaces and non-ASCII text are percent-encoded
/// (UTF-8), so a value can never add a segment, start a query or a fragment. The literal parts are the template and
/// are kept as written; they may contain only characters a path allows as they are (RFC 3986 §3.3: unreserved,
/// sub-delimiters, `:`, `@`, `/`).
///
/// Building the value never fails. A path that cannot be used keeps the reason in `problem`, and building the
/// request from it throws `APIError.invalidRequest`: a path that does not start with `/`, a literal with a character
/// such as `?` or a space, an empty segment (`//`), a `.` or `..` segment, or an interpolated value that is empty,
/// `.` or `..`.
public struct EndpointPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The path as sent, percent-encoded and starting with `/` (`"/v1/posts/a%2Fb%20c/like"`).
    public let encoded: String

    /// Why the path cannot be used, or nil when it can.
    public let problem: String?

    /// Creates a path from a literal without interpolations, such as `"/v1/feed"`.
    public init(stringLiteral value: String) {
        var interpolation = StringInterpolation(literalCapacity: value.utf8.count, interpolationCount: 0)
        interpolation.appendLiteral(value)
        self.init(stringInterpolation: interpolation)
    }

    /// Creates a path from a literal with interpolated segments.
    public init(stringInterpolation: StringInterpolation) {
        encoded = stringInterpolation.encoded
        problem = stringInterpolation.problem ?? Self.structuralProblem(of: stringInterpolation.encoded)
    }

    /// Creates the path `/segment1/segment2/...`, percent-encoding each segment like an interpolated value; use it
    /// when the segments are only known at run time.
    public init(segments: [String]) {
        var interpolation = StringInterpolation(literalCapacity: 0, interpolationCount: segments.count)
        for segment in segments {
            interpolation.appendLiteral("/")
            interpolation.appendInterpolation(segment)
        }
        if segments.isEmpty {
            interpolation.appendLiteral("/")
        }
        self.init(stringInterpolation: interpolation)
    }

    /// The encoded path.
    public var description: String { encoded }

    /// Collects the literal parts as written and the interpolated values percent-encoded.
    public struct StringInterpolation: StringInterpolationProtocol {
        var encoded = ""
        var problem: String?

        /// Reserves room for the literal text.
        public init(literalCapacity: Int, interpolationCount: Int) {
            encoded.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        /// Appends a literal part as written; a character a path does not allow as itself makes the path invalid.
        public mutating func appendLiteral(_ literal: String) {
            if problem == nil, let bad = literal.unicodeScalars.first(where: { !Self.isAllowedLiteral($0) }) {
                problem =
                    "the path literal \"\(literal)\" contains \"\(bad)\", which a path does not allow as itself; "
                    + "put query parameters in `query` and interpolate values so that they are encoded"
            }
            encoded += literal
        }

        /// Appends `segment.description` percent-encoded as one path segment; an empty, `.` or `..` value makes the
        /// path invalid.
        public mutating func appendInterpolation(_ segment: some CustomStringConvertible) {
            let text = segment.description
            if problem == nil, text.isEmpty || text == "." || text == ".." {
                problem = "an interpolated path segment must not be empty, \".\" or \"..\" (got \"\(text)\")"
            }
            encoded += PercentEncoding.encode(text)
        }

        private static func isAllowedLiteral(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && PercentEncoding.isLiteralPathCharacter(UInt8(scalar.value))
        }
    }

    /// Why a fully built path is unusable: it must start with `/` and have no empty, `.` or `..` segments.
    private static func structuralProblem(of path: String) -> String? {
        guard path.hasPrefix("/") else {
            return "the path \"\(path)\" must start with \"/\""
        }
        let segments = path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment.isEmpty && !(isLast && segments.count == 1) {
                return "the path \"\(path)\" has an empty segment"
            }
            if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) {
                return "the path \"\(path)\" has a \".\" or \"..\" segment"
            }
        }
        return nil
    }
}

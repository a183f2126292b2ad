/// Percent-decoding of query components (RFC 3986 §2.1, with `+` as a space as HTML forms encode it).
enum PercentDecoding {
    /// `text` with `+` turned into a space and `%HH` escapes decoded; a malformed escape is kept as sent.
    static func decodeQueryComponent(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

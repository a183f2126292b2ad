/// The one rule for turning what the user typed into the query that is searched and remembered.
enum SearchText {
    /// `text` without leading and trailing whitespace and with inner runs of whitespace collapsed to one space:
    /// `"  red   lamp "` is `"red lamp"`. Empty when `text` is only whitespace (then nothing is searched).
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

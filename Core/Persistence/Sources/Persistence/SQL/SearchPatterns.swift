/// Turns user text into values for `LIKE` and FTS5 `MATCH`, whose bound values are patterns or query syntax
/// rather than plain text.
public enum SearchPattern {
    /// A `LIKE` pattern matching values that contain `text` literally: `%`, `_` and `\` in `text` are escaped with
    /// `\`. Bind it in `column LIKE ? ESCAPE '\'` (SQLite's `LIKE` ignores ASCII case).
    ///
    /// Source: "The LIKE, GLOB, REGEXP, MATCH, and extract operators" (sqlite.org/lang_expr.html#like).
    public static func likeContaining(_ text: String) -> String {
        "%" + escapeLike(text) + "%"
    }

    /// A `LIKE` pattern matching values that start with `text` literally; bind it in `column LIKE ? ESCAPE '\'`.
    public static func likePrefix(_ text: String) -> String {
        escapeLike(text) + "%"
    }

    /// An FTS5 query matching rows that contain every word of `text` as a prefix of a token, with no FTS5 syntax
    /// left in it: each whitespace-separated word becomes a quoted string with inner quotes doubled, followed by
    /// `*` (`red "sh` → `"red"* """sh"*`). Control characters (NUL included, which would end the query string
    /// inside SQLite) separate words like white space. Nil when `text` has no word: bind nothing and show no results, since
    /// an empty FTS5 query is an error, not "match everything".
    ///
    /// Source: "SQLite FTS5 Extension", section 3 "Full-text Query Syntax" (sqlite.org/fts5.html).
    public static func fullTextPrefixQuery(_ text: String) -> String? {
        let words = text.split { character in
            character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }

    private static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return escaped
    }
}

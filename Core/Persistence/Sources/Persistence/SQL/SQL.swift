/// The text of one or more SQL statements, written as string literals only.
///
/// Values never enter SQL text: they are bound to `?` placeholders and passed beside the SQL (see
/// `DatabaseValueConvertible`). `SQL` is built from string literals (`StaticString`), so an interpolated string or a
/// runtime `String` cannot become SQL: `"… WHERE name = '\(name)'"` does not compile where `SQL` is expected. The
/// few shapes that depend on data at run time are built from literals by `placeholders(count:)` and `joined`.
///
/// ```swift
/// try tx.execute("INSERT INTO feed_posts (id, caption) VALUES (?, ?)", post.id, post.caption)
/// let ids: SQL = "SELECT id FROM feed_posts WHERE id IN (" + .placeholders(count: wanted.count) + ")"
/// ```
public struct SQL: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The SQL text, as SQLite receives it.
    public let text: String

    private init(text: String) {
        self.text = text
    }

    /// Creates SQL from a string literal.
    public init(stringLiteral value: StaticString) {
        self.text = value.description
    }

    /// The SQL text.
    public var description: String { text }

    /// `count` placeholders separated by commas (`?, ?, ?`), for `IN (…)` lists and multi-row `VALUES`; empty for a
    /// count of zero or less (SQLite accepts `x IN ()`, which matches nothing).
    public static func placeholders(count: Int) -> SQL {
        guard count > 0 else { return SQL(text: "") }
        return SQL(text: Array(repeating: "?", count: count).joined(separator: ", "))
    }

    /// The fragments joined by `separator` (`", "` by default, for column lists).
    public static func joined(_ fragments: [SQL], separator: SQL = ", ") -> SQL {
        SQL(text: fragments.map(\.text).joined(separator: separator.text))
    }

    /// The two fragments, one after the other, with nothing in between.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        SQL(text: lhs.text + rhs.text)
    }
}

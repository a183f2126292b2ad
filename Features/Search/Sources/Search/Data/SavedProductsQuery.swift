import Foundation
import Persistence

/// User text as a search of the saved products: every word of it, taken literally, found anywhere in the title or
/// the description (a fragment inside a word included), without regard to case, diacritics or character width.
///
/// The text and the saved columns are folded alike (`SearchKey.fold`), then:
/// - words of three characters or more (Unicode scalars, after folding) are looked up in the FTS5 trigram index as
///   quoted tokens (`SearchPattern.fullTextPrefixQuery`, DESIGN.md's rule for `MATCH`), so FTS5 syntax in them
///   (`*`, `-`, `NEAR`, `AND`, `column:`, quotes) is text;
/// - shorter words, which a trigram index cannot look up (FTS5: "substrings consisting of fewer than 3 unicode
///   characters do not match any rows"), are found with `instr` on the folded columns, bound as plain values, so
///   `%`, `_` and quotes are text there too.
///
/// Words are separated by white space and control characters; text without a word is no query.
///
/// Source: "SQLite FTS5 Extension", section 4.3.4 "The Trigram Tokenizer" (sqlite.org/fts5.html).
struct SavedProductsQuery: Equatable {
    /// The `MATCH` value for the words of three characters or more; nil when there is none.
    let match: String?
    /// The folded words shorter than three characters, each matched with `instr`.
    let shortWords: [String]

    /// The query for `text`, or nil when `text` has no word.
    init?(_ text: String) {
        let words = text.split { character in
            character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }.map { SearchKey.fold(String($0)) }
        guard !words.isEmpty else { return nil }
        let long = words.filter { $0.unicodeScalars.count >= 3 }
        match = long.isEmpty ? nil : SearchPattern.fullTextPrefixQuery(long.joined(separator: " "))
        shortWords = words.filter { $0.unicodeScalars.count < 3 }
    }
}

/// The folded form of text that offline search compares: case, diacritics and width folded (`Café` and `CAFE`,
/// `ＡＢＣ` and `abc` are one), stored beside the title and description it was made from.
enum SearchKey {
    /// `text` folded for search (Foundation's case-, diacritic- and width-insensitive folding, locale-independent).
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

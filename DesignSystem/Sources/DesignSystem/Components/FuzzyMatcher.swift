/// A fuzzy match of a query in one candidate text: how good it is and which characters matched.
public struct FuzzyMatch: Hashable, Sendable {
    /// Higher is better; only comparable between matches of the same query.
    public let score: Int
    /// The indices of the candidate's characters (`Character`s, from 0) the query's characters matched, ascending:
    /// what a row highlights.
    public let positions: [Int]

    /// Creates a match.
    public init(score: Int, positions: [Int]) {
        self.score = score
        self.positions = positions
    }
}

/// Subsequence matching of a short query against texts, as command palettes do (fzf, VS Code, Sublime Text): every
/// character of the query (spaces left out) must occur in the candidate in order, ignoring case and diacritics as
/// `FoldedText` folds them (`cafe` matches "Café"); the best placement of those characters is scored, and the positions it used are
/// returned for highlighting.
///
/// Score of one placement: each matched character counts 1, plus 10 when it starts a word (the text's first
/// character, one after a space or punctuation, or a capital after a lower-case letter) or continues a run of
/// consecutive matches that began at a word start (as fzf does, so a word's prefix beats scattered word starts),
/// plus 6 when it follows the previous matched character directly, plus 1 when its case is the query's exactly; each
/// candidate character skipped between two matched ones costs 1, and each skipped before the first costs 1 up to 3.
/// So `lth` ranks "Leather Tote Handle" (three word starts) above "Wealthy" (a run inside a word), and a shorter
/// text above a longer one with the same placement only through `rank`'s tie-break.
public struct FuzzyMatcher: Sendable {
    private let query: [Character]
    private let folded: [[UInt8]]

    /// The most candidate characters looked at; the rest of a longer text cannot match (keeps each match cheap).
    public static let maximumCandidateLength = 256

    /// A matcher of `query` (spaces are ignored; an empty query matches everything with score 0 and no positions).
    public init(query: String) {
        let characters = query.filter { !$0.isWhitespace }
        self.query = Array(characters)
        var cache: [Character: [UInt8]] = [:]
        folded = characters.map { FoldedText.bytes(of: $0, cache: &cache) }
    }

    /// The best match of the query in `candidate`, or nil when the query's characters do not all occur in order.
    public func match(_ candidate: String) -> FuzzyMatch? {
        var cache: [Character: [UInt8]] = [:]
        return match(candidate, cache: &cache)
    }

    /// `match(_:)`, with the folding of the non-ASCII characters seen kept in `cache` across candidates.
    private func match(_ candidate: String, cache: inout [Character: [UInt8]]) -> FuzzyMatch? {
        guard !query.isEmpty else { return FuzzyMatch(score: 0, positions: []) }
        let text = Array(candidate.prefix(Self.maximumCandidateLength))
        let n = query.count
        let m = text.count
        guard n <= m else { return nil }
        var textFolded: [[UInt8]] = []
        textFolded.reserveCapacity(m)
        for character in text { textFolded.append(FoldedText.bytes(of: character, cache: &cache)) }
        // best[i][j]: the best score of placing query[0...i] with query[i] on text[j]; from[i][j]: where query[i-1] is.
        let unset = Int.min / 2
        var best = Array(repeating: Array(repeating: unset, count: m), count: n)
        var from = Array(repeating: Array(repeating: -1, count: m), count: n)
        // runAtWord[i][j]: whether the run of consecutive matches ending at text[j] began at a word start.
        var runAtWord = Array(repeating: Array(repeating: false, count: m), count: n)
        for i in 0..<n {
            for j in i..<m where textFolded[j] == folded[i] {
                let startsWord = Self.startsWord(text, at: j)
                let base = 1 + (text[j] == query[i] ? 1 : 0)
                if i == 0 {
                    best[i][j] = base + (startsWord ? 10 : 0) - min(j, 3)
                    runAtWord[i][j] = startsWord
                    continue
                }
                for k in (i - 1)..<j where best[i - 1][k] > unset {
                    let consecutive = k == j - 1
                    let inherited = consecutive && runAtWord[i - 1][k]
                    let link = consecutive ? 6 : -(j - k - 1)
                    let score = best[i - 1][k] + base + (startsWord || inherited ? 10 : 0) + link
                    if score > best[i][j] {
                        best[i][j] = score
                        from[i][j] = k
                        runAtWord[i][j] = consecutive ? inherited || startsWord : startsWord
                    }
                }
            }
        }
        guard let last = (0..<m).max(by: { best[n - 1][$0] < best[n - 1][$1] }), best[n - 1][last] > unset else {
            return nil
        }
        var positions = [last]
        var j = last
        for i in stride(from: n - 1, to: 0, by: -1) {
            j = from[i][j]
            positions.append(j)
        }
        return FuzzyMatch(score: best[n - 1][last], positions: positions.reversed())
    }

    /// The candidates that match, best first: by score, then the shorter text, then the earlier candidate.
    public func rank(_ candidates: [String]) -> [(index: Int, match: FuzzyMatch)] {
        var cache: [Character: [UInt8]] = [:]
        var matches: [(index: Int, length: Int, match: FuzzyMatch)] = []
        for (index, text) in candidates.enumerated() {
            if let found = match(text, cache: &cache) { matches.append((index, text.count, found)) }
        }
        return matches.sorted { left, right in
            if left.match.score != right.match.score { return left.match.score > right.match.score }
            if left.length != right.length { return left.length < right.length }
            return left.index < right.index
        }.map { ($0.index, $0.match) }
    }

    /// Whether `text[index]` starts a word: the first character, one after a character that is not a letter or a
    /// digit, or an upper-case letter after a lower-case one (`camelCase`).
    private static func startsWord(_ text: [Character], at index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = text[index - 1]
        if !(previous.isLetter || previous.isNumber) { return text[index].isLetter || text[index].isNumber }
        return text[index].isUppercase && previous.isLowercase
    }
}

import DesignSystem
import Testing

@Suite("Fuzzy matcher", .timeLimit(.minutes(1)))
struct FuzzyMatcherTests {
    /// The candidates of `candidates` that `query` matches, best first.
    private func ranked(_ query: String, _ candidates: [String]) -> [String] {
        FuzzyMatcher(query: query).rank(candidates).map { candidates[$0.index] }
    }

    @Test("word starts beat a run inside a word, and a run beats scattered characters")
    func ranking() {
        #expect(ranked("lth", ["Wealthy", "Leather Tote Handle"]) == ["Leather Tote Handle", "Wealthy"])
        #expect(ranked("ord", ["Your orders", "Bordeaux glass", "Old red door"]).first == "Your orders")
        #expect(ranked("cart", ["Scarf, tartan", "Cart"]) == ["Cart", "Scarf, tartan"])
        // camelCase humps are word starts.
        #expect(ranked("nt", ["Intent", "nextTab"]).first == "nextTab")
        // The same placement: the shorter text first, then the candidates' order.
        #expect(
            ranked("lamp", ["Desk lamp, brass", "Desk lamp", "Floor lamp"]) == [
                "Desk lamp", "Floor lamp", "Desk lamp, brass",
            ])
    }

    @Test("the positions are the matched characters, ascending, for highlighting")
    func positions() throws {
        let match = try #require(FuzzyMatcher(query: "lth").match("Leather Tote Handle"))
        #expect(match.positions == [0, 8, 13])
        let run = try #require(FuzzyMatcher(query: "tote").match("Leather Tote"))
        #expect(run.positions == [8, 9, 10, 11])
        // Spaces in the query are left out.
        #expect(FuzzyMatcher(query: "l t").match("Leather Tote")?.positions == [0, 8])
        #expect(FuzzyMatcher(query: "").match("anything") == FuzzyMatch(score: 0, positions: []))
    }

    @Test("no match when a character is missing or out of order")
    func noMatch() {
        #expect(FuzzyMatcher(query: "xyz").match("Leather Tote") == nil)
        #expect(FuzzyMatcher(query: "etl").match("let") == nil)
        #expect(FuzzyMatcher(query: "toolong").match("tool") == nil)
        #expect(ranked("zz", ["Cart", "Feed"]).isEmpty)
    }

    @Test("case and diacritics are ignored; an exact case scores higher; positions count characters, not bytes")
    func unicode() throws {
        #expect(FuzzyMatcher(query: "cafe").match("Café crème")?.positions == [0, 1, 2, 3])
        #expect(FuzzyMatcher(query: "CREME").match("Café crème")?.positions == [5, 6, 7, 8, 9])
        let exact = try #require(FuzzyMatcher(query: "Ca").match("Ca"))
        let other = try #require(FuzzyMatcher(query: "Ca").match("ca"))
        #expect(exact.score > other.score)
        // Wide characters and emoji are one position each.
        #expect(FuzzyMatcher(query: "京t").match("東京 travel")?.positions == [1, 3])
        #expect(FuzzyMatcher(query: "tg").match("🎁 tea gift")?.positions == [2, 6])
    }
}

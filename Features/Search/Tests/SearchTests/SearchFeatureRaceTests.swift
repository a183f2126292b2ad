import Foundation
import Models
import TestSupport
import Testing

@testable import Search

@MainActor
@Suite("SearchFeature: no stale results")
struct SearchFeatureRaceTests {
    @Test(
        "a short prefix that answers after the longer query typed later never replaces its results",
        arguments: [false, true])
    func slowPrefixNeverOverwritesNewerResults(swallowsCancellation: Bool) async throws {
        let clock = ManualClock()
        // "l" and "la" are slow (many matches), "lamp" is fast.
        let repository = DelayedSearchRepository(
            clock: clock, delay: { $0.count < 3 ? .seconds(2) : .milliseconds(100) },
            swallowsCancellation: swallowsCancellation)
        let directory = try TemporaryDirectory()
        let feature = SearchFeature(
            repository: repository, recentSearches: TestValues.recentSearches(in: directory), clock: clock,
            logger: TestValues.logger)
        var published: [String] = []
        feature.publicationObserver = { published.append($0) }

        // "l", then a pause longer than the debounce, so its slow request goes out.
        let first = feature.updateQuery("l")
        try await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(350))
        try await clock.waitForSleepers(count: 1)  // the request for "l" is on its way
        // "la", "lam", "lamp" at 50 ms per keystroke, then the debounce.
        var tasks: [Task<Void, Never>] = []
        for (index, text) in ["la", "lam", "lamp"].enumerated() {
            if index > 0 { clock.advance(by: .milliseconds(50)) }
            tasks += [feature.updateQuery(text)].compactMap { $0 }
            try await clock.waitForSleepers(count: swallowsCancellation ? 2 : 1)
        }
        clock.advance(by: .milliseconds(300))
        try await clock.waitForSleepers(count: swallowsCancellation ? 2 : 1)  // "lamp" is on its way
        clock.advance(by: .milliseconds(100))
        try await tasks.last?.finish()
        #expect(feature.resultsQuery == "lamp")

        clock.advance(by: .seconds(3))  // the answer for "l" arrives (or was cancelled)
        try await first?.finish()
        for task in tasks { try await task.finish() }

        #expect(published == ["lamp"])
        #expect(feature.resultsQuery == "lamp")
        #expect(feature.results.allSatisfy { $0.title.hasPrefix("lamp ") })
        #expect(!feature.isSearching)
    }

    @Test("500 random typing sessions: results always belong to the final query, and nothing stale is published")
    func randomTypingSessionsNeverShowStaleResults() async throws {
        var generator = SplitMix64(seed: 0x5EA2_C417)
        var staleSessions = 0
        var wrongEndings = 0
        var requests = 0
        for _ in 0..<500 {
            let outcome = try await TypingSession(generator: &generator).run()
            staleSessions += outcome.stalePublications > 0 ? 1 : 0
            wrongEndings += outcome.endsOnFinalQuery ? 0 : 1
            requests += outcome.requests
        }
        #expect(staleSessions == 0)
        #expect(wrongEndings == 0)
        // The sessions must race for the test to mean anything: many requests overlap newer queries.
        #expect(requests > 1_000)
    }
}

@MainActor
@Suite("SearchFeature: requests sent while typing")
struct SearchFeatureRequestCountTests {
    /// A feature over the live repository, the scripted transport and an in-memory store.
    private func makeFeature(_ harness: LiveHarness, directory: TemporaryDirectory) -> SearchFeature {
        SearchFeature(
            repository: harness.repository, recentSearches: TestValues.recentSearches(in: directory),
            clock: harness.clock, logger: TestValues.logger)
    }

    /// Types `word` one letter every 50 ms (on the manual clock); returns every task the keystrokes started.
    private func type(_ word: String, into feature: SearchFeature, clock: ManualClock) async throws -> [Task<
        Void, Never
    >] {
        var tasks: [Task<Void, Never>] = []
        var text = ""
        for (index, letter) in word.enumerated() {
            if index > 0 { clock.advance(by: .milliseconds(50)) }
            text.append(letter)
            tasks += [feature.updateQuery(text)].compactMap { $0 }
            try await clock.waitForSleepers(count: 1)
        }
        return tasks
    }

    @Test("typing a six-letter word at 50 ms per keystroke sends exactly one request")
    func sixLettersSendOneRequest() async throws {
        let harness = try LiveHarness()
        let directory = try TemporaryDirectory()
        let feature = makeFeature(harness, directory: directory)
        harness.transport.enqueue(.json(LiveHarness.searchBody([("sku_1", "Candle holder")])))

        let tasks = try await type("candle", into: feature, clock: harness.clock)
        harness.clock.advance(by: .milliseconds(300))
        for task in tasks { try await task.finish() }

        #expect(tasks.count == 6)
        #expect(harness.transport.requests.count == 1)
        #expect(harness.transport.requests.first?.queryItems.first?.value == "candle")
        #expect(feature.resultsQuery == "candle")
        #expect(feature.results.map(\.id) == ["sku_1"])
    }

    @Test("typing a word and clearing it sends no request")
    func typingThenClearingSendsNothing() async throws {
        let harness = try LiveHarness()
        let directory = try TemporaryDirectory()
        let feature = makeFeature(harness, directory: directory)

        let tasks = try await type("candle", into: feature, clock: harness.clock)
        harness.clock.advance(by: .milliseconds(50))
        #expect(feature.updateQuery("") == nil)
        harness.clock.advance(by: .seconds(5))
        for task in tasks { try await task.finish() }

        #expect(harness.transport.requests.isEmpty)
        #expect(harness.clock.sleeperCount == 0)
        #expect(!feature.isSearching)
        #expect(!feature.hasSearched)
    }
}

/// A small deterministic random number generator (SplitMix64), so every run types the same sessions.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

import Foundation
import Logging
import Persistence
import TestSupport
import Testing

@testable import Search

@Suite("Recent searches")
struct RecentSearchesTests {
    @Test("the newest query comes first, a repeated one moves to the front with its newest spelling")
    func newestFirstAndDistinct() throws {
        let directory = try TemporaryDirectory()
        let recent = TestValues.recentSearches(in: directory)

        try recent.record("lamp")
        try recent.record("  oak   desk ")
        try recent.record("Lamp")

        #expect(try recent.load() == ["Lamp", "oak desk"])
    }

    @Test("only the last 10 distinct queries are kept, and blank queries are ignored")
    func keepsTheLastTen() throws {
        let directory = try TemporaryDirectory()
        let recent = TestValues.recentSearches(in: directory)

        for number in 1...12 { try recent.record("query \(number)") }
        try recent.record("   ")

        #expect(try recent.load() == (3...12).reversed().map { "query \($0)" })
    }

    @Test("the list is kept in the preferences suite and read back by a new store; clear forgets it")
    func persistsInThePreferencesSuite() throws {
        let directory = try TemporaryDirectory()
        try TestValues.recentSearches(in: directory).record("chair")
        try TestValues.recentSearches(in: directory).record("sofa")

        let reopened = TestValues.recentSearches(in: directory)
        #expect(try reopened.load() == ["sofa", "chair"])
        let file = directory.url.appending(path: "preferences/search.json")
        #expect(try String(decoding: Data(contentsOf: file), as: UTF8.self).contains("search.recent_queries"))

        try reopened.clear()
        #expect(try TestValues.recentSearches(in: directory).load().isEmpty)
    }

    @MainActor
    @Test("the feature records submitted queries, clears them, and reports a suite it cannot write")
    func featureKeepsRecentSearches() async throws {
        let harness = try FeatureHarness(
            repository: ControlledSearchRepository(responder: { .success(TestValues.page(for: $0.query)) }))
        let feature = harness.feature

        feature.updateQuery("lamp")
        try await feature.submit()?.finish()
        feature.updateQuery("desk")
        try await feature.submit()?.finish()
        #expect(feature.recentSearches == ["desk", "lamp"])

        feature.clearRecentSearches()
        #expect(feature.recentSearches.isEmpty)
        #expect(feature.recentSearchesProblem == nil)

        // A directory where the preferences file should be: the suite cannot be read or written.
        let blocked = try TemporaryDirectory()
        try FileManager().createDirectory(
            at: blocked.url.appending(path: "preferences/search.json"), withIntermediateDirectories: true)
        let broken = SearchFeature(
            repository: harness.repository, recentSearches: TestValues.recentSearches(in: blocked),
            clock: harness.clock, logger: TestValues.logger, debounce: .zero)
        broken.loadRecentSearches()
        #expect(broken.recentSearchesProblem != nil)
        broken.updateQuery("lamp")
        try await broken.submit()?.finish()
        #expect(broken.resultsQuery == "lamp")
    }
}

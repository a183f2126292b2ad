import Foundation
import Testing

@testable import ModulesKit

/// Flaky tests found in the shared cache's run history: a real nginx, real manifests and git, a scripted
/// `swift build`/`swift test` whose Feed has a test that alternates, one that always fails and one that passes.
@Suite(.timeLimit(.minutes(10))) struct FlakyCacheTests {
    static let feed: FakeOutcome = .named(
        suite: "FeedTests.FeedTests", ["alternates()": .alternates, "alwaysFails()": .fails, "works()": .passes])

    private func clone(in directory: URL) throws -> URL {
        let repo = try Fixtures.copy("SharedCache", into: directory.appendingPathComponent("clone"))
        try commitEverything(in: repo)
        return repo
    }

    private func feed(_ run: CLIRun) throws -> [String: Any] {
        try package("Features/Feed", in: run)
    }

    @Test func anAlternatingTestIsFlakyFromItsSecondRunAndOneThatAlwaysFailsNeverIsIn20Runs() async throws {
        try await withTemporaryDirectory { directory in
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let repo = try clone(in: directory)
                let swift = FakeSwift(["Feed": Self.feed])
                let runner = SelectiveTestingTests.RoutingRunner(live: liveRunner(directory), fake: swift)
                for number in 1...20 {
                    let run = await runModules(
                        ["test", "--changed-since-green", "--cache-url", server.url, "--json", "--repo", repo.path],
                        in: repo, runner: runner, stopwatch: .continuous())
                    let feed = try feed(run)
                    #expect(!caseNames(feed, "flakyTests").contains("alwaysFails()"), "run \(number)")
                    #expect(caseNames(feed, "failures").contains("alwaysFails()"), "run \(number)")
                    #expect(run.status == 1, "run \(number): alwaysFails() fails it")
                    if number.isMultiple(of: 2) {
                        #expect(caseNames(feed, "flakyTests") == ["alternates()"], "run \(number): \(run.errorOutput)")
                        let flaky = (feed["flakyTests"] as? [[String: Any]])?.first
                        let attempts = flaky?["attempts"] as? [[String: Any]] ?? []
                        #expect(attempts.count == min(number / 2, FlakyHistory.shownFailures))
                        #expect(
                            (attempts.first?["run"] as? String)?.hasPrefix("an earlier run with the same inputs")
                                == true)
                    } else {
                        #expect(caseNames(feed, "flakyTests").isEmpty, "run \(number): it failed, which is no pass")
                        #expect(caseNames(feed, "failures").contains("alternates()"))
                    }
                    #expect(!run.errorOutput.contains("warning"), "run \(number): \(run.errorOutput)")
                }
                let history = try server.actionEntries().filter { _, bytes in
                    (try? ActionResultMessage.decode(bytes)) != nil
                }
                #expect(history.count >= 20, "a run-history slot per run of Feed, beside the pass and failure entries")

                let listed = await runModules(
                    ["flaky", "--cache-url", server.url, "--json", "--repo", repo.path], in: repo, runner: runner,
                    stopwatch: .continuous())
                #expect(listed.status == 0, "\(listed.errorOutput)")
                let report = try jsonObject(listed.output)
                let tests = try #require(report["tests"] as? [[String: Any]])
                #expect(
                    tests.compactMap { $0["test"] as? String } == ["Features/Feed/FeedTests/FeedTests/alternates()"])
                #expect(tests.first?["failedRuns"] as? Int == 10)
                #expect(tests.first?["passedRuns"] as? Int == 10)
                let runs = try #require(tests.first?["runs"] as? [[String: Any]])
                #expect(runs.count == 20)
                #expect(
                    runs.prefix(4).compactMap { $0["outcome"] as? String } == ["failed", "passed", "failed", "passed"])
                #expect(runs.first?["message"] as? String == "Expectation failed: run 1")
                #expect(runs.allSatisfy { $0["commit"] as? String != "unknown" && $0["machine"] as? String != nil })
                #expect(report["runs"] as? Int == 21, "20 runs of Feed and Base's one")

                let text = await runModules(
                    ["flaky", "--cache-url", server.url, "Features/Feed", "--repo", repo.path], in: repo,
                    runner: runner, stopwatch: .continuous())
                #expect(
                    text.output.hasPrefix(
                        "Features/Feed/FeedTests/FeedTests/alternates()  failed in 10 of 20 runs, passed in 10"),
                    "\(text.output)")
                #expect(
                    text.output.hasSuffix(
                        "1 flaky test in 1 test target (20 recorded runs of their current inputs, read from \(server.url))\n"
                    ))
            }
        }
    }

    @Test func aTestThatPassesOnARerunIsRecordedFlakyAndTheCacheKeepsItsFailureApart() async throws {
        try await withTemporaryDirectory { directory in
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let repo = try clone(in: directory)
                let swift = FakeSwift(["Feed": .named(suite: "FeedTests.FeedTests", ["alternates()": .alternates])])
                let runner = SelectiveTestingTests.RoutingRunner(live: liveRunner(directory), fake: swift)
                let run = await runModules(
                    [
                        "test", "--changed-since-green", "--retries", "1", "--cache-url", server.url, "--json",
                        "--repo", repo.path,
                    ], in: repo, runner: runner, stopwatch: .continuous())
                #expect(run.status == 0, "\(run.errorOutput)")
                #expect(try feed(run)["status"] as? String == "flaky")
                let green = GreenResults.load(
                    from: repo.appendingPathComponent(".build/modules/cache/results/green.json"))
                #expect(green.targets.keys.sorted() == ["Core/Base:BaseTests"], "a flaky target is never green")
                let codes = try server.actionEntries().values.map { try ActionResultMessage.decode($0).exitCode }
                #expect(codes.filter { $0 == 0 }.count == 2, "Base's pass and its run-history slot")
                #expect(codes.filter { $0 == 1 }.count == 2, "Feed's run under its failure key and in its history")

                let listed = await runModules(
                    ["flaky", "--cache-url", server.url, "--json", "--repo", repo.path], in: repo, runner: runner,
                    stopwatch: .continuous())
                let tests = try #require(try jsonObject(listed.output)["tests"] as? [[String: Any]])
                #expect(tests.count == 1, "one run that failed, then passed, is enough")
                let runs = tests.first?["runs"] as? [[String: Any]] ?? []
                #expect(runs.compactMap { $0["outcome"] as? String } == ["flaky"])

                let refused = await runModules(["flaky", "--repo", repo.path], in: repo, runner: runner)
                #expect(refused.status == 64)
                #expect(refused.errorOutput.contains("modules flaky reads the shared cache: give --cache-url URL"))
            }
        }
    }
}

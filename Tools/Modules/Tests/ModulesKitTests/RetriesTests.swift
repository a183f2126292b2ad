import Foundation
import Testing

@testable import ModulesKit

/// `modules test --retries N` and `quarantine` over a scripted `swift` (no build): which tests run again, how a
/// test that then passes is reported (text, JSON, JUnit as Surefire writes reruns), and how a quarantined failure
/// turns from a warning into an error at its expiry (an injected clock).
@Suite(.timeLimit(.minutes(10))) struct RetriesTests {
    static let suite = "ATests.ATests"
    static let tests: [String: FakeTest] = ["alternates()": .alternates, "fails()": .fails, "passes()": .passes]

    private func repository(in directory: URL, quarantine: Bool = false) throws -> URL {
        let repo = try makeRepository(in: directory, packages: ["Core/A"])
        if quarantine {
            let config = """
                {
                  "quarantine": [
                    {
                      "test": "Core/A/ATests/ATests/fails()",
                      "owner": "@ana",
                      "reason": "fails on purpose, #12",
                      "expires": "2026-07-01"
                    }
                  ]
                }
                """
            try Data(config.utf8).write(to: repo.appendingPathComponent("modules.json"))
        }
        return repo
    }

    private func tests(_ swift: FakeSwift) -> [ProcessInvocation] {
        swift.invocations.filter { $0.arguments.first == "test" && $0.arguments.count > 2 }
    }

    private func filters(_ invocation: ProcessInvocation) -> [String] {
        invocation.arguments.indices.filter { invocation.arguments[$0] == "--filter" }.map {
            invocation.arguments[$0 + 1]
        }
    }

    @Test func failedTestsRunAgainAloneAndOneThatPassesIsFlakyNeverAPlainPass() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try repository(in: directory)
            let swift = FakeSwift(["A": .named(suite: Self.suite, Self.tests)])
            let run = await runModules(
                ["test", "--retries", "2", "--json", "--repo", repo.path], in: directory, runner: swift.runner)
            #expect(run.status == 1, "\(run.errorOutput)")
            let runs = tests(swift)
            #expect(runs.count == 3, "the first run and two reruns")
            #expect(
                runs.map(filters) == [
                    [], [#"^ATests\.ATests/alternates\(\)"#, #"^ATests\.ATests/fails\(\)"#],
                    [#"^ATests\.ATests/fails\(\)"#],
                ])
            #expect(runs.dropFirst().allSatisfy { $0.arguments.contains("--skip-build") })

            let json = try jsonObject(run.output)
            #expect(json["flaky"] as? Int == 1)
            #expect(json["failed"] as? Int == 1)
            #expect(json["passed"] as? Int == 1, "a flaky test is not counted as passed")
            let package = try #require((json["packages"] as? [[String: Any]])?.first)
            #expect(package["status"] as? String == "failed")
            #expect(package["reruns"] as? Int == 2)
            let flaky = try #require((package["flakyTests"] as? [[String: Any]])?.first)
            #expect(flaky["name"] as? String == "alternates()")
            #expect(flaky["outcome"] as? String == "flaky")
            let attempts = try #require(flaky["attempts"] as? [[String: Any]])
            #expect(attempts.map { $0["run"] as? String } == ["the first run"])
            #expect(attempts.first?["message"] as? String == "Expectation failed: run 1")
            let failure = try #require((package["failures"] as? [[String: Any]])?.first)
            #expect(failure["name"] as? String == "fails()")
            #expect((failure["attempts"] as? [[String: Any]])?.map { $0["run"] as? String } == ["rerun 1", "rerun 2"])

            let junit = try await JUnitDocument.read(repo.appendingPathComponent(".build/modules/junit/Core-A.xml"))
            #expect(junit.tags("alternates()") == ["flakyFailure"], "a passing testcase holding its earlier failure")
            let element = try #require(junit.cases["alternates()"]?.first)
            #expect(element.type == "failure")
            #expect(element.children == ["stackTrace"])
            #expect(element.stackTrace == "the first run: Expectation failed: run 1")
            #expect(junit.tags("fails()") == ["failure", "rerunFailure", "rerunFailure"])
            #expect(junit.tags("passes()").isEmpty)
            #expect(junit.suites.first?.failures == "1")
            #expect(junit.suites.first?.tests == "3")
        }
    }

    @Test func aTestThatPassesOnItsFirstRerunPassesTheRunAsFlaky() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try repository(in: directory)
            let swift = FakeSwift(["A": .named(suite: Self.suite, ["alternates()": .alternates, "passes()": .passes])])
            let run = await runModules(
                ["test", "--retries", "2", "--repo", repo.path], in: directory, runner: swift.runner)
            #expect(run.status == 0, "\(run.output)")
            #expect(tests(swift).count == 2, "no second rerun once nothing fails")
            #expect(run.output.hasSuffix("\n1 passed, 0 failed, 1 flaky\n"), "\(run.output)")
            #expect(run.output.contains("── Core/A: flaky (log: .build/modules/logs/Core-A.log)"))
            #expect(
                run.output.contains(
                    "⚠ ATests.ATests.alternates(): flaky: failed on the first run (Expectation failed: run 1), then "
                        + "passed"))
            let header = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("PACKAGE") })
            #expect(header.contains("FLAKY"))
            let durations = DurationStore.load(from: repo.appendingPathComponent(".build/modules/durations.json"))
            #expect(durations.entries["Core/A"]?.status == "flaky")
        }
    }

    @Test func withoutRetriesNothingRunsAgainAndBadCountsAreUsageErrors() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try repository(in: directory)
            let swift = FakeSwift(["A": .named(suite: Self.suite, Self.tests)])
            let run = await runModules(["test", "--repo", repo.path], in: directory, runner: swift.runner)
            #expect(run.status == 1)
            #expect(tests(swift).count == 1)
            #expect(!run.output.contains("flaky"), "\(run.output)")
            for bad in ["11", "-1", "two"] {
                let refused = await runModules(
                    ["test", "--retries", bad, "--repo", repo.path], in: directory, runner: swift.runner)
                #expect(refused.status == 64)
                #expect(refused.errorOutput.contains("--retries needs a whole number from 0 to 10, not '\(bad)'"))
            }
            let crash = FakeSwift(["A": .crashes])
            _ = await runModules(["test", "--retries", "3", "--repo", repo.path], in: directory, runner: crash.runner)
            #expect(tests(crash).count == 1, "a crashed package is not rerun")
        }
    }

    @Test func aQuarantinedFailureWarnsUntilItsExpiryAndFailsAfterIt() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try repository(in: directory, quarantine: true)
            let tests: [String: FakeTest] = ["fails()": .fails, "passes()": .passes]
            let before = await runModules(
                ["test", "--json", "--repo", repo.path], in: directory,
                runner: FakeSwift(["A": .named(suite: Self.suite, tests)]).runner)
            #expect(before.status == 0, "\(before.output)")
            let package = try #require((try jsonObject(before.output)["packages"] as? [[String: Any]])?.first)
            #expect(package["status"] as? String == "quarantined")
            let quarantined = try #require((package["quarantinedTests"] as? [[String: Any]])?.first)
            #expect(quarantined["name"] as? String == "fails()")
            let entry = try #require(quarantined["quarantine"] as? [String: Any])
            #expect(entry["owner"] as? String == "@ana")
            #expect(entry["expires"] as? String == "2026-07-01")
            let junit = try await JUnitDocument.read(repo.appendingPathComponent(".build/modules/junit/Core-A.xml"))
            #expect(junit.tags("fails()") == ["skipped"])
            let skipped = try #require(junit.cases["fails()"]?.first?.message)
            #expect(skipped.hasPrefix("quarantined until 2026-07-01 (owner @ana: fails on purpose, #12); it failed"))

            // The day it expires (00:00 UTC), the failure is an error again.
            let expiry = try #require(ModulesConfiguration.QuarantineEntry.expiry(of: "2026-07-01"))
            let after = await runModules(
                ["test", "--repo", repo.path], in: directory,
                runner: FakeSwift(["A": .named(suite: Self.suite, tests)]).runner, clock: .fixed(expiry))
            #expect(after.status == 1)
            #expect(
                after.output.contains(
                    "✘ ATests.ATests.fails(): Expectation failed: run 1 (its quarantine expired on 2026-07-01 (owner "
                        + "@ana: fails on purpose, #12))"), "\(after.output)")
            let justBefore = await runModules(
                ["test", "--repo", repo.path], in: directory,
                runner: FakeSwift(["A": .named(suite: Self.suite, tests)]).runner,
                clock: .fixed(expiry.addingTimeInterval(-1)))
            #expect(justBefore.status == 0)
            #expect(justBefore.output.hasSuffix("\n1 passed, 0 failed, 1 quarantined\n"), "\(justBefore.output)")
        }
    }
}

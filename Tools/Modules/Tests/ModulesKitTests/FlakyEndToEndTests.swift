import Foundation
import Testing

@testable import ModulesKit

/// Real `modules test` runs over `Fixtures/FlakyRun` (built once, its scratch path reused by every run): a test that
/// fails one run in two (a seed and a run counter in a state file this test passes through the environment), one
/// that always fails (quarantined until 2026-07-01) and one that passes; a real nginx for the shared cache.
@Suite(.timeLimit(.minutes(25))) struct FlakyEndToEndTests {
    /// Runs `swift test` with `variables` added to its environment (through `env`), everything else as is.
    struct EnvironmentRunner: ProcessRunning {
        let live: SubprocessRunner
        let variables: [String: String]

        func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
            guard invocation.executable == "swift", invocation.arguments.first == "test" else {
                return try await live.run(invocation)
            }
            var wrapped = invocation
            wrapped.executable = "env"
            wrapped.arguments =
                variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + ["swift"] + invocation.arguments
            return try await live.run(wrapped)
        }
    }

    private func flaky(_ run: CLIRun) throws -> [String: Any] {
        try package("Core/Flaky", in: run)
    }

    @Test func aTestThatFailsOneRunInTwoIsFlakyWithinTwoRunsAndPassesAsFlakyWithRetries() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("FlakyRun", into: directory)
            try commitEverything(in: repo)
            let state = directory.appendingPathComponent("flaky-state")
            try Data("0 0\n".utf8).write(to: state)
            let runner = EnvironmentRunner(
                live: liveRunner(directory), variables: ["FLAKY_FIXTURE_STATE": state.path])
            let expiry = try #require(ModulesConfiguration.QuarantineEntry.expiry(of: "2026-07-01"))
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let shared = [
                    "test", "--changed-since-green", "--cache-url", server.url, "--json", "--repo", repo.path,
                ]
                // 1: alternates() fails (run 0); alwaysFails() is quarantined.
                let first = await runModules(shared, in: repo, runner: runner, stopwatch: .continuous())
                #expect(first.status == 1, "\(first.output)\(first.errorOutput)")
                let one = try flaky(first)
                #expect(caseNames(one, "failures") == ["alternates()"])
                #expect(caseNames(one, "quarantinedTests") == ["alwaysFails()"])
                // 2: it passes (run 1) where the run with the same action key failed: flaky, within two runs.
                let second = await runModules(shared, in: repo, runner: runner, stopwatch: .continuous())
                #expect(second.status == 0, "\(second.output)\(second.errorOutput)")
                let two = try flaky(second)
                #expect(two["status"] as? String == "flaky")
                #expect(caseNames(two, "flakyTests") == ["alternates()"])
                let listed = await runModules(
                    ["flaky", "--cache-url", server.url, "--repo", repo.path], in: repo, runner: runner)
                #expect(listed.output.hasPrefix("Core/Flaky/FlakyTests/FlakyTests/alternates()  failed in 1 of 2"))
                #expect(!listed.output.contains("alwaysFails()"), "a test that fails every time is never flaky")
            }

            // 3: with --retries 2, it fails (run 2) and passes on its rerun (run 3): the run passes, as flaky.
            let retried = await runModules(
                ["test", "--retries", "2", "--json", "--repo", repo.path], in: repo, runner: runner,
                stopwatch: .continuous())
            #expect(retried.status == 0, "\(retried.output)\(retried.errorOutput)")
            let package = try flaky(retried)
            #expect(package["status"] as? String == "flaky")
            #expect(caseNames(package, "flakyTests") == ["alternates()"])
            #expect(caseNames(package, "quarantinedTests") == ["alwaysFails()"])
            #expect(package["reruns"] as? Int == 2, "alwaysFails() was run three times")
            let junitURL = repo.appendingPathComponent(".build/modules/junit/Core-Flaky.xml")
            let junit = try await JUnitDocument.read(junitURL)
            #expect(junit.tags("alternates()") == ["flakyFailure"])
            let rerun = try #require(junit.cases["alternates()"]?.first)
            #expect(rerun.message?.contains("run 2 with seed 0 fails by design") == true, "\(rerun)")
            #expect(rerun.children == ["stackTrace"])
            #expect(junit.tags("alwaysFails()") == ["skipped"])
            #expect(junit.tags("passes()").isEmpty)

            // 4: past the quarantine's expiry (the injected clock), alwaysFails() fails the run again.
            let expired = await runModules(
                ["test", "--retries", "2", "--json", "--repo", repo.path], in: repo, runner: runner,
                stopwatch: .continuous(), clock: .fixed(expiry.addingTimeInterval(3600)))
            #expect(expired.status == 1, "\(expired.output)")
            let four = try flaky(expired)
            #expect(caseNames(four, "failures") == ["alwaysFails()"])
            #expect(caseNames(four, "flakyTests") == ["alternates()"])
            let again = try await JUnitDocument.read(junitURL)
            #expect(again.tags("alwaysFails()") == ["failure", "rerunFailure", "rerunFailure"])
            #expect(
                again.cases["alwaysFails()"]?.first?.message?.hasSuffix("(its quarantine expired on 2026-07-01)")
                    == true)
            #expect(again.suites.first?.failures == "1")
            #expect(try String(contentsOf: state, encoding: .utf8) == "0 6\n", "alternates() ran six times in all")

            // lint: the expired entry, and entries naming no package, no test target, and (listed from the tests
            // built above) no test.
            let config = repo.appendingPathComponent("modules.json")
            var object = try jsonObject(try String(contentsOf: config, encoding: .utf8))
            var entries = object["quarantine"] as? [[String: Any]] ?? []
            for test in [
                "Core/Flaky/FlakyTests/FlakyTests/missing()", "Core/Nope/NopeTests/S/t()", "Core/Flaky/NoTests/S/t()",
            ] {
                entries.append(["test": test, "owner": "@bo", "reason": "r", "expires": "2027-01-01"])
            }
            object["quarantine"] = entries
            let written = try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            try written.write(to: config)
            let lines = String(decoding: written, as: UTF8.self).components(separatedBy: "\n")
            func line(_ text: String) -> Int? { lines.firstIndex { $0.contains("\"\(text)\"") }.map { $0 + 1 } }
            let lint = await runModules(
                ["lint", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory),
                clock: .fixed(expiry))
            #expect(lint.status == 1, "\(lint.output)")
            let findings = try #require(try jsonObject(lint.output)["findings"] as? [[String: Any]])
            let quarantine = findings.filter { ($0["rule"] as? String)?.contains("quarantine") == true }
            let located = quarantine.map { "\($0["rule"] as? String ?? "") \($0["line"] as? Int ?? 0)" }.sorted()
            let expected = [
                "quarantine-expired \(line("Core/Flaky/FlakyTests/FlakyTests/alwaysFails()") ?? -1)",
                "unknown-quarantined-test \(line("Core/Flaky/FlakyTests/FlakyTests/missing()") ?? -1)",
                "unknown-quarantined-test \(line("Core/Nope/NopeTests/S/t()") ?? -1)",
                "unknown-quarantined-test \(line("Core/Flaky/NoTests/S/t()") ?? -1)",
            ]
            #expect(located == expected.sorted(), "\(quarantine)")
            #expect(quarantine.allSatisfy { $0["manifest"] as? String == "modules.json" })
            let missing = quarantine.first { ($0["message"] as? String)?.contains("missing()") == true }
            #expect(
                (missing?["message"] as? String)?.contains("`swift test list` lists no FlakyTests.FlakyTests/missing()")
                    == true)
        }
    }
}

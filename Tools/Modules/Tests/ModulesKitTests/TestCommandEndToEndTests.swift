import Foundation
import Testing

@testable import ModulesKit

/// Real `modules test` runs over tiny fixture packages (they build, so each takes from seconds to a few minutes on a
/// loaded machine).
@Suite(.timeLimit(.minutes(20))) struct TestCommandEndToEndTests {
    @Test func aRealPackageWithOnePassingAndOneFailingTest() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("TestRun", into: directory)
            let run = await runModules(
                ["test", "--coverage", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 1, "\(run.output)\(run.errorOutput)")
            #expect(run.output.hasSuffix("\n1 passed, 1 failed\n"), "\(run.output)")
            #expect(run.output.contains("✘ SampleTests.SampleTests.failsOnPurpose()"))
            #expect(run.output.contains("this fixture test fails on purpose"))
            let junit = repo.appendingPathComponent(".build/modules/junit/Core-Sample.xml")
            let cases = try XUnitParser.parse(try Data(contentsOf: junit))
            #expect(Set(cases.map(\.name)) == ["doublesANumber()", "failsOnPurpose()"])
            #expect(cases.count { $0.outcome == .failed } == 1)
            let log = try String(
                contentsOf: repo.appendingPathComponent(".build/modules/logs/Core-Sample.log"), encoding: .utf8)
            #expect(log.contains("$ swift build --build-tests"))
            #expect(log.contains("$ swift test --skip-build"))
            // Coverage of Sources/ only, although a test failed (SwiftPM itself merges profiles only on success).
            let row = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("Core/Sample ") })
            #expect(row.hasSuffix(" 100.0%"), "\(row)")
            #expect(run.output.contains("COVERAGE"))
            #expect(log.contains("--enable-code-coverage"))
            let durations = DurationStore.load(from: repo.appendingPathComponent(".build/modules/durations.json"))
            #expect(durations.entries["Core/Sample"]?.status == "failed")
        }
    }

    @Test func aHungTestIsKilledWithItsProcessesNamedAndTheNextPackageStillRuns() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("HangRun", into: directory)
            let run = await runModules(
                ["test", "Core/Stuck", "Core/Steady", "--timeout", "20", "--format", "json", "--repo", repo.path],
                in: repo, runner: liveRunner(directory))
            #expect(run.status == 1, "\(run.errorOutput)")
            let json = try jsonObject(run.output)
            let packages = try #require(json["packages"] as? [[String: Any]])
            #expect(packages.map { $0["package"] as? String } == ["Core/Stuck", "Core/Steady"])
            #expect(packages.map { $0["status"] as? String } == ["timed-out", "passed"], "\(run.output)")
            #expect(packages.map { $0["passed"] as? Int } == [1, 1])
            let failures = try #require(packages.first?["failures"] as? [[String: Any]])
            #expect(Set(failures.compactMap { $0["name"] as? String }) == ["failsOnPurpose()", "waitsForever()"])
            let hung = try #require(failures.first { $0["name"] as? String == "waitsForever()" })
            #expect(hung["suite"] as? String == "StuckTests.StuckTests")
            #expect(
                hung["message"] as? String == "did not finish within the 20 s timeout (StuckTests/StuckTests.swift:15)")
            let note = try #require(packages.first?["note"] as? String)
            #expect(note.hasSuffix("while running StuckTests.StuckTests.waitsForever()"), "\(note)")
            #expect(run.errorOutput.contains("[1/2] Core/Stuck: timed-out, 1 passed, 2 failed, 0 skipped"))
            #expect(run.errorOutput.contains("[2/2] Core/Steady: passed, 1 passed, 0 failed, 0 skipped"))
            let junit = try XUnitParser.parse(
                try Data(contentsOf: repo.appendingPathComponent(".build/modules/junit/Core-Stuck.xml")))
            #expect(junit.first { $0.name == "waitsForever()" }?.outcome == .failed)
            #expect(junit.first { $0.name == "doublesANumber()" }?.outcome == .passed)
            #expect(junit.first { $0.name == "timed-out" }?.outcome == .failed)
            // NB: swift-test and the test bundle (in a process group of its own) are gone.
            #expect(try await noProcessMentions(repo.path), "a test process of the fixture still runs")
        }
    }

    /// Whether no live process has `text` in its command line, polled for at most 10 s (a killed process leaves the
    /// table once its new parent reaps it).
    private func noProcessMentions(_ text: String) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let live = ProcessTree.table().filter { entry in
                guard entry.state != "Z", entry.pid != getpid(),
                    let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry.pid)/cmdline"))
                else { return false }
                return String(decoding: line, as: UTF8.self).contains(text)
            }
            if live.isEmpty { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// One real `modules test --coverage` over a tiny fixture package (it builds, so it takes a few seconds).
@Suite struct TestCommandEndToEndTests {
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
}

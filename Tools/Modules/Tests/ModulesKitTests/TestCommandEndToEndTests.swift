import Foundation
import Testing

@testable import ModulesKit

/// One real `modules test` over a tiny fixture package (it builds, so it takes a few seconds).
@Suite struct TestCommandEndToEndTests {
    @Test func aRealPackageWithOnePassingAndOneFailingTest() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("TestRun", into: directory)
            let run = await runModules(["test", "--repo", repo.path], in: repo, runner: liveRunner(directory))
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
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// `modules test` with a scripted `swift`: statuses, summary, exit codes, output files, progress.
@Suite(.timeLimit(.minutes(10))) struct TestCommandTests {
    @Test func everyKindOfFailureIsSummarizedAndMakesTheRunFail() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A", "Core/B", "Core/C", "Core/D", "Core/E"])
            let swift = FakeSwift([
                "A": .tests(passed: 3),
                "B": .tests(passed: 2, failed: 1),
                "C": .buildFails,
                "D": .crashes,
                "E": .tests(passed: 0),
            ])
            let run = await runModules(["test", "--repo", repo.path], in: repo, runner: swift.runner)
            #expect(run.status == 1)
            let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.suffix(2) == ["5 passed, 2 failed", ""])
            let table = lines.filter { $0.hasPrefix("Core/") && !$0.contains("(log:") }
            #expect(
                table.map { $0.split(separator: " ").prefix(5).joined(separator: " ") } == [
                    "Core/A passed 3 0 0",
                    "Core/B failed 2 1 0",
                    "Core/C build-failed 0 0 0",
                    "Core/D crashed 0 1 0",
                    "Core/E no-tests 0 0 0",
                ])
            #expect(run.output.contains("── Core/C: build-failed (log: .build/modules/logs/Core-C.log)"))
            #expect(run.output.contains("│ error: cannot find 'x' in scope"))
            #expect(run.output.contains("the test process crashed while running boom()"))
            #expect(!run.output.contains("── Core/A"))
            for slug in ["Core-A", "Core-B", "Core-C", "Core-D", "Core-E"] {
                let junit = repo.appendingPathComponent(".build/modules/junit/\(slug).xml")
                #expect(throws: Never.self) { try XUnitParser.parse(try Data(contentsOf: junit)) }
            }
        }
    }

    @Test func aPassingRunExits0AndCountsSkips() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: [".", "Core/A"])
            let swift = FakeSwift(["repo": .tests(passed: 2, skipped: 1), "A": .tests(passed: 1)])
            let run = await runModules(["test", "--repo", repo.path], in: repo, runner: swift.runner)
            #expect(run.status == 0)
            #expect(run.output.hasSuffix("\n3 passed, 0 failed, 1 skipped\n"))
            #expect(run.output.contains("TOTAL"))
        }
    }

    @Test func jsonOutputCarriesEveryPackageAndTheTotals() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A", "Core/B"])
            let swift = FakeSwift(["A": .tests(passed: 2), "B": .tests(passed: 1, failed: 1)])
            let run = await runModules(["test", "--json", "--repo", repo.path], in: repo, runner: swift.runner)
            #expect(run.status == 1)
            let report = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
            #expect(report?["schemaVersion"] as? Int == 1)
            #expect(report?["passed"] as? Int == 3)
            #expect(report?["failed"] as? Int == 1)
            let packages = report?["packages"] as? [[String: Any]] ?? []
            #expect(packages.map { $0["status"] as? String } == ["passed", "failed"])
            #expect(
                packages.map { $0["junit"] as? String } == [
                    ".build/modules/junit/Core-A.xml", ".build/modules/junit/Core-B.xml",
                ])
            #expect(run.errorOutput.hasSuffix("3 passed, 1 failed\n"))
        }
    }

    @Test func flagsReachSwiftAndOutputGoesWhereAsked() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A"])
            let swift = FakeSwift(["A": .tests(passed: 1)])
            let run = await runModules(
                [
                    "test", "Core/A", "--warnings-as-errors", "--filter", "S/pass", "--scratch-path", "scratch",
                    "--sanitize", "thread", "--junit", "out/junit", "--logs", "out/logs", "--repo", repo.path,
                ],
                in: directory,
                runner: swift.runner
            )
            #expect(run.status == 0, "\(run.output)")
            let build = try #require(swift.invocations.first { $0.arguments.first == "build" })
            let test = try #require(swift.invocations.first { $0.arguments.first == "test" })
            #expect(build.arguments.contains("-warnings-as-errors"))
            #expect(build.value(of: "--scratch-path") == directory.appendingPathComponent("scratch").path)
            #expect(test.value(of: "--scratch-path") == directory.appendingPathComponent("scratch").path)
            #expect(test.value(of: "--filter") == "S/pass")
            #expect(test.arguments.contains("--skip-build"))
            #expect(build.arguments.contains("--sanitize=thread") && test.arguments.contains("--sanitize=thread"))
            #expect(!test.arguments.contains("--parallel"))
            #expect(FileManager().fileExists(atPath: directory.appendingPathComponent("out/junit/Core-A.xml").path))
            #expect(FileManager().fileExists(atPath: directory.appendingPathComponent("out/logs/Core-A.log").path))
        }
    }

    @Test func anUnknownSanitizerIsAUsageError() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A"])
            let swift = FakeSwift(["A": .tests(passed: 1)])
            let run = await runModules(
                ["test", "--sanitize", "memory", "--repo", repo.path], in: directory, runner: swift.runner)
            #expect(run.status == 64)
            #expect(run.errorOutput.contains("--sanitize takes thread, address or undefined, not 'memory'"))
            #expect(swift.invocations.isEmpty)
        }
    }

    @Test func packagesAreChosenByPathDirectoryNameOrManifestName() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(
                in: directory, packages: [".", "Core/Logging", "Core/Models", "Features/Feed"])
            let swift = FakeSwift([:], names: ["Feed": "FeedFeature"])
            let run = await runModules(
                ["test", "./Core/Logging/", "models", "FeedFeature", "--repo", repo.path],
                in: repo,
                runner: swift.runner
            )
            #expect(run.status == 0)
            let tested = swift.invocations.filter { $0.arguments.first == "test" }.compactMap {
                $0.value(of: "--package-path")
            }
            #expect(tested.map { URL(fileURLWithPath: $0).lastPathComponent } == ["Logging", "Models", "Feed"])

            let unknown = await runModules(["test", "Nope", "--repo", repo.path], in: repo, runner: swift.runner)
            #expect(unknown.status == 64)
            #expect(unknown.errorOutput.hasPrefix("modules: error: no package 'Nope'"))
        }
    }

    @Test func concurrentPackagesNeverInterleaveProgressLines() async throws {
        try await withTemporaryDirectory { directory in
            let packages = (1...8).map { "Core/P\($0)" }
            let repo = try makeRepository(in: directory, packages: packages)
            let swift = FakeSwift([:])
            let run = await runModules(["test", "--jobs", "4", "--repo", repo.path], in: repo, runner: swift.runner)
            #expect(run.status == 0)
            let lines = run.errorOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 16)
            let pattern =
                /\[\d\/8\] Core\/P\d: (building and testing|passed, 1 passed, 0 failed, 0 skipped in \d+\.\d s)/
            #expect(lines.allSatisfy { $0.wholeMatch(of: pattern) != nil }, "\(lines)")
            #expect(lines.last?.hasPrefix("[8/8]") == true)
        }
    }

    @Test func onATerminalTheStatusLineIsRedrawnInPlace() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A", "Core/B"])
            let run = await runModules(
                ["test", "--repo", repo.path],
                in: repo,
                runner: FakeSwift([:]).runner,
                terminal: true
            )
            #expect(run.status == 0)
            #expect(run.errorOutput.contains("\r\u{1B}[2K[0/2] "))
            #expect(run.errorOutput.contains(" running Core/A"))
            #expect(run.errorOutput.contains("[2/2] Core/B: passed"))
            #expect(run.errorOutput.hasSuffix("\r\u{1B}[2K") || run.errorOutput.hasSuffix("\n"))
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// Content hashes and `modules test --changed-since-green`: real manifests and git, a scripted `swift build` and
/// `swift test`.
@Suite(.timeLimit(.minutes(10))) struct SelectiveTestingTests {
    /// Sends `swift build` and `swift test` to the scripted `swift`, everything else (dump-package, git) to the
    /// real process runner.
    struct RoutingRunner: ProcessRunning {
        let live: SubprocessRunner
        let fake: FakeSwift

        func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
            if invocation.executable == "swift", ["build", "test"].contains(invocation.arguments.first ?? "") {
                return try await fake.runner.run(invocation)
            }
            return try await live.run(invocation)
        }
    }

    private func edit(_ file: String, in repo: URL) throws {
        let url = repo.appendingPathComponent(file)
        try Data((try String(contentsOf: url, encoding: .utf8) + "// one more line\n").utf8).write(to: url)
    }

    private func tested(_ swift: FakeSwift, after count: Int) -> [String] {
        swift.invocations.dropFirst(count).filter { $0.arguments.first == "test" }.compactMap {
            $0.value(of: "--package-path").map { URL(fileURLWithPath: $0).lastPathComponent }
        }
    }

    @Test func hashesChangeWithContentAndWithEveryDependencyAndNothingElse() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            let hash = { () async throws -> [String: String] in
                let run = await runModules(
                    ["hash", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
                #expect(run.status == 0, "\(run.errorOutput)")
                let targets = try jsonObject(run.output)["targets"] as? [[String: Any]] ?? []
                return Dictionary(
                    uniqueKeysWithValues: targets.compactMap { target in
                        (target["id"] as? String).map { ($0, target["hash"] as? String ?? "") }
                    })
            }
            let before = try await hash()
            #expect(
                before.keys.sorted() == [
                    ".:App", ".:AppTests", "Core/Base:Base", "Core/Base:BaseTestSupport", "Core/Base:BaseTests",
                    "Core/Kit:Kit", "Features/Feed:Feed", "Features/Feed:FeedTests",
                ])
            #expect(try await hash() == before, "hashing twice gives the same hashes")

            try edit("Core/Kit/Sources/Kit/Kit.swift", in: repo)
            let after = try await hash()
            let changed = Set(before.keys.filter { before[$0] != after[$0] })
            #expect(changed == [".:AppTests", "Core/Base:BaseTestSupport", "Core/Kit:Kit", "Features/Feed:FeedTests"])
        }
    }

    @Test func aSecondRunSkipsEveryUnchangedTargetAndAChangeRerunsItsDependents() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            let swift = FakeSwift([:])
            let runner = RoutingRunner(live: liveRunner(directory), fake: swift)
            let arguments = ["test", ".", "Core/Base", "Features/Feed", "--changed-since-green", "--repo", repo.path]

            let first = await runModules(arguments, in: repo, runner: runner)
            #expect(first.status == 0, "\(first.output)\(first.errorOutput)")
            #expect(tested(swift, after: 0).sorted() == ["Base", "Clean", "Feed"])
            let results = repo.appendingPathComponent(".build/modules/cache/results/green.json")
            #expect(
                GreenResults.load(from: results).targets.keys.sorted() == [
                    ".:AppTests", "Core/Base:BaseTests", "Features/Feed:FeedTests",
                ])

            let count = swift.invocations.count
            let second = await runModules(arguments, in: repo, runner: runner)
            #expect(second.status == 0, "\(second.output)\(second.errorOutput)")
            #expect(swift.invocations.count == count, "nothing was built or run")
            #expect(second.errorOutput.contains("changed since green: 0 of 3 packages to test"))
            #expect(second.output.contains("unchanged"))
            #expect(second.output.contains("── .: unchanged since it passed: AppTests"))
            #expect(second.output.hasSuffix("0 passed, 0 failed, 3 packages unchanged since they passed\n"))

            // A one-line change below everything reruns every package that depends on it.
            try edit("Core/Base/Sources/Base/Base.swift", in: repo)
            let third = await runModules(arguments, in: repo, runner: runner)
            #expect(third.status == 0)
            #expect(tested(swift, after: count).sorted() == ["Base", "Clean", "Feed"])
        }
    }

    @Test func aDryRunPrintsTheSelectionAndBuildsNothing() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            let swift = FakeSwift([:])
            let runner = RoutingRunner(live: liveRunner(directory), fake: swift)
            let arguments = ["test", ".", "Core/Base", "--changed-since-green", "--repo", repo.path]
            _ = await runModules(arguments, in: repo, runner: runner)
            try edit("Core/Base/Tests/BaseTests/BaseTests.swift", in: repo)
            let count = swift.invocations.count
            let dry = await runModules(arguments + ["--dry-run"], in: repo, runner: runner)
            #expect(dry.status == 0, "\(dry.errorOutput)")
            #expect(swift.invocations.count == count)
            #expect(dry.output == "would test Core/Base\nunchanged:  .\n1 package to test, nothing built (--dry-run)\n")
        }
    }

    @Test func aFailingTargetIsNeverRecordedGreen() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            let failing = FakeSwift(["Feed": .tests(passed: 1, failed: 1)])
            let arguments = ["test", ".", "Features/Feed", "--changed-since-green", "--repo", repo.path]
            let first = await runModules(
                arguments, in: repo, runner: RoutingRunner(live: liveRunner(directory), fake: failing))
            #expect(first.status == 1)
            let results = repo.appendingPathComponent(".build/modules/cache/results/green.json")
            #expect(GreenResults.load(from: results).targets.keys.sorted() == [".:AppTests"])

            let fixed = FakeSwift([:])
            let second = await runModules(
                arguments, in: repo, runner: RoutingRunner(live: liveRunner(directory), fake: fixed))
            #expect(second.status == 0)
            #expect(tested(fixed, after: 0) == ["Feed"], "the failed package runs again, the passed one does not")
        }
    }

    @Test func theSharedBuildDirectoryIsTheDefaultAndOptionsThatContradictAreUsageErrors() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A"])
            let swift = FakeSwift([:])
            let run = await runModules(["test", "--repo", repo.path], in: repo, runner: swift.runner)
            #expect(run.status == 0)
            let scratch = repo.appendingPathComponent(".build/modules/scratch").path
            #expect(
                swift.invocations.filter { $0.arguments.first == "build" }.allSatisfy {
                    $0.value(of: "--scratch-path") == scratch
                })
            let own = FakeSwift([:])
            _ = await runModules(["test", "--own-build-dirs", "--repo", repo.path], in: repo, runner: own.runner)
            #expect(own.invocations.allSatisfy { !$0.arguments.contains("--scratch-path") })

            for bad in [
                ["--changed-since-green", "--filter", "x"], ["--results-dir", "r"],
                ["--own-build-dirs", "--scratch-path", "s"],
            ] {
                let usage = await runModules(["test", "--repo", repo.path] + bad, in: repo, runner: swift.runner)
                #expect(usage.status == 64, "\(bad)")
            }
        }
    }
}

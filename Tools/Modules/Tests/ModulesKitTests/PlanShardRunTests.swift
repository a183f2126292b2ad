import Foundation
import Testing

@testable import ModulesKit

/// `modules plan --shards` on the Sharded fixture and `modules test --plan-shard` running each shard: real
/// manifests, and one real build and test run per shard, so the suite filters are checked against SwiftPM, Swift
/// Testing and XCTest themselves.
@Suite(.timeLimit(.minutes(15))) struct PlanShardRunTests {
    /// Durations in which the root package's tests dominate, spread over its suites.
    static let durations = """
        {"schemaVersion": 2, "modules": {"App": {"files": 1, "seconds": 2}, "AppTests": {"files": 1, "seconds": 2},
          "Small": {"files": 1, "seconds": 1}, "SmallTests": {"files": 1, "seconds": 1}, "NoTests": {"files": 1, "seconds": 1}},
         "packages": {".": {"seconds": 130, "status": "passed", "testSeconds": 120, "productSeconds": 1,
                            "suites": {"AppTests.Alpha": 50, "AppTests.Beta": 40, "AppTests.Outer.Inner": 20,
                                       "AppTests.Legacy": 10}},
                      "Core/Small": {"seconds": 5, "status": "passed", "testSeconds": 3, "productSeconds": 1}}}
        """

    static func plan(_ repo: URL, _ extra: [String], runner: any ProcessRunning) async throws -> CLIRun {
        let file = repo.appendingPathComponent(".build/modules/durations.json")
        try FileManager().createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(durations.utf8).write(to: file)
        return await runModules(["plan", "--all", "--repo", repo.path] + extra, in: repo, runner: runner)
    }

    /// The shards of a GitHub matrix.
    static func shards(_ output: String) throws -> [PlanShard] {
        let matrix = try jsonObject(output)
        let include = try #require(matrix["include"] as? [[String: Any]])
        return try include.map { entry in
            let text = try #require(entry["shard"] as? String)
            return try JSONDecoder().decode(PlanShard.self, from: Data(text.utf8))
        }
    }

    @Test func eachShardRunsExactlyItsTargetsAndSuitesAndTogetherEverythingOnce() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Sharded", into: directory)
            let live = liveRunner(directory)
            let plan = try await Self.plan(repo, ["--shards", "3"], runner: live)
            #expect(plan.status == 0, "\(plan.errorOutput)")
            #expect(plan.errorOutput.contains("not planned: Core/NoTests (no test target)\n"))
            let shards = try Self.shards(plan.output)
            #expect(shards.count == 3)
            #expect(Set(shards.map(\.plan)).count == 1 && shards.allSatisfy { $0.count == 3 })
            let rootEntries = shards.flatMap(\.packages).filter { $0.package == "." }
            #expect(rootEntries.count >= 2, "the root package is split by suite: \(rootEntries)")
            #expect(rootEntries.filter { $0.skipSuites != nil }.count == 1)

            var ran: [String] = []
            let scratch = directory.appendingPathComponent("scratch", isDirectory: true)
            for shard in shards {
                let junit = directory.appendingPathComponent("junit-\(shard.index)", isDirectory: true)
                let run = await runModules(
                    [
                        "test", "--plan-shard", shard.json(), "--scratch-path", scratch.path, "--junit", junit.path,
                        "--json", "--repo", repo.path,
                    ], in: repo, runner: live)
                #expect(run.status == 0, "shard \(shard.index): \(run.output)\(run.errorOutput)")
                #expect(run.errorOutput.hasPrefix("plan \(shard.plan) shard \(shard.index)/3: "))
                for file in try FileManager().contentsOfDirectory(atPath: junit.path) {
                    let cases = try XUnitParser.parse(try Data(contentsOf: junit.appendingPathComponent(file)))
                    ran += cases.map { "\($0.suite).\($0.name)" }
                }
            }
            #expect(
                ran.sorted() == [
                    "AppTests.Alpha.first()", "AppTests.Alpha.second()", "AppTests.Beta.only()",
                    "AppTests.Outer.Inner.nested()", "Legacy.testOld", "SmallTests.SmallSuite.value()",
                ], "each test exactly once (XCTest on Linux names its class without the module)")
        }
    }

    @Test func theGitLabAndBuildkiteOutputsCarryTheSameShards() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Sharded", into: directory)
            let live = liveRunner(directory)
            let github = try Self.shards(try await Self.plan(repo, ["--shards", "2"], runner: live).output)
            let gitlab = try await Self.plan(
                repo, ["--shards", "2", "--ci", "gitlab", "--ci-image", "swift:6.3.1"], runner: live)
            #expect(gitlab.status == 0, "\(gitlab.errorOutput)")
            #expect(gitlab.output.contains("stages:\n  - test\ndefault:\n  image: 'swift:6.3.1'\n"))
            let buildkite = try await Self.plan(repo, ["--shards", "2", "--ci", "buildkite"], runner: live)
            #expect(buildkite.output.contains("command: 'modules test --plan-shard \"$$MODULES_PLAN_SHARD\"'"))
            for shard in github {
                #expect(
                    gitlab.output.contains("      value: \(CIPipeline.quoted(shard.json()))\n      expand: false\n"))
                #expect(buildkite.output.contains("MODULES_PLAN_SHARD: \(CIPipeline.quoted(shard.json()))\n"))
            }
            let text = try await Self.plan(repo, ["--shards", "2", "--format", "text"], runner: live)
            #expect(text.output.contains("2 jobs; longest ~"))
            let bad = try await Self.plan(repo, ["--shards", "2", "--ci", "jenkins"], runner: live)
            #expect(bad.status == 64 && bad.errorOutput.contains("--ci takes github, gitlab or buildkite"))
        }
    }

    @Test func aManifestThatFailsToLoadIsTheSameWarningAndStatusEverywhere() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Sharded", into: directory)
            let broken = repo.appendingPathComponent("Core/Broken", isDirectory: true)
            try FileManager().createDirectory(at: broken, withIntermediateDirectories: true)
            try Data("// swift-tools-version:6.2\nlet package = Package(name: \n".utf8).write(
                to: broken.appendingPathComponent("Package.swift"))
            try commitEverything(in: repo)
            try Data("// changed\n".utf8).write(to: repo.appendingPathComponent("Core/Small/Sources/Small/More.swift"))
            let live = liveRunner(directory)
            let swift = FakeSwift([:])
            let runner = RoutingRunner(
                git: live, other: SplitRunner(manifests: live, builds: swift.runner, fallback: live))
            let warning = "warning: Core/Broken/Package.swift: manifest failed to load\n"
            for arguments in [
                ["graph"], ["affected", "--base", "HEAD"], ["plan", "--base", "HEAD"],
                ["test", "--affected", "--base", "HEAD"],
            ] {
                let run = await runModules(arguments + ["--repo", repo.path], in: repo, runner: runner)
                #expect(run.status == 1, "\(arguments): \(run.errorOutput)")
                #expect(run.errorOutput.contains(warning), "\(arguments): \(run.errorOutput)")
            }
            // The affected packages still run: Core/Small and the root package, not Core/NoTests (no test target).
            let tested = swift.invocations.filter { $0.arguments.first == "test" }.compactMap {
                $0.value(of: "--package-path").map { URL(fileURLWithPath: $0).lastPathComponent }
            }
            #expect(tested.sorted() == ["Sharded", "Small"])
        }
    }
}

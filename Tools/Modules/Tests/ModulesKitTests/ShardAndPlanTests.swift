import Foundation
import Testing

@testable import ModulesKit

/// Shards balanced by recorded durations, the CI plan, `test --affected`, `--shard` and the durations file.
@Suite(.timeLimit(.minutes(10))) struct ShardAndPlanTests {
    @Test func shardsAreBalancedByDurationAndCoverEveryPackageOnce() {
        let seconds: [String: Double] = ["A": 100, "B": 60, "C": 50, "D": 40, "E": 30, "F": 20]
        let packages = ["A", "B", "C", "D", "E", "F"]
        let shards = ShardPlanner.shards(packages, count: 2, seconds: seconds)
        // Longest first, each to the lighter shard: A | B, C | D | E | F (a tie goes to the first shard).
        #expect(shards == [["A", "D", "F"], ["B", "C", "E"]])
        #expect(shards.map { $0.reduce(0) { $0 + (seconds[$1] ?? 0) } } == [160, 140])
        #expect(ShardPlanner.shards(packages, count: 2, seconds: seconds) == shards)
        let three = ShardPlanner.shards(packages, count: 3, seconds: seconds)
        #expect(three.flatMap { $0 }.sorted() == packages)
        let totals = three.map { $0.reduce(0) { $0 + (seconds[$1] ?? 0) } }
        #expect((totals.max() ?? 0) - (totals.min() ?? 0) <= 20)
        #expect(ShardPlanner.shards(["A"], count: 3, seconds: seconds) == [["A"], [], []])
    }

    @Test func unknownPackagesAreEstimatedAtTheMedian() {
        let store = DurationStore(entries: [
            "A": .init(seconds: 10, status: "passed"), "B": .init(seconds: 30, status: "failed"),
            "C": .init(seconds: 50, status: "passed"),
        ])
        #expect(store.estimates(for: ["A", "New"]) == ["A": 10, "New": 30])
        #expect(DurationStore().estimates(for: ["New"], fallback: 45) == ["New": 45])
    }

    @Test(arguments: ["0/3", "4/3", "1", "a/b", "1/0"])
    func badShardsAreUsageErrors(text: String) {
        #expect(throws: UsageError.self) { try ShardPlanner.parse(text) }
    }

    @Test func thePlanIsAGitHubMatrixWithGroupsAboveTheJobLimit() throws {
        let packages = ["Core/A", "Core/B", "Core/C"].map {
            CostModel.Package(
                path: $0, testTargets: [("\($0.dropFirst(5))Tests", "\($0.dropFirst(5))Tests")], closure: [])
        }
        let reasons = Dictionary(
            uniqueKeysWithValues: packages.map { ($0.path, "changed: \($0.path)/Sources/x.swift") })
        let model = CostModel(
            durations: DurationStore(entries: [
                "Core/A": .init(seconds: 10, status: "passed"), "Core/B": .init(seconds: 40, status: "passed"),
                "Core/C": .init(seconds: 25, status: "passed"),
            ]))
        let single = TestPlan.make(packages, reasons: reasons, model: model, mode: .perPackage, maxJobs: 256).plan
        #expect(single.jobs.map(\.name) == ["Core/B", "Core/C", "Core/A"])
        let object = try jsonObject(CIPipeline(jobs: single.jobs).github())
        #expect(Array(object.keys) == ["include"])
        let job = try #require((object["include"] as? [[String: Any]])?.first)
        #expect(Set(job.keys) == ["name", "packages", "reason", "est_seconds", "shard"])
        #expect(job["reason"] as? String == "changed: Core/B/Sources/x.swift")
        #expect(job["est_seconds"] as? Int == 40)
        let shard = try JSONDecoder().decode(PlanShard.self, from: Data(try #require(job["shard"] as? String).utf8))
        #expect(shard.packages == [.init(package: "Core/B")] && shard.count == 3 && shard.plan == single.id)

        let grouped = TestPlan.make(packages, reasons: reasons, model: model, mode: .perPackage, maxJobs: 2).plan
        #expect(grouped.jobs.map(\.packages) == ["Core/B", "Core/A Core/C"])
        #expect(grouped.jobs.map(\.name) == ["group 1 of 2", "group 2 of 2"])
    }

    @Test func testAffectedShardAndDurationsWorkTogether() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A", "Core/B", "Core/C"])
            try commitEverything(in: repo)
            for package in ["Core/A", "Core/C"] {
                try Data("// changed\n".utf8).write(to: repo.appendingPathComponent("\(package)/Notes.txt"))
            }
            let swift = FakeSwift([:], withTests: true)
            let runner = RoutingRunner(git: liveRunner(directory), other: swift.runner)
            let affected = await runModules(
                ["test", "--affected", "--base", "HEAD", "--repo", repo.path], in: repo, runner: runner)
            #expect(affected.status == 0, "\(affected.errorOutput)")
            #expect(affected.errorOutput.hasPrefix("affected since HEAD: 2 of 3 packages\n"))
            let tested = swift.invocations.filter { $0.arguments.first == "test" }.compactMap {
                $0.value(of: "--package-path").map { URL(fileURLWithPath: $0).lastPathComponent }
            }
            #expect(tested == ["A", "C"])

            let durations = repo.appendingPathComponent(".build/modules/durations.json")
            let store = DurationStore.load(from: durations)
            #expect(store.entries.keys.sorted() == ["Core/A", "Core/C"])
            #expect(store.entries["Core/A"]?.seconds == 2 && store.entries["Core/A"]?.status == "passed")
            #expect(store.entries["Core/A"]?.buildSeconds == 1 && store.entries["Core/A"]?.testSeconds == 1)

            var recorded = store
            recorded.record([
                .init(package: "Core/B", status: .passed, buildSeconds: 90, testSeconds: 10, log: "b.log")
            ])
            try recorded.save(to: durations)
            let second = await runModules(
                ["test", "--shard", "2/2", "--repo", repo.path], in: repo,
                runner: FakeSwift([:], withTests: true).runner)
            #expect(second.status == 0)
            #expect(second.errorOutput.hasPrefix("shard 2/2: Core/A Core/C (about 4 s by the recorded durations)\n"))
            let first = await runModules(
                ["test", "--shard", "1/2", "--json", "--repo", repo.path], in: repo,
                runner: FakeSwift([:], withTests: true).runner)
            let report = try jsonObject(first.output)
            #expect((report["packages"] as? [[String: Any]])?.map { $0["package"] as? String } == ["Core/B"])
        }
    }

    @Test func nothingAffectedRunsNothingAndSucceeds() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A"])
            try commitEverything(in: repo)
            let swift = FakeSwift([:])
            let run = await runModules(
                ["test", "--affected", "--base", "HEAD", "--repo", repo.path], in: repo,
                runner: RoutingRunner(git: liveRunner(directory), other: swift.runner))
            #expect(run.status == 0)
            #expect(run.errorOutput.hasSuffix("No package to test.\n"))
            #expect(!swift.invocations.contains { $0.arguments.first == "test" })

            let plan = await runModules(
                ["plan", "--base", "HEAD", "--repo", repo.path], in: repo,
                runner: RoutingRunner(git: liveRunner(directory), other: swift.runner))
            #expect(plan.output == "{\"include\":[]}\n")
        }
    }

    /// One package with many targets: `test --affected` runs only the affected test targets.
    @Test func inASinglePackageTheAffectedTestTargetsBecomeFilters() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("SinglePackage", into: directory)
            try commitEverything(in: repo)
            try Data("// changed\n".utf8).write(to: repo.appendingPathComponent("Sources/DesignSystem/Extra.swift"))
            let swift = FakeSwift([:])
            let live = liveRunner(directory)
            let runner = ScriptedRunner { _ in ProcessResult(status: 2) }
            let router = RoutingRunner(
                git: live,
                other: SplitRunner(manifests: live, builds: swift.runner, fallback: runner))
            let run = await runModules(
                ["test", "--affected", "--base", "HEAD", "--repo", repo.path], in: repo, runner: router)
            #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
            #expect(run.errorOutput.contains("affected test targets of .: FeedTests\n"))
            let test = try #require(swift.invocations.first { $0.arguments.first == "test" })
            #expect(test.value(of: "--filter") == "^FeedTests\\.")
        }
    }

    @Test func coverageCountsOnlyThePackagesSources() throws {
        let json = """
            {"type": "llvm.coverage.json.export", "version": "3.0.1", "data": [{"files": [
              {"filename": "/repo/Core/A/Sources/A/A.swift", "summary": {"lines": {"count": 10, "covered": 7}}},
              {"filename": "/repo/Core/A/Sources/A/B.swift", "summary": {"lines": {"count": 10, "covered": 10}}},
              {"filename": "/repo/Core/A/Tests/ATests/T.swift", "summary": {"lines": {"count": 50, "covered": 50}}},
              {"filename": "/repo/Core/Base/Sources/Base/X.swift", "summary": {"lines": {"count": 9, "covered": 0}}},
              {"filename": "/repo/.build/debug/runner.swift", "summary": {"lines": {"count": 99, "covered": 1}}}
            ]}]}
            """
        let summary = try CoverageReader.summary(
            of: Data(json.utf8), sourcesPrefix: "/repo/Core/A/Sources/", root: URL(fileURLWithPath: "/repo")
        ).get()
        #expect(summary.lines == 20 && summary.coveredLines == 17)
        #expect(summary.percent == 85)
        #expect(summary.files.map(\.path) == ["Core/A/Sources/A/A.swift", "Core/A/Sources/A/B.swift"])
    }
}

/// Sends `swift package … dump-package` to one runner and `swift build` / `swift test` to another.
struct SplitRunner: ProcessRunning {
    let manifests: any ProcessRunning
    let builds: any ProcessRunning
    let fallback: any ProcessRunning

    func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
        if invocation.arguments.contains("dump-package") {
            return try await manifests.run(invocation)
        }
        let isBuild = ["build", "test"].contains(invocation.arguments.first ?? "")
        return try await (isBuild ? builds : fallback).run(invocation)
    }
}

/// Sends `git` to one runner and everything else to another (real git over a scripted `swift`).
struct RoutingRunner: ProcessRunning {
    let git: any ProcessRunning
    let other: any ProcessRunning

    func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
        try await (invocation.executable == "git" ? git : other).run(invocation)
    }
}

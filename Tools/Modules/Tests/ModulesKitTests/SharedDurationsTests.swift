import Foundation
import Testing

@testable import ModulesKit

/// Durations recorded from runs and merged by `modules` itself: from files, and through a real nginx (the shared
/// cache) from the jobs of one plan to the summary the next `plan` reads; a flipped byte is caught by its digest.
@Suite(.timeLimit(.minutes(10))) struct SharedDurationsTests {
    /// A run of `AppTests` with suites `Alpha` and `Beta` (cases of 3 s and 1 s) after a build that compiled two
    /// modules and the test product.
    static func result(_ package: String = ".", suites: [String: Double], test: Double = 8) -> PackageTestResult {
        PackageTestResult(
            package: package, status: .passed,
            cases: suites.map { TestCaseResult(suite: $0.key, name: "t()", outcome: .passed, seconds: $0.value) },
            buildSeconds: 10, testSeconds: test, log: "root.log")
    }

    static let log = """
        $ swift build --build-tests --package-path /repo
        [0/1] Planning build
        [1/9] Compiling App A.swift
        [2/9] Compiling App B.swift
        [3/9] Emitting module App
        [4/9] Compiling AppTests T.swift
        [5/9] Emitting module AppTests
        [6/9] Compiling SharedPackageDiscoveredTests AppTests.swift
        [7/9] Write sources
        [8/9] Linking SharedPackageTests.xctest
        [9/9] Linking app-tool
        Build complete!
        $ swift test --skip-build --package-path /repo
        [1/1] Compiling Never counted.swift
        """

    @Test func aRunRecordsSuiteSharesModuleBuildsAndTheTestProduct() throws {
        let steps = BuildLogSteps.parse(Self.log + "\n[3/3] Compiling app_tool main.swift")
        #expect(steps.modules["App"] == .init(steps: 3, files: 2))
        #expect(steps.modules["AppTests"] == .init(steps: 2, files: 1))
        #expect(steps.modules["Never"] == nil)
        #expect(steps.productSteps == 3)  // the discovered tests, the xctest link and app-tool (no module of it here)
        let run = DurationStore.measured([Self.result(suites: ["AppTests.Alpha": 3, "AppTests.Beta": 1])]) { _ in
            Self.log
        }
        let entry = try #require(run.entries["."])
        // Suites share the 8 s of tests as their cases' times do (3:1); the 10 s build is shared by its 8 steps.
        #expect(entry.suites == ["AppTests.Alpha": 6, "AppTests.Beta": 2])
        #expect(entry.wholeTargets == ["AppTests"])
        #expect(run.modules["App"] == .init(seconds: 3.75, files: 2))
        #expect(entry.productSeconds == 3.75)
    }

    @Test func mergingReplacesWholeTargetsAndUpdatesSuitesRunOneByOne() {
        var store = DurationStore()
        store.record([Self.result(suites: ["AppTests.Alpha": 1, "AppTests.Beta": 1, "AppTests.Gone": 2], test: 4)])
        #expect(store.entries["."]?.suites?.count == 3)
        // A shard that ran Beta alone updates Beta and keeps the rest.
        store.record([Self.result(suites: ["AppTests.Beta": 1], test: 5)], partial: [".": []])
        #expect(store.entries["."]?.suites == ["AppTests.Alpha": 1, "AppTests.Beta": 5, "AppTests.Gone": 2])
        #expect(store.entries["."]?.testSeconds == 8)
        // A whole run of the target drops the suite it no longer has.
        store.record([Self.result(suites: ["AppTests.Alpha": 1, "AppTests.Beta": 1], test: 2)])
        #expect(store.entries["."]?.suites == ["AppTests.Alpha": 1, "AppTests.Beta": 1])
        // A module keeps the build that compiled the most of its files.
        store.merge(DurationStore(modules: ["App": .init(seconds: 9, files: 10)]))
        store.merge(DurationStore(modules: ["App": .init(seconds: 1, files: 1)]))
        #expect(store.modules["App"] == .init(seconds: 9, files: 10))
    }

    @Test func durationsMergeFoldsJobFilesTogether() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["."])
            var first = DurationStore()
            first.record([Self.result(suites: ["AppTests.Alpha": 1], test: 1)], partial: [".": []])
            var second = DurationStore()
            second.record([Self.result(suites: ["AppTests.Beta": 1], test: 2)], partial: [".": []])
            try first.save(to: directory.appendingPathComponent("one.json"))
            try second.save(to: directory.appendingPathComponent("two.json"))
            let run = await runModules(
                ["durations", "merge", "one.json", "two.json", "--repo", repo.path], in: directory,
                runner: FakeSwift([:]).runner)
            #expect(run.status == 0, "\(run.errorOutput)")
            #expect(run.output.hasPrefix("merged durations: 1 packages, 0 modules; 2 files; local only"))
            let merged = DurationStore.load(from: repo.appendingPathComponent(DurationStore.defaultPath))
            #expect(merged.entries["."]?.suites == ["AppTests.Alpha": 1, "AppTests.Beta": 2])
            try Data("{\"schemaVersion\": 9}".utf8).write(to: directory.appendingPathComponent("bad.json"))
            let bad = await runModules(
                ["durations", "merge", "bad.json", "--repo", repo.path], in: directory, runner: FakeSwift([:]).runner)
            #expect(bad.status == 65 && bad.errorOutput.contains("is not a durations file"))
        }
    }

    @Test func aPlansJobsShareTheirDurationsThroughTheCacheAndTheNextPlanReadsThem() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A", "Core/B", "Core/C"])
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let swift = FakeSwift([:])
                let plan = await runModules(
                    ["plan", "--all", "--shards", "3", "--cache-url", server.url, "--repo", repo.path], in: repo,
                    runner: swift.runner)
                #expect(plan.status == 0, "\(plan.errorOutput)")
                #expect(plan.errorOutput.contains("durations: the shared cache has no summary yet"))
                let shards = try PlanShardRunTests.shards(plan.output)
                // FakeSwift's packages have no targets: nothing is planned, so plan the three by hand instead.
                #expect(shards.isEmpty)
                let planID = "0123456789abcdef"
                let jobs = ["Core/A", "Core/B"].enumerated().map { index, package in
                    PlanShard(
                        plan: planID, index: index + 1, count: 3, buildSeconds: 1, testSeconds: 1,
                        packages: [.init(package: package)])
                }
                for job in jobs {
                    let run = await runModules(
                        ["test", "--plan-shard", job.json(), "--repo", repo.path], in: repo, runner: swift.runner,
                        variables: ["MODULES_CACHE_URL": server.url])
                    #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
                    #expect(run.errorOutput.contains("durations of plan \(planID) shard \(job.index)/3: stored"))
                }
                let shardFile = directory.appendingPathComponent("shard.json")
                try Data(jobs[0].json().utf8).write(to: shardFile)
                let merge = await runModules(
                    [
                        "durations", "merge", "--plan-shard", shardFile.path, "--cache-url", server.url, "--no-cache",
                        "--durations", directory.appendingPathComponent("merged.json").path, "--repo", repo.path,
                    ],
                    in: directory, runner: swift.runner)
                #expect(merge.status == 0, "\(merge.errorOutput)")
                #expect(merge.output.contains("2 packages, 0 modules; 2 of 3 shards of plan \(planID)"))
                #expect(merge.errorOutput.contains("no durations recorded for shard 3 of 3 of plan \(planID)"))

                // A fresh checkout plans from the summary.
                let fresh = try makeRepository(in: directory.appendingPathComponent("fresh"), packages: ["Core/A"])
                let next = await runModules(
                    ["plan", "--all", "--repo", fresh.path], in: fresh, runner: swift.runner,
                    variables: ["MODULES_CACHE_URL": server.url])
                #expect(next.errorOutput.contains("durations: the shared cache's summary (2 packages, 0 modules)"))

                // One byte of the summary's blob flipped: caught by its digest, one warning, the local record used.
                let summaryEntry = try #require(try server.actionEntries()[SharedDurations.summaryKey])
                let digest = try #require(try ActionResultMessage.decode(summaryEntry).file("durations.json")).digest
                var bytes = try Data(contentsOf: server.blobFile(digest))
                bytes[bytes.count / 2] ^= 0x01
                try bytes.write(to: server.blobFile(digest))
                let flipped = await runModules(
                    ["plan", "--all", "--cache-url", server.url, "--repo", fresh.path], in: fresh, runner: swift.runner)
                #expect(flipped.status == 0)
                #expect(flipped.errorOutput.contains("does not match its digest; planning from the local durations"))
            }
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// The history store: local files (the last 200 records per module, concurrent writers), the shared cache's records
/// keyed by commit (through a real nginx), the records `modules test` writes, and the planner reading them.
@Suite(.timeLimit(.minutes(10))) struct HistoryTests {
    static func record(
        _ module: String, run: Int, test: Double? = 1, clean: Double? = nil, commit: String = "c",
        branch: String = "main"
    ) -> HistoryRecord {
        HistoryRecord(
            module: module, source: clean == nil ? "test" : "build-times", cleanBuildSeconds: clean, buildSeconds: 2,
            testSeconds: test, testCount: 3, outcome: "passed", commit: commit, branch: branch,
            toolchain: "Swift version 6.3.1", machine: "ci-1",
            recordedAt: String(format: "2026-06-01T12:%02d:%02dZ", run / 60, run % 60), run: "run-\(run)")
    }

    @Test func aModuleKeepsItsLast200RecordsAndARunIsCountedOnce() throws {
        try withTemporaryDirectorySync { directory in
            let store = HistoryStore(directory: directory.appendingPathComponent("history"))
            try store.append((0..<150).map { Self.record("Core/Logging", run: $0) })
            try store.append((150..<205).map { Self.record("Core/Logging", run: $0) } + [Self.record(".", run: 1)])
            try store.append([Self.record("Core/Logging", run: 204)])
            let kept = store.records(of: "Core/Logging")
            #expect(kept.count == 200)
            #expect(kept.first?.run == "run-5" && kept.last?.run == "run-204", "the oldest go first")
            #expect(store.records(of: ".").count == 1)
            #expect(Set(store.all().keys) == ["Core/Logging", "."])
            #expect(store.url(of: "Core/Logging") != store.url(of: "Core-Logging"), "no two modules share a file")
        }
    }

    @Test func writersAtOnceLoseNoRecord() async throws {
        try await withTemporaryDirectory { directory in
            let store = HistoryStore(directory: directory.appendingPathComponent("history"))
            // Eight writers, each in its own thread, append 20 runs of one module one by one.
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        for index in 0..<20 {
                            try? store.append([Self.record("Core/Logging", run: writer * 100 + index)])
                        }
                    }
                }
            }
            let runs = Set(store.records(of: "Core/Logging").map(\.run))
            #expect(runs.count == 160)
            let leftovers = try FileManager().contentsOfDirectory(atPath: store.directory.path).filter {
                !$0.hasSuffix(".json") && $0 != ".lock" && $0 != ".gitignore"
            }
            #expect(leftovers.isEmpty, "atomic writes leave no temporary file: \(leftovers)")
        }
    }

    @Test func aTestRunGivesPackageAndTargetRecords() throws {
        let run = HistoryRun(
            commit: "abc", branch: "main", toolchain: "Swift version 6.3.1", machine: "m", recordedAt: "t", run: "r")
        let result = PackageTestResult(
            package: "Core/Logging", status: .failed,
            cases: [
                TestCaseResult(suite: "LoggingTests.A", name: "a()", outcome: .passed, seconds: 0.5),
                TestCaseResult(suite: "LoggingTests.B", name: "b()", outcome: .passed, seconds: 1.25),
                TestCaseResult(suite: "OtherTests.C", name: "c()", outcome: .failed, seconds: 2),
            ],
            buildSeconds: 10, testSeconds: 4, log: "x.log")
        let unchanged = PackageTestResult(package: "Core/Models", status: .unchanged, log: "")
        let records = run.records(test: [result, unchanged])
        #expect(records.map(\.module) == ["Core/Logging", "Core/Logging:LoggingTests", "Core/Logging:OtherTests"])
        #expect(records[0].buildSeconds == 10 && records[0].testSeconds == 4 && records[0].testCount == 3)
        // 1.75 s of the cases' 3.75 s: that share of the 4 s the tests took.
        #expect(records[1].testSeconds == 1.867 && records[1].testCount == 2 && records[1].outcome == "failed")
        #expect(records[2].outcome == "failed")
        #expect(records.allSatisfy { $0.commit == "abc" && $0.toolchain == "Swift version 6.3.1" && $0.run == "r" })
    }

    @Test func aBuildTimesRunGivesTheWorkingTreesMedians() {
        let run = HistoryRun(commit: "abc", branch: "main", toolchain: "t", machine: "m", recordedAt: "t", run: "r")
        let report = BuildTimesReport(
            repository: "/repo", runs: 2, compare: "HEAD~1", threshold: 1.25,
            packages: [
                .init(
                    package: "Core/Logging",
                    clean: .init(current: .init(samples: [10, 12]), base: .init(samples: [8])),
                    incremental: .init(current: .init(samples: [2]), base: nil), probeFile: nil, errors: [:]),
                .init(
                    package: "Core/Models", clean: .init(current: nil, base: .init(samples: [3])),
                    incremental: .init(current: nil, base: nil), probeFile: nil, errors: ["clean": "failed"]),
            ], app: nil, blastRadius: [], hotspots: .init(functions: [], files: [], modules: []), regressions: [])
        let records = run.records(buildTimes: report)
        #expect(records.map(\.module) == ["Core/Logging"], "a package with nothing measured on the working tree")
        #expect(records.first?.cleanBuildSeconds == 11 && records.first?.incrementalBuildSeconds == 2)
        #expect(records.first?.source == "build-times" && records.first?.testSeconds == nil)
    }

    @Test func thePlannerReadsTheHistoryOverTheDurationsFile() {
        let durations = DurationStore(entries: [
            "Core/A": .init(seconds: 100, status: "passed", suites: ["ATests.S": 1]),
            "Core/B": .init(seconds: 50, status: "passed"),
        ])
        var older = Self.record("Core/A", run: 1, test: 30)
        older.buildSeconds = 10
        var newer = Self.record("Core/A", run: 2, test: 5)
        newer.buildSeconds = 7
        let overlaid = HistoryDurations.overlay(
            durations, records: [newer, older, Self.record("Core/A:ATests", run: 3, test: 99)])
        #expect(overlaid.entries["Core/A"]?.seconds == 12, "the newest package record, build plus test")
        #expect(overlaid.entries["Core/A"]?.suites == ["ATests.S": 1], "suites stay from the durations file")
        #expect(overlaid.entries["Core/B"]?.seconds == 50, "the durations file is the fallback")
    }

    @Test func modulesTestRecordsAndPlanReadsIt() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A", "Core/B"])
            let swift = FakeSwift(["A": .tests(passed: 2), "B": .tests(passed: 1)])
            let run = await runModules(["test", "--repo", repo.path], in: repo, runner: swift.runner)
            #expect(run.status == 0, "\(run.errorOutput)")
            let store = HistoryStore(directory: repo.appendingPathComponent(HistoryStore.defaultPath))
            let records = store.records(of: "Core/A")
            #expect(records.count == 1)
            #expect(records.first?.testCount == 2 && records.first?.source == "test")
            #expect(records.first?.recordedAt == ISO8601DateFormatter().string(from: testDate))
            #expect(store.records(of: "Core/A:T").first?.testCount == 2, "its target T of suite T.S")
        }
    }

    @Test func theSharedCacheKeepsRunsUnderKeysFromTheirCommits() async throws {
        try await withTemporaryDirectory { directory in
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let shared = SharedHistory(
                    client: RemoteCacheClient(
                        baseURL: server.url, transport: CurlTransport(timeoutMilliseconds: 10_000, authorization: nil)))
                let first = [Self.record("Core/A", run: 1, commit: "c1"), Self.record("Core/B", run: 1, commit: "c1")]
                let second = [Self.record("Core/A", run: 2, commit: "c1")]
                let third = [Self.record("Core/A", run: 3, commit: "c2")]
                let slots = [
                    try await shared.write(first, commit: "c1"), try await shared.write(second, commit: "c1"),
                    try await shared.write(third, commit: "c2"),
                ]
                #expect(slots == [0, 1, 0], "a second run of a commit takes slot 1")
                let (records, problem) = await shared.read(commits: ["c2", "c1", "c0"])
                #expect(problem == nil)
                #expect(Set(records.map(\.run)) == ["run-1", "run-2", "run-3"])
                #expect(records.count == 4)
            }
        }
    }

    @Test func aRunWithASharedCacheStoresItsHistoryUnderItsCommit() async throws {
        try await withTemporaryDirectory { directory in
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let repo = try Fixtures.copy("SharedCache", into: directory.appendingPathComponent("clone"))
                try commitEverything(in: repo)
                let runner = SelectiveTestingTests.RoutingRunner(live: liveRunner(directory), fake: FakeSwift([:]))
                let run = await runModules(
                    ["test", "--changed-since-green", "--cache-url", server.url, "--repo", repo.path], in: repo,
                    runner: runner)
                #expect(run.status == 0, "\(run.errorOutput)")
                #expect(!run.errorOutput.contains("warning"), "\(run.errorOutput)")
                let head = try await liveRunner(directory).run(
                    ProcessInvocation(executable: "git", arguments: ["rev-parse", "HEAD"], workingDirectory: repo))
                let commit = head.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
                let entries = try server.actionEntries(history: true)
                #expect(entries[SharedHistory.slotKey(commit: commit, slot: 0)] != nil)
                let shared = SharedHistory(
                    client: RemoteCacheClient(
                        baseURL: server.url, transport: CurlTransport(timeoutMilliseconds: 10_000, authorization: nil)))
                let (records, problem) = await shared.read(commits: [commit])
                #expect(problem == nil)
                #expect(Set(records.filter { !$0.isTarget }.map(\.module)) == ["Core/Base", "Features/Feed"])
                #expect(records.allSatisfy { $0.commit == commit && $0.toolchain.hasPrefix("Swift version") })
            }
        }
    }

    @Test func theHistoryConfigurationIsReadAndChecked() throws {
        let text =
            #"{"schemaVersion": 1, "history": {"branch": "trunk", "minimumChangeSeconds": 2.5, "baselineRuns": 4}}"#
        let configuration = try ModulesConfiguration.parse(Data(text.utf8), path: "modules.json")
        #expect(configuration.history == .init(branch: "trunk", minimumChangeSeconds: 2.5, baselineRuns: 4))
        #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(#"{"history": {"baselineRuns": 0}}"#.utf8), path: "modules.json")
        }
        #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(#"{"history": {"branches": "x"}}"#.utf8), path: "modules.json")
        }
    }
}

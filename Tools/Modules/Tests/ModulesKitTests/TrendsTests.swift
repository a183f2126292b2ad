import Foundation
import Testing

@testable import ModulesKit

/// `modules trends` over histories the tests write: a real slowdown fails `--fail-on-regression`, noise does not.
@Suite(.timeLimit(.minutes(5))) struct TrendsTests {
    /// SplitMix64: a seeded generator, so the noise is the same on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let modules = [
        "Core/Logging": 20.0, "Core/Networking": 35.0, "Features/Feed": 12.0, "Features/Search": 48.0,
    ]

    static func commit(_ run: Int) -> String { String(format: "%040x", 0xabc000 + run) }

    /// `runs` runs of every module, each value its base × (1 ± up to 10 %), through `adjust(module, run, value)`.
    static func history(runs: Int, seed: UInt64, adjust: (String, Int, Double) -> Double = { $2 }) -> [HistoryRecord] {
        var generator = SeededGenerator(state: seed)
        var records: [HistoryRecord] = []
        for run in 0..<runs {
            for (module, base) in modules.sorted(by: { $0.key < $1.key }) {
                let noisy = base * Double.random(in: 0.9...1.1, using: &generator)
                let seconds = (adjust(module, run, noisy) * 1000).rounded() / 1000
                records.append(
                    HistoryRecord(
                        module: module, source: "test", buildSeconds: 5, testSeconds: seconds, testCount: 10,
                        outcome: "passed", commit: commit(run), branch: "main", toolchain: "Swift version 6.3.1",
                        machine: "ci", recordedAt: String(format: "2026-06-%02dT10:00:00Z", run + 1), run: "run-\(run)")
                )
            }
        }
        return records
    }

    /// Runs `modules trends ARGUMENTS` in a repository (not a git one) whose history holds `records`.
    func trends(_ records: [HistoryRecord], _ arguments: [String]) async throws -> CLIRun {
        try await withTemporaryDirectory { directory in
            try HistoryStore(directory: directory.appendingPathComponent(HistoryStore.defaultPath)).append(records)
            return await runModules(
                ["trends", "--repo", directory.path] + arguments, in: directory, runner: liveRunner(directory))
        }
    }

    @Test func aThirtyPercentSlowdownInTheLastThreeRunsFailsNamingTheModuleAndTheCommits() async throws {
        let records = Self.history(runs: 10, seed: 28) { module, run, value in
            module == "Core/Networking" && run >= 7 ? Self.modules[module, default: 0] * 1.3 : value
        }
        let run = try await trends(records, ["--fail-on-regression", "20%", "--metric", "test"])
        #expect(run.status == 1, "\(run.output)\(run.errorOutput)")
        let lines = run.errorOutput.split(separator: "\n").filter { $0.hasPrefix("regression: ") }
        #expect(lines.count == 1, "only the slowed module: \(lines)")
        let line = String(lines.first ?? "")
        #expect(line.contains("Core/Networking test +"))
        #expect(line.contains("3 of the last 3 runs"))
        #expect(line.contains("in \(Self.commit(6).prefix(12))..\(Self.commit(7).prefix(12))"), "\(line)")
        #expect(run.output.contains("REGRESSION"))
    }

    @Test func tenPercentNoiseOnEveryModuleOverTenRunsPasses() async throws {
        let records = Self.history(runs: 10, seed: 28)
        // The noise is real: some runs differ from their module's base by more than a second.
        #expect(records.contains { abs(($0.testSeconds ?? 0) - Self.modules[$0.module, default: 0]) > 1 })
        let run = try await trends(records, ["--fail-on-regression", "20", "--json"])
        #expect(run.status == 0, "\(run.errorOutput)")
        let object = try jsonObject(run.output)
        let series = try #require(object["series"] as? [[String: Any]])
        #expect(series.count == 4, "one test series per module (no build was measured)")
        #expect(series.allSatisfy { $0["regression"] == nil && $0["baseline"] is Double })
        #expect(series.allSatisfy { ($0["points"] as? [Any])?.count == 10 })
    }

    @Test func oneSlowRunIsNoiseAndASmallAbsoluteChangeIsIgnored() async throws {
        let spike = Self.history(runs: 10, seed: 7) { module, run, value in
            module == "Features/Feed" && run == 8 ? value * 2 : value
        }
        #expect(try await trends(spike, ["--fail-on-regression", "20"]).status == 0, "one run of three is not enough")
        let tiny = (0..<10).map { run in
            HistoryRecord(
                module: "Core/Tiny", source: "test", testSeconds: run >= 7 ? 1.5 : 1.0, outcome: "passed",
                commit: Self.commit(run), branch: "main", toolchain: "t", machine: "m",
                recordedAt: String(format: "2026-06-%02dT10:00:00Z", run + 1), run: "run-\(run)")
        }
        #expect(try await trends(tiny, ["--fail-on-regression", "20"]).status == 0, "+50 % but only 0.5 s")
        let strict = try await trends(tiny, ["--fail-on-regression", "20", "--min-change", "0.2"])
        #expect(strict.status == 1, "with a smaller --min-change it counts")
    }

    @Test func theTableTheChartAndTheBaselineBranch() async throws {
        try await withTemporaryDirectory { directory in
            // Runs of a feature branch do not move the baseline.
            var records = Self.history(runs: 10, seed: 3)
            for index in records.indices where records[index].run == "run-2" {
                records[index].branch = "feature"
                records[index].testSeconds = 500
            }
            try HistoryStore(directory: directory.appendingPathComponent(HistoryStore.defaultPath)).append(records)
            let svgDirectory = directory.appendingPathComponent("charts")
            let run = await runModules(
                [
                    "trends", "Core/Logging", "--repo", directory.path, "--svg", svgDirectory.path, "--baseline-runs",
                    "3",
                ],
                in: directory, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            #expect(run.output.hasPrefix("MODULE"))
            #expect(run.output.contains("Core/Logging") && !run.output.contains("Core/Networking"))
            let svg = try String(contentsOf: svgDirectory.appendingPathComponent("trends-test.svg"), encoding: .utf8)
            #expect(svg.hasPrefix("<svg") && svg.contains("Core/Logging") && svg.contains("<polyline"))
            let series = Trends.compute(
                records.filter { $0.module == "Core/Logging" }, metrics: [.test],
                settings: .init(baselineRuns: 10), defaultBranch: "main"
            ) { $0.branch == "main" }.series[0]
            #expect(series.baselineRuns == 6, "runs 0–6 less the feature branch's run")
            #expect((series.baseline ?? 0) < 30)
            let unknown = await runModules(
                ["trends", "Core/Nothing", "--repo", directory.path], in: directory, runner: liveRunner(directory))
            #expect(unknown.status == 66 && unknown.errorOutput.contains("no history of 'Core/Nothing'"))
        }
    }
}

import Foundation

extension DurationStore {
    /// The durations one run measured: for each package that ran (not one that did not build, was unchanged or
    /// matched no test), its seconds; each suite's share of the tests' wall time (the suites' summed case times
    /// scaled to the run's test seconds, since Swift Testing runs cases in parallel); and, from the build's steps in
    /// its log, each compiled module's share of the build's seconds and the test product's share.
    /// - Parameters:
    ///   - results: the run's results.
    ///   - partial: for the packages run suite by suite (a plan shard), the test targets (modules) that ran whole
    ///     there; every other package ran its test targets whole.
    ///   - log: the text of a result's log, when it can be read.
    public static func measured(
        _ results: [PackageTestResult], partial: [String: Set<String>] = [:], log: (PackageTestResult) -> String?
    ) -> DurationStore {
        var store = DurationStore()
        for result in results {
            switch result.status {
            case .buildFailed, .unchanged, .noMatchingTests: continue
            default: break
            }
            var entry = Entry(
                seconds: rounded(result.seconds, places: 1), status: result.status.rawValue,
                buildSeconds: rounded(result.buildSeconds), testSeconds: rounded(result.testSeconds))
            if [.passed, .failed, .flaky, .quarantined].contains(result.status) {
                entry.suites = suiteShares(of: result)
                let ran = Set((entry.suites ?? [:]).keys.map(Entry.module(ofSuite:)))
                entry.wholeTargets = ran.intersection(partial[result.package] ?? ran).sorted()
            }
            let steps = BuildLogSteps.parse(log(result) ?? "")
            if steps.totalSteps > 0 {
                let unit = result.buildSeconds / Double(steps.totalSteps)
                if steps.productSteps > 0 {
                    entry.productSeconds = rounded(unit * Double(steps.productSteps))
                }
                for (module, built) in steps.modules {
                    store.modules[module] = ModuleBuild(
                        seconds: rounded(unit * Double(built.steps)), files: built.files)
                }
            }
            store.entries[result.package] = entry
        }
        return store
    }

    /// Records the runs of `results` (packages that did not build are left as they were: their time says nothing
    /// about how long their tests take).
    /// - Parameters:
    ///   - root: the repository root the results' log paths are relative to; `nil` reads no log (no build times).
    ///   - partial: for the packages run suite by suite, the test targets (modules) that ran whole (see
    ///     ``measured(_:partial:log:)``).
    /// - Returns: what this run measured, as the shared cache stores it.
    @discardableResult
    public mutating func record(
        _ results: [PackageTestResult], root: URL? = nil, partial: [String: Set<String>] = [:]
    ) -> DurationStore {
        let run = Self.measured(results, partial: partial) { result in
            guard let root else { return nil }
            return try? String(contentsOf: RepoPath.url(result.log, in: root), encoding: .utf8)
        }
        merge(run)
        return run
    }

    /// Each suite's share of the run's test seconds, weighted by its cases' summed seconds (by their count when no
    /// case reports a time); `nil` when no case names a suite.
    static func suiteShares(of result: PackageTestResult) -> [String: Double]? {
        let cases = result.cases.filter { !$0.suite.isEmpty && $0.outcome != .skipped }
        guard !cases.isEmpty else { return nil }
        var weights: [String: Double] = [:]
        let timed = cases.contains { ($0.seconds ?? 0) > 0 }
        for testCase in cases {
            weights[testCase.suite, default: 0] += timed ? max(0, testCase.seconds ?? 0) : 1
        }
        let total = weights.values.reduce(0, +)
        guard total > 0 else { return nil }
        return weights.mapValues { rounded(result.testSeconds * $0 / total) }
    }

    static func rounded(_ seconds: Double, places: Int = 3) -> Double {
        let scale = places == 1 ? 10.0 : 1000.0
        return (seconds * scale).rounded() / scale
    }
}

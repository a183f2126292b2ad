import Foundation

/// Flaky tests found in the shared cache's run history (``RunHistory``): a test whose outcome differs between runs
/// with the same action key, its inputs being the same.
enum FlakyHistory {
    /// The most earlier failures a flaky test's result names (the most recent ones).
    static let shownFailures = 5

    /// Whether the outcomes one test had in runs of one action key (`passed`, `failed`, `flaky`, `skipped`) show
    /// it flaky: a run where it failed and then passed on a rerun, or a run where it failed and one where it passed.
    /// A test that failed every time is never flaky, however many runs there are.
    static func isFlaky(_ outcomes: [String]) -> Bool {
        outcomes.contains("flaky") || (outcomes.contains("failed") && outcomes.contains("passed"))
    }

    /// `results` with each test that passed in this run, where a recorded run with the same action key failed, made
    /// ``TestCaseResult/Outcome/flaky`` (its recorded failures as attempts), and the package's status settled. `ran`:
    /// the target ids run by package; `histories`: their recorded runs by id. A package whose JUnit file changes is
    /// written again (in `root`).
    static func mark(
        _ results: [PackageTestResult], ran: [String: [String]], histories: [String: TargetHistory], root: URL
    ) -> [PackageTestResult] {
        results.map { original in
            guard [.passed, .failed, .flaky, .quarantined].contains(original.status) else { return original }
            var result = original
            for id in ran[result.package] ?? [] {
                guard let records = histories[id]?.records, !records.isEmpty else { continue }
                let module = PassingTargets.module(of: String(id.split(separator: ":").last ?? ""))
                for index in result.cases.indices where result.cases[index].outcome == .passed {
                    let testCase = result.cases[index]
                    guard testCase.suite == module || testCase.suite.hasPrefix(module + ".") else { continue }
                    let failures = records.compactMap { record in
                        record.tests?.first {
                            $0.suite == testCase.suite && $0.name == testCase.name && $0.outcome != "passed"
                        }
                        .flatMap { $0.outcome == "skipped" ? nil : (record, $0) }
                    }
                    guard !failures.isEmpty else { continue }
                    result.cases[index].outcome = .flaky
                    result.cases[index].attempts = failures.suffix(shownFailures).map { record, test in
                        var attempt = TestAttempt(
                            run: "an earlier run with the same inputs (commit \(record.commit.prefix(12)) on "
                                + "\(record.machine), \(record.recordedAt))",
                            kind: test.message?.hasPrefix("Caught error") == true ? .error : .failure,
                            message: test.message)
                        attempt.isEarlierRun = true
                        return attempt
                    }
                }
            }
            result.settleStatus()
            if result != original, let junit = result.junit {
                // NB: `junit` is absolute when `--junit` lies outside the repository.
                let url = junit.hasPrefix("/") ? URL(fileURLWithPath: junit) : RepoPath.url(junit, in: root)
                try? Data(JUnitWriter.document(for: result).utf8).write(to: url, options: .atomic)
            }
            return result
        }
    }
}

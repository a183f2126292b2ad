import Foundation

/// What `modules flaky` prints (schema version 1): the tests whose recorded runs under their current action key
/// disagree, each with every recorded run.
struct FlakyReport: Encodable, Equatable {
    /// One flaky test.
    struct Test: Encodable, Equatable {
        /// `Package/TestTarget/Suite/test()`, as a `quarantine` entry of modules.json names it.
        var test: String
        /// The package's repository-relative path.
        var package: String
        /// The test target.
        var target: String
        /// The xunit `classname` (`FlakyTests.FlakyTests`).
        var suite: String
        /// The test's name.
        var name: String
        /// The action key the runs share.
        var key: String
        /// Runs where it failed (a run where it failed and then passed on a rerun counts here and in
        /// ``passedRuns``).
        var failedRuns: Int
        /// Runs where it passed.
        var passedRuns: Int
        /// Every recorded run of the key that ran the test, oldest first.
        var runs: [Run]
    }

    /// One recorded run of a flaky test.
    struct Run: Encodable, Equatable {
        /// `passed`, `failed`, `flaky` (failed, then passed on a rerun of that run) or `skipped`.
        var outcome: String
        /// The failure's message, for `failed` and `flaky`.
        var message: String?
        /// The commit the run tested.
        var commit: String
        /// Its branch.
        var branch: String
        /// The machine it ran on.
        var machine: String
        /// When it was recorded (ISO 8601, UTC).
        var recordedAt: String
    }

    /// The version of this JSON shape.
    var schemaVersion = 1
    /// The shared cache's URL.
    var cache: String
    /// The test targets whose history was read.
    var targets: Int
    /// The runs read, over all of them.
    var runs: Int
    /// The flaky tests, by package, target and name.
    var tests: [Test]

    /// The report over `histories` (by target id, `package:target`) of the targets `ids`, with their `keys`.
    init(cache: String, ids: [String], keys: [String: ActionKey], histories: [String: TargetHistory]) {
        self.cache = cache
        targets = ids.count
        runs = ids.reduce(0) { $0 + (histories[$1]?.records.count ?? 0) }
        var tests: [Test] = []
        for id in ids {
            guard let records = histories[id]?.records, let key = keys[id]?.key else { continue }
            let parts = id.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            var byTest: [String: (suite: String, name: String, runs: [Run])] = [:]
            for record in records {
                for test in record.tests ?? [] {
                    let run = Run(
                        outcome: test.outcome, message: test.message, commit: record.commit, branch: record.branch,
                        machine: record.machine, recordedAt: record.recordedAt)
                    byTest["\(test.suite)\n\(test.name)", default: (test.suite, test.name, [])].runs.append(run)
                }
            }
            for (suite, name, runs) in byTest.values where FlakyHistory.isFlaky(runs.map(\.outcome)) {
                let testCase = TestCaseResult(suite: suite, name: name, outcome: .passed)
                tests.append(
                    Test(
                        test: QuarantinedTest.identifier(package: parts[0], target: parts[1], testCase: testCase),
                        package: parts[0], target: parts[1], suite: suite, name: name, key: key,
                        failedRuns: runs.count { $0.outcome == "failed" || $0.outcome == "flaky" },
                        passedRuns: runs.count { $0.outcome == "passed" || $0.outcome == "flaky" }, runs: runs))
            }
        }
        self.tests = tests.sorted { $0.test < $1.test }
    }

    /// For people: each flaky test with its runs, then a summary line.
    var text: String {
        var lines: [String] = []
        for test in tests {
            lines.append(
                "\(test.test)  failed in \(test.failedRuns) of \(test.runs.count) runs, passed in \(test.passedRuns) "
                    + "(key \(test.key.prefix(12)))")
            for run in test.runs {
                let outcome = run.outcome.padding(toLength: 7, withPad: " ", startingAt: 0)
                let how = run.outcome == "flaky" ? ": failed, then passed on a rerun" : ""
                lines.append(
                    "  \(run.recordedAt)  \(outcome) commit \(run.commit.prefix(12)) (\(run.branch)) on "
                        + "\(run.machine)\(how)" + (run.message.map { ": \($0)" } ?? ""))
            }
        }
        let count = tests.count == 0 ? "No flaky test" : "\(tests.count) flaky test\(tests.count == 1 ? "" : "s")"
        lines.append(
            "\(count) in \(targets) test target\(targets == 1 ? "" : "s") (\(runs) recorded run\(runs == 1 ? "" : "s") "
                + "of their current inputs, read from \(cache))")
        return lines.joined(separator: "\n") + "\n"
    }
}

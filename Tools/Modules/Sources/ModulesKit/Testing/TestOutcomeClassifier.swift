import Foundation

/// Decides how a package's test run ended from what `swift test` left behind: its exit, the Swift Testing
/// xunit file (absent or truncated after a crash) and the console log.
struct TestOutcomeClassifier {
    /// Whether `--filter` was given (then a package where nothing ran is not a failure).
    let filtered: Bool

    func classify(
        _ result: PackageTestResult,
        exit: PackageTestRunner.StepOutcome,
        swiftTestingXUnit: Data?,
        log: String
    ) -> PackageTestResult {
        var result = result
        var crashed = log.contains("exited with unexpected signal code")
        let swiftTesting: [TestCaseResult]
        if let data = swiftTestingXUnit, let parsed = try? XUnitParser.parse(data) {
            swiftTesting = parsed
        } else {
            swiftTesting = TestLogParser.swiftTestingCases(in: log)
            // NB: Swift Testing writes its xunit header first and the suites at the end; a header alone means the
            // process died before the end.
            crashed = crashed || (swiftTestingXUnit != nil && !exit.succeeded)
        }
        result.cases = swiftTesting + TestLogParser.xctestCases(in: log)
        let ran = result.passed + result.failed
        if crashed {
            let unfinished =
                TestLogParser.unfinishedSwiftTestingCases(in: log) + TestLogParser.unfinishedXCTestCases(in: log)
            result.status = .crashed
            result.note =
                "the test process crashed"
                + (unfinished.isEmpty ? "" : " while running \(unfinished.joined(separator: ", "))")
            let message = "did not finish: the test process crashed"
            result.cases += unfinished.map { TestCaseResult(suite: "", name: $0, outcome: .failed, message: message) }
            if unfinished.isEmpty {
                result.cases.append(
                    TestCaseResult(suite: "", name: "(test process)", outcome: .failed, message: message))
            }
        } else if result.failed > 0 {
            result.status = .failed
        } else if ran == 0 {
            result.status = filtered ? .noMatchingTests : .noTests
            result.note = filtered ? "no test matched the filter" : "no test ran" + (exit.note.map { " (\($0))" } ?? "")
        } else if !exit.succeeded {
            result.status = .failed
            result.note = (exit.note ?? "swift test failed") + " although every test reported passed"
        } else {
            result.status = .passed
        }
        return result
    }
}

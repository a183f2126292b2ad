import Foundation

/// Decides how a package's test run ended from what `swift test` left behind: its exit, the Swift Testing
/// xunit file (absent or truncated after a crash) and the console log.
struct TestOutcomeClassifier {
    /// Whether `--filter` was given (then a package where nothing ran is not a failure).
    let filtered: Bool
    /// The `--timeout` the test step ran under, for the note.
    var timeout: Duration?

    /// How the message of a test that was running when the process was killed after `--timeout` starts.
    static let timeoutPrefix = "did not finish within the"
    /// The message of a test that was running when the test process crashed.
    static let crashMessage = "did not finish: the test process crashed"

    func classify(
        _ result: PackageTestResult,
        exit: PackageTestRunner.StepOutcome,
        swiftTestingXUnit: Data?,
        events: Data? = nil,
        log: String
    ) -> PackageTestResult {
        var result = result
        var crashed = log.contains("exited with unexpected signal code")
        let stream = events.map(SwiftTestingEvents.parse)
        let swiftTesting: [TestCaseResult]
        if let data = swiftTestingXUnit, let parsed = try? XUnitParser.parse(data) {
            swiftTesting = parsed
        } else {
            // NB: the event stream is flushed line by line; the console lines of a killed process may still have
            // been in its buffer when it died.
            swiftTesting = stream?.cases ?? TestLogParser.swiftTestingCases(in: log)
            // NB: Swift Testing writes its xunit header first and the suites at the end; a header alone means the
            // process died before the end.
            crashed = crashed || (swiftTestingXUnit != nil && !exit.succeeded)
        }
        result.cases = swiftTesting + TestLogParser.xctestCases(in: log)
        let ran = result.passed + result.failed
        if exit.timedOut || crashed {
            let limit = timeout.map(PackageTestRunner.seconds) ?? "time limit"
            let ending =
                exit.timedOut
                ? "\(Self.timeoutPrefix) \(limit) timeout" : Self.crashMessage
            let unfinished = unfinishedCases(stream: stream, log: log, message: ending)
            result.status = exit.timedOut ? .timedOut : .crashed
            let names = unfinished.map { $0.suite.isEmpty ? $0.name : "\($0.suite).\($0.name)" }
            result.note =
                (exit.timedOut
                    ? "the test process ran past the \(limit) timeout and was killed with every process it started"
                    : "the test process crashed")
                + (names.isEmpty ? "" : " while running \(names.joined(separator: ", "))")
            result.cases += unfinished
            if unfinished.isEmpty {
                result.cases.append(
                    TestCaseResult(suite: "", name: "(test process)", outcome: .failed, message: ending))
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

    /// The tests that started and did not end, as failed cases with `message`: from the event stream when it names
    /// any (with the suite, the `@Test("…")` name and the source location), else from the console lines.
    private func unfinishedCases(stream: SwiftTestingEvents.Summary?, log: String, message: String)
        -> [TestCaseResult]
    {
        let fromLog = TestLogParser.unfinishedSwiftTestingCases(in: log)
        let xctest = TestLogParser.unfinishedXCTestCases(in: log)
        let swiftTesting: [TestCaseResult]
        if let stream, !stream.unfinished.isEmpty || fromLog.isEmpty {
            swiftTesting = stream.unfinished.map { test in
                let about = [test.displayName.map { "\"\($0)\"" }, test.location].compactMap { $0 }
                return TestCaseResult(
                    suite: test.suite, name: test.name, outcome: .failed,
                    message: message + (about.isEmpty ? "" : " (\(about.joined(separator: ", ")))"))
            }
        } else {
            swiftTesting = fromLog.map { TestCaseResult(suite: "", name: $0, outcome: .failed, message: message) }
        }
        return swiftTesting + xctest.map { TestCaseResult(suite: "", name: $0, outcome: .failed, message: message) }
    }
}

import Foundation

extension PackageTestRunner {
    /// With `--retries N`, runs the failed tests of a `failed` package again, up to N times and each time only the
    /// tests still failing (`swift test --skip-build` with one `--filter` per test). A test that passes on a rerun
    /// becomes ``TestCaseResult/Outcome/flaky`` with its earlier failures as ``TestCaseResult/attempts``; one that
    /// fails every time stays failed, with each rerun's failure as an attempt. A test that a rerun does not report
    /// (it crashed before, or was skipped) counts as failed in that rerun. Crashed and timed-out packages are not
    /// rerun: the tests after the crash never ran, so a rerun of the named ones would say nothing about them.
    func rerunFailures(of first: PackageTestResult, slug: String, packageArguments: [String]) async
        -> PackageTestResult
    {
        guard settings.retries > 0, first.status == .failed else { return first }
        var result = first
        var failing = result.cases.indices.filter {
            result.cases[$0].outcome == .failed && Self.rerunFilter(for: result.cases[$0]) != nil
        }
        let logURL = settings.logDirectory.appendingPathComponent("\(slug).log")
        for attempt in 1...settings.retries where !failing.isEmpty {
            let name = "\(slug).rerun-\(attempt)"
            let xunit = settings.logDirectory.appendingPathComponent("\(name).xunit.xml")
            let swiftTesting = settings.logDirectory.appendingPathComponent("\(name).xunit-swift-testing.xml")
            let events = settings.logDirectory.appendingPathComponent("\(name).events.jsonl")
            for stale in [xunit, swiftTesting, events] {
                try? FileManager().removeItem(at: stale)
            }
            let filters = failing.compactMap { Self.rerunFilter(for: result.cases[$0]) }
            let arguments =
                ["test", "--skip-build", "--xunit-output", xunit.path]
                + (settings.eventStream ? ["--event-stream-output-path", events.path] : []) + packageArguments
                + filters.flatMap { ["--filter", $0] }
            let start = stopwatch.now()
            let exit = await step(arguments, log: logURL, timeout: settings.timeout)
            result.testSeconds += stopwatch.seconds(since: start)
            result.reruns = attempt
            let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            let rerun = TestOutcomeClassifier(filtered: true, timeout: settings.timeout).classify(
                PackageTestResult(package: result.package, status: .failed, log: result.log),
                exit: exit,
                swiftTestingXUnit: try? Data(contentsOf: swiftTesting),
                events: try? Data(contentsOf: events),
                log: Self.lastStep(of: log)
            )
            var still: [Int] = []
            for index in failing {
                let testCase = result.cases[index]
                let again = rerun.cases.first { $0.suite == testCase.suite && $0.name == testCase.name }
                if let again, again.outcome == .passed {
                    let firstRun = TestAttempt(
                        run: "the first run", kind: TestAttempt.kind(of: testCase, status: first.status),
                        message: testCase.message)
                    result.cases[index].attempts.insert(firstRun, at: 0)
                    result.cases[index].outcome = .flaky
                    result.cases[index].message = nil
                    result.cases[index].seconds = again.seconds
                    continue
                }
                let message: String? =
                    switch again?.outcome {
                    case .failed?: again?.message
                    case .skipped?: "skipped in rerun \(attempt)" + (again?.message.map { ": \($0)" } ?? "")
                    default: "did not run in rerun \(attempt)" + (rerun.note.map { " (\($0))" } ?? "")
                    }
                let kind = again.map { TestAttempt.kind(of: $0, status: rerun.status) } ?? .failure
                result.cases[index].attempts.append(TestAttempt(run: "rerun \(attempt)", kind: kind, message: message))
                still.append(index)
            }
            failing = still
        }
        result.settleStatus()
        return result
    }

    /// The `swift test --filter` that selects exactly `testCase`, or `nil` when its suite is unknown. Swift
    /// Testing matches the pattern against a test's ID, which starts with the module, a dot, then the suites and
    /// the name separated by `/` (`^LibTests\.Outer/Inner/fails\(\)`) and goes on with the source location, so
    /// the pattern is anchored at its start only; an XCTest ID is `Module.Class/method` (`(^|\.)Class/method$`).
    static func rerunFilter(for testCase: TestCaseResult) -> String? {
        guard !testCase.suite.isEmpty, !testCase.name.isEmpty else { return nil }
        let escape = NSRegularExpression.escapedPattern(for:)
        guard testCase.name.hasSuffix(")") else {
            // NB: an XCTest method's name has no parentheses; Swift Testing's always ends with its argument list.
            return "(^|\\.)" + escape(testCase.suite) + "/" + escape(testCase.name) + "$"
        }
        let parts = testCase.suite.split(separator: ".").map(String.init)
        return "^" + escape(parts[0]) + "\\." + (parts.dropFirst() + [testCase.name]).map(escape).joined(separator: "/")
    }

    /// The part of a package's log written by its last step (from its last `$ ` command line).
    static func lastStep(of log: String) -> String {
        if log.hasPrefix("$ "), !log.dropFirst().contains("\n$ ") { return log }
        guard let range = log.range(of: "\n$ ", options: .backwards) else { return log }
        return String(log[log.index(after: range.lowerBound)...])
    }
}

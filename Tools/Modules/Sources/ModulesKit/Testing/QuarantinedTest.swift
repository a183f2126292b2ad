import Foundation

/// A `quarantine` entry of modules.json placed in the repository: its package, test target, suites and test name.
struct QuarantinedTest: Sendable, Equatable {
    /// The entry.
    var entry: ModulesConfiguration.QuarantineEntry
    /// The package's repository-relative path (`.` for the root package).
    var package: String
    /// The test target's name.
    var target: String
    /// The suites, outermost first (empty for a free test function).
    var suites: [String]
    /// The test's name (`levels()`, `testLevels`).
    var name: String

    /// Places `entry` among the repository's `packages` (paths): the longest package path that the test starts
    /// with (then `/`), else the root package (`./` in front is allowed); `nil` when no such package exists or
    /// nothing but a name is left after it.
    static func resolve(_ entry: ModulesConfiguration.QuarantineEntry, packages: [String]) -> QuarantinedTest? {
        let package: String
        let rest: Substring
        let nested = packages.filter { $0 != "." && entry.test.hasPrefix($0 + "/") }.max { $0.count < $1.count }
        if let nested {
            package = nested
            rest = entry.test.dropFirst(nested.count + 1)
        } else if packages.contains(".") {
            package = "."
            rest = entry.test.hasPrefix("./") ? entry.test.dropFirst(2) : entry.test[...]
        } else {
            return nil
        }
        let segments = rest.split(separator: "/").map(String.init)
        guard segments.count >= 2, let target = segments.first, let name = segments.last else { return nil }
        let suites = segments.dropFirst().dropLast().flatMap { $0.split(separator: ".").map(String.init) }
        return QuarantinedTest(entry: entry, package: package, target: target, suites: suites, name: name)
    }

    /// Whether `testCase` of a run of ``package`` is this test: Swift Testing's xunit `classname` is the target's
    /// module followed by the suites (`CheckoutTests.SubmissionTests`); XCTest's log names the class alone.
    func matches(_ testCase: TestCaseResult) -> Bool {
        guard testCase.name == name else { return false }
        let module = PassingTargets.module(of: target)
        if testCase.suite == ([module] + suites).joined(separator: ".") { return true }
        // NB: an XCTest method's name has no parentheses, and XCTest on Linux prints `Class.testName`.
        return !name.hasSuffix(")") && suites.count == 1 && testCase.suite == suites[0]
    }

    /// The `Package/TestTarget/Suite/test()` spelling of `testCase` of `target` in `package`, as quarantine entries
    /// and `modules flaky` write it (`./` for the root package).
    static func identifier(package: String, target: String, testCase: TestCaseResult) -> String {
        let module = PassingTargets.module(of: target)
        var suites = testCase.suite.split(separator: ".").map(String.init)
        if suites.first == module {
            suites.removeFirst()
        }
        return ([package, target] + suites + [testCase.name]).joined(separator: "/")
    }

    /// Applies `tests` to the failed cases of `result` at `date`: a failure of a test whose entry is in force
    /// becomes ``TestCaseResult/Outcome/quarantined`` (a warning), one whose entry expired stays a failure and
    /// carries the entry so the report says it expired; the status is then settled
    /// (``PackageTestResult/settleStatus()``).
    static func apply(_ tests: [QuarantinedTest], to result: PackageTestResult, at date: Date) -> PackageTestResult {
        let mine = tests.filter { $0.package == result.package }
        guard !mine.isEmpty else { return result }
        var result = result
        for index in result.cases.indices where result.cases[index].outcome == .failed {
            guard let test = mine.first(where: { $0.matches(result.cases[index]) }) else { continue }
            result.cases[index].quarantine = test.entry
            if test.entry.isInForce(at: date) {
                result.cases[index].outcome = .quarantined
            }
        }
        result.settleStatus()
        return result
    }
}

extension TestRunSettings {
    /// Sets ``retries`` from `--retries N` (a whole number from 0 to 10, default 0), ``quarantine`` from
    /// modules.json's entries placed among `packages`, and ``date`` from the environment's wall clock.
    /// - Throws: ``UsageError`` for a bad `--retries`.
    mutating func applyRetriesAndQuarantine(
        _ arguments: ParsedArguments, configuration: ModulesConfiguration, packages: [String],
        _ environment: CommandEnvironment
    ) throws {
        if let text = arguments.value("--retries") {
            guard let value = Int(text), (0...10).contains(value) else {
                throw UsageError(message: "--retries needs a whole number from 0 to 10, not '\(text)'")
            }
            retries = value
        }
        quarantine = configuration.quarantine.compactMap { QuarantinedTest.resolve($0, packages: packages) }
        date = environment.wallClock.now()
    }
}

/// The result of one test case, from a xunit file or a test log.
public struct TestCaseResult: Sendable, Equatable, Encodable {
    /// How a test case ended.
    public enum Outcome: String, Sendable, Equatable, Encodable {
        /// It passed (the first time it ran, and never failed under the same inputs before).
        case passed
        /// It failed, threw, or crashed the test process (every time it ran, with `--retries`).
        case failed
        /// It was disabled or skipped.
        case skipped
        /// It failed and then passed: on a rerun of this run (`--retries`), or in this run after a failure recorded
        /// under the same action key in the shared cache. Not a failure, never a plain pass.
        case flaky
        /// It failed, and `quarantine` in modules.json holds it until a date still ahead: a warning, not a failure.
        case quarantined
    }

    /// The suite: the xunit `classname` (`LoggingTests.LoggerTests`).
    public var suite: String
    /// The test's name (`levels()`, `testLevels`).
    public var name: String
    /// How it ended.
    public var outcome: Outcome
    /// The failure or skip message, when there is one (for a ``Outcome/flaky`` test, the failures are in
    /// ``attempts``).
    public var message: String?
    /// Its duration in seconds, when reported.
    public var seconds: Double?
    /// Its failed runs besides ``message``, oldest first: for a ``Outcome/flaky`` test every failure before it
    /// passed; for a test that failed on every rerun of `--retries`, the reruns' failures.
    public var attempts: [TestAttempt] = []
    /// The `quarantine` entry of modules.json naming this test: in force (``Outcome/quarantined``) or expired (then
    /// the test is ``Outcome/failed`` again).
    public var quarantine: ModulesConfiguration.QuarantineEntry?

    /// Creates a result.
    public init(suite: String, name: String, outcome: Outcome, message: String? = nil, seconds: Double? = nil) {
        self.suite = suite
        self.name = name
        self.outcome = outcome
        self.message = message
        self.seconds = seconds
    }

    /// `Suite.name`, or the name alone when there is no suite.
    public var qualifiedName: String {
        suite.isEmpty ? name : "\(suite).\(name)"
    }

    private enum CodingKeys: String, CodingKey {
        case suite, name, outcome, message, seconds, attempts, quarantine
    }

    /// Encodes the fields; ``attempts`` and ``quarantine`` only when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(suite, forKey: .suite)
        try container.encode(name, forKey: .name)
        try container.encode(outcome, forKey: .outcome)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encodeIfPresent(seconds, forKey: .seconds)
        if !attempts.isEmpty {
            try container.encode(attempts, forKey: .attempts)
        }
        try container.encodeIfPresent(quarantine, forKey: .quarantine)
    }
}

/// One failed run of a test besides the one its result reports: a rerun of `--retries`, or an earlier run under the
/// same action key recorded in the shared cache.
public struct TestAttempt: Sendable, Equatable, Encodable {
    /// What kind of failure it was; JUnit writes a ``failure`` as `flakyFailure`/`rerunFailure` and the others as
    /// `flakyError`/`rerunError`, as Maven Surefire does.
    public enum Kind: String, Sendable, Equatable, Encodable {
        /// An issue the test recorded (`#expect`, `XCTAssert`).
        case failure
        /// An error the test threw (Swift Testing's `Caught error: …`).
        case error
        /// The test process crashed while it ran.
        case crash
        /// The test process ran past `--timeout` while it ran.
        case timeout
    }

    /// Which run: `the first run`, `rerun 1`, … or `an earlier run with the same inputs (commit 1a2b3c4d5e6f on
    /// ci-7, 2026-06-01T10:00:00Z)`.
    public var run: String
    /// What kind of failure.
    public var kind: Kind
    /// The failure's message.
    public var message: String?
    /// Whether it is a run recorded in the shared cache rather than a run of this `modules test`.
    var isEarlierRun = false

    /// Creates an attempt.
    public init(run: String, kind: Kind, message: String?) {
        self.run = run
        self.kind = kind
        self.message = message
    }

    private enum CodingKeys: String, CodingKey {
        case run, kind, message
    }

    /// The kind of the failure `testCase` reports (a failed case of a run that ended as `status`).
    static func kind(of testCase: TestCaseResult, status: PackageTestStatus) -> Kind {
        let message = testCase.message ?? ""
        if message.hasPrefix(TestOutcomeClassifier.timeoutPrefix) { return .timeout }
        if message.hasPrefix(TestOutcomeClassifier.crashMessage) { return .crash }
        // NB: Swift Testing's own wording for an error a test threw (Samples/swift-testing.xml).
        return message.hasPrefix("Caught error") ? .error : .failure
    }
}

/// How a package's test run ended.
public enum PackageTestStatus: String, Sendable, Equatable, Encodable {
    /// Every test that ran passed, and at least one ran.
    case passed
    /// A test failed, or `swift test` exited non-zero.
    case failed
    /// The package or its tests did not build.
    case buildFailed = "build-failed"
    /// The test process crashed; the counts are those seen before the crash.
    case crashed
    /// The test process ran past `--timeout` and was killed; the counts are those seen before, and the tests
    /// that started and did not end are failed cases.
    case timedOut = "timed-out"
    /// No test ran.
    case noTests = "no-tests"
    /// With `--filter`: no test of this package matched; not a failure.
    case noMatchingTests = "no-matching-tests"
    /// With `--changed-since-green`: every test target of the package passed before with the same content hash,
    /// so nothing was built or run; not a failure.
    case unchanged
    /// Every test passed in the end, and some failed before they passed (``TestCaseResult/Outcome/flaky``); not a
    /// failure, never a plain pass.
    case flaky
    /// Every test passed but quarantined ones that failed (``TestCaseResult/Outcome/quarantined``): a warning, not a
    /// failure.
    case quarantined

    /// Whether this status makes `modules test` exit non-zero.
    public var isFailure: Bool {
        switch self {
        case .passed, .noMatchingTests, .unchanged, .flaky, .quarantined: false
        case .failed, .buildFailed, .crashed, .timedOut, .noTests: true
        }
    }
}

/// Everything known about one package's test run.
public struct PackageTestResult: Sendable, Equatable, Encodable {
    /// The package's repository-relative path.
    public var package: String
    /// How the run ended.
    public var status: PackageTestStatus
    /// The test cases, in the order reported.
    public var cases: [TestCaseResult]
    /// Seconds spent building (`swift build --build-tests`).
    public var buildSeconds: Double
    /// Seconds spent running the tests.
    public var testSeconds: Double
    /// The repository-relative path of the full log.
    public var log: String
    /// The repository-relative path of the JUnit file written, if any.
    public var junit: String?
    /// A sentence explaining a failure that no test case shows (a crash, an exit status, a build error).
    public var note: String?
    /// The last lines of the log, kept when the package failed.
    public var logTail: [String]
    /// With `--coverage`: line coverage of the package's `Sources/`.
    public var coverage: CoverageSummary?
    /// With `--coverage`, when there is no coverage figure: why.
    public var coverageNote: String?
    /// For an ``PackageTestStatus/unchanged`` package: where its passing results came from (`local`: this
    /// checkout's record, `remote`: the shared cache, `mixed`: both); `nil` for a package that ran.
    public var cache: String?
    /// How many times failed tests were run again (`--retries`).
    public var reruns = 0

    /// Creates a result.
    public init(
        package: String,
        status: PackageTestStatus,
        cases: [TestCaseResult] = [],
        buildSeconds: Double = 0,
        testSeconds: Double = 0,
        log: String,
        junit: String? = nil,
        note: String? = nil,
        logTail: [String] = []
    ) {
        self.package = package
        self.status = status
        self.cases = cases
        self.buildSeconds = buildSeconds
        self.testSeconds = testSeconds
        self.log = log
        self.junit = junit
        self.note = note
        self.logTail = logTail
    }

    /// Test cases that passed.
    public var passed: Int { cases.count { $0.outcome == .passed } }
    /// Test cases that failed.
    public var failed: Int { cases.count { $0.outcome == .failed } }
    /// Test cases that were skipped.
    public var skipped: Int { cases.count { $0.outcome == .skipped } }
    /// Test cases that failed and then passed.
    public var flaky: Int { cases.count { $0.outcome == .flaky } }
    /// Test cases that failed while quarantined.
    public var quarantined: Int { cases.count { $0.outcome == .quarantined } }

    /// Sets ``status`` from the test cases once reruns, the shared cache's history or quarantine changed some of
    /// them: `failed` while any case failed, else `flaky` when any is, else `quarantined` when any is, else `passed`.
    /// A status the cases do not explain (a crash, a timeout, a build failure, a non-zero exit with every test
    /// passed) is kept.
    mutating func settleStatus() {
        let unsettled: Set<TestCaseResult.Outcome> = [.failed, .flaky, .quarantined]
        switch status {
        case .passed, .flaky, .quarantined: break
        case .failed where cases.contains(where: { unsettled.contains($0.outcome) }): break
        default: return
        }
        status =
            cases.contains { $0.outcome == .failed }
            ? .failed
            : cases.contains { $0.outcome == .flaky }
                ? .flaky : cases.contains { $0.outcome == .quarantined } ? .quarantined : .passed
    }
    /// Build and test seconds together.
    public var seconds: Double { buildSeconds + testSeconds }

    private enum CodingKeys: String, CodingKey {
        case package, status, passed, failed, skipped, flaky, quarantined, reruns, buildSeconds, testSeconds, seconds
        case log, junit, note, logTail, failures, flakyTests, quarantinedTests, coverage, coverageNote, cache
    }

    /// Encodes the counts and the failed cases (not every passing case).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(package, forKey: .package)
        try container.encode(status, forKey: .status)
        try container.encode(passed, forKey: .passed)
        try container.encode(failed, forKey: .failed)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(flaky, forKey: .flaky)
        try container.encode(quarantined, forKey: .quarantined)
        try container.encode(reruns, forKey: .reruns)
        try container.encode(Self.rounded(buildSeconds), forKey: .buildSeconds)
        try container.encode(Self.rounded(testSeconds), forKey: .testSeconds)
        try container.encode(Self.rounded(seconds), forKey: .seconds)
        try container.encode(log, forKey: .log)
        try container.encodeIfPresent(junit, forKey: .junit)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(cases.filter { $0.outcome == .failed }, forKey: .failures)
        try container.encode(cases.filter { $0.outcome == .flaky }, forKey: .flakyTests)
        try container.encode(cases.filter { $0.outcome == .quarantined }, forKey: .quarantinedTests)
        try container.encode(logTail, forKey: .logTail)
        try container.encodeIfPresent(coverage, forKey: .coverage)
        try container.encodeIfPresent(coverageNote, forKey: .coverageNote)
        try container.encodeIfPresent(cache, forKey: .cache)
    }

    private static func rounded(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }
}

/// The outcome of `modules test` over several packages, as printed with `--format json` (schema version 1).
public struct TestRunReport: Sendable, Equatable, Encodable {
    /// The version of this JSON shape.
    public static let currentSchemaVersion = 1

    /// The version of this JSON shape.
    public var schemaVersion = TestRunReport.currentSchemaVersion
    /// The repository root (absolute path).
    public var repository: String
    /// One result per package, in the order the packages were given.
    public var packages: [PackageTestResult]
    /// What the shared cache's uploads did (`uploaded 3 results (12 KB)`), added to the closing line.
    public var uploadNote: String?

    /// Creates a report.
    public init(repository: String, packages: [PackageTestResult]) {
        self.repository = repository
        self.packages = packages
    }

    /// Passed test cases over all packages.
    public var passed: Int { packages.reduce(0) { $0 + $1.passed } }
    /// Failed test cases over all packages.
    public var failed: Int { packages.reduce(0) { $0 + $1.failed } }
    /// Skipped test cases over all packages.
    public var skipped: Int { packages.reduce(0) { $0 + $1.skipped } }
    /// Flaky test cases over all packages.
    public var flaky: Int { packages.reduce(0) { $0 + $1.flaky } }
    /// Quarantined test cases that failed, over all packages.
    public var quarantined: Int { packages.reduce(0) { $0 + $1.quarantined } }

    /// 1 when any package failed, did not build, crashed or ran no test, or when no test ran at all in the packages
    /// that ran (packages skipped as ``PackageTestStatus/unchanged`` ran nothing on purpose); else 0. Flaky and
    /// quarantined tests do not fail a run.
    public var exitCode: Int32 {
        let anyFailure = packages.contains { $0.status.isFailure }
        let ran = packages.contains { $0.status != .unchanged }
        return anyFailure || (ran && passed + failed + flaky + quarantined == 0) ? 1 : 0
    }

    /// The closing line: `N passed, N failed`, plus `, N flaky`, `, N quarantined` and `, N skipped` when there are
    /// any, and `, N packages unchanged since they passed` when `--changed-since-green` skipped any.
    public var closingLine: String {
        let unchanged = packages.count { $0.status == .unchanged }
        return "\(passed) passed, \(failed) failed" + (flaky > 0 ? ", \(flaky) flaky" : "")
            + (quarantined > 0 ? ", \(quarantined) quarantined" : "") + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (unchanged > 0 ? ", \(unchanged) package\(unchanged == 1 ? "" : "s") unchanged since they passed" : "")
            + (uploadNote.map { "; \($0)" } ?? "")
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, repository, packages, passed, failed, skipped, flaky, quarantined, exitCode
    }

    /// Encodes the packages with the totals.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(repository, forKey: .repository)
        try container.encode(packages, forKey: .packages)
        try container.encode(passed, forKey: .passed)
        try container.encode(failed, forKey: .failed)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(flaky, forKey: .flaky)
        try container.encode(quarantined, forKey: .quarantined)
        try container.encode(exitCode, forKey: .exitCode)
    }
}

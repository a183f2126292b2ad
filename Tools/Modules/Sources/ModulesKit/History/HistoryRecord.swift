import Foundation

/// One module's measurements in one run of `modules test` or `modules build-times`: the unit of the history
/// store (``HistoryStore`` locally, ``SharedHistory`` on the shared cache).
///
/// A module is a package (`Core/Logging`, `.` for the root package) or, at target level, a target
/// (`Core/Logging:LoggingTests`, as `graph --targets` names it). Every time is seconds of wall time on the machine
/// that recorded it; a field that the run did not measure is `nil` (a `modules test` run measures no clean build).
public struct HistoryRecord: Codable, Sendable, Equatable {
    /// The version of this JSON shape.
    public var schemaVersion = 1
    /// The package path, or `<package>:<target>` for a target.
    public var module: String
    /// What recorded it: `test` (`modules test`) or `build-times` (`modules build-times`).
    public var source: String
    /// The median clean build of the package, seconds (`build-times`).
    public var cleanBuildSeconds: Double?
    /// The median incremental build after a one-line change, seconds (`build-times`).
    public var incrementalBuildSeconds: Double?
    /// `modules test`'s `swift build --build-tests` of the package, seconds (what it had to compile in that run).
    public var buildSeconds: Double?
    /// The tests' seconds (a package's `swift test`; a target's: its cases' share of the package's test seconds).
    public var testSeconds: Double?
    /// How many test cases ran.
    public var testCount: Int?
    /// How the run ended for the module: a ``PackageTestStatus`` raw value for `test`, `measured` or `failed` for
    /// `build-times`.
    public var outcome: String
    /// The commit measured (`git rev-parse HEAD`), `unknown` outside git.
    public var commit: String
    /// The branch (`git rev-parse --abbrev-ref HEAD`; `HEAD` when detached).
    public var branch: String
    /// The toolchain: the first line of `swift --version`, `unknown` when it could not be read.
    public var toolchain: String
    /// The machine's host name.
    public var machine: String
    /// When it was recorded (ISO 8601, UTC).
    public var recordedAt: String
    /// The run's identifier (shared by every record of one run), so a record read from the shared cache and from
    /// the local store is counted once.
    public var run: String

    /// Creates a record.
    public init(
        module: String, source: String, cleanBuildSeconds: Double? = nil, incrementalBuildSeconds: Double? = nil,
        buildSeconds: Double? = nil, testSeconds: Double? = nil, testCount: Int? = nil, outcome: String,
        commit: String, branch: String, toolchain: String, machine: String, recordedAt: String, run: String
    ) {
        self.module = module
        self.source = source
        self.cleanBuildSeconds = cleanBuildSeconds
        self.incrementalBuildSeconds = incrementalBuildSeconds
        self.buildSeconds = buildSeconds
        self.testSeconds = testSeconds
        self.testCount = testCount
        self.outcome = outcome
        self.commit = commit
        self.branch = branch
        self.toolchain = toolchain
        self.machine = machine
        self.recordedAt = recordedAt
        self.run = run
    }

    /// The value of `metric` in this record, seconds, or `nil` when the run did not measure it.
    public func value(_ metric: HistoryMetric) -> Double? {
        switch metric {
        case .build: cleanBuildSeconds
        case .incremental: incrementalBuildSeconds
        case .test: testSeconds
        }
    }

    /// Whether the module is a target (`<package>:<target>`) rather than a package.
    public var isTarget: Bool { module.contains(":") }

    /// The package the module belongs to.
    public var package: String { String(module.split(separator: ":", maxSplits: 1).first ?? "") }
}

/// What `modules trends` charts: a clean build (`build`), an incremental build (`incremental`), the tests (`test`).
public enum HistoryMetric: String, Sendable, CaseIterable, Codable {
    /// ``HistoryRecord/cleanBuildSeconds``.
    case build
    /// ``HistoryRecord/incrementalBuildSeconds``.
    case incremental
    /// ``HistoryRecord/testSeconds``.
    case test
}

/// Where a run's records come from: the facts every record of the run shares.
public struct HistoryRun: Sendable, Equatable {
    /// See ``HistoryRecord/commit``.
    public var commit: String
    /// See ``HistoryRecord/branch``.
    public var branch: String
    /// See ``HistoryRecord/toolchain``.
    public var toolchain: String
    /// See ``HistoryRecord/machine``.
    public var machine: String
    /// See ``HistoryRecord/recordedAt``.
    public var recordedAt: String
    /// See ``HistoryRecord/run``.
    public var run: String

    /// Creates the facts of a run.
    public init(commit: String, branch: String, toolchain: String, machine: String, recordedAt: String, run: String) {
        self.commit = commit
        self.branch = branch
        self.toolchain = toolchain
        self.machine = machine
        self.recordedAt = recordedAt
        self.run = run
    }

    /// The records of a `modules test` run: one per package that ran (build and test seconds, test count,
    /// status), and one per test target with test cases (its cases' share of the test seconds, their count; outcome
    /// `failed` when one
    /// of its cases failed, else the package's). Packages that did not run (`unchanged`, `no-matching-tests`)
    /// measured nothing and give no record.
    public func records(test results: [PackageTestResult]) -> [HistoryRecord] {
        var records: [HistoryRecord] = []
        for result in results where result.status != .unchanged && result.status != .noMatchingTests {
            records.append(
                record(
                    module: result.package, source: "test", buildSeconds: Self.rounded(result.buildSeconds),
                    testSeconds: Self.rounded(result.testSeconds), testCount: result.cases.count,
                    outcome: result.status.rawValue))
            let byTarget = Dictionary(grouping: result.cases) {
                String($0.suite.split(separator: ".", maxSplits: 1).first ?? "")
            }
            // NB: Swift Testing runs cases in parallel, so their times add up to more than the wall time: a target
            // gets its cases' share of the package's test seconds.
            let total = result.cases.compactMap(\.seconds).reduce(0, +)
            for (module, cases) in byTarget.sorted(by: { $0.key < $1.key }) where !module.isEmpty {
                let failed = cases.contains { $0.outcome == .failed }
                let own = cases.compactMap(\.seconds).reduce(0, +)
                records.append(
                    record(
                        module: "\(result.package):\(module)", source: "test",
                        testSeconds: Self.rounded(total > 0 ? result.testSeconds * own / total : 0),
                        testCount: cases.count,
                        outcome: failed ? PackageTestStatus.failed.rawValue : result.status.rawValue))
            }
        }
        return records
    }

    /// The records of a `modules build-times` run: one per package with a clean or incremental median measured on
    /// the working tree.
    public func records(buildTimes report: BuildTimesReport) -> [HistoryRecord] {
        report.packages.compactMap { package in
            let clean = package.clean.current?.median
            let incremental = package.incremental.current?.median
            guard clean != nil || incremental != nil else { return nil }
            return record(
                module: package.package, source: "build-times", cleanBuildSeconds: clean.map(Self.rounded),
                incrementalBuildSeconds: incremental.map(Self.rounded),
                outcome: package.errors.isEmpty ? "measured" : "failed")
        }
    }

    private func record(
        module: String, source: String, cleanBuildSeconds: Double? = nil, incrementalBuildSeconds: Double? = nil,
        buildSeconds: Double? = nil, testSeconds: Double? = nil, testCount: Int? = nil, outcome: String
    ) -> HistoryRecord {
        HistoryRecord(
            module: module, source: source, cleanBuildSeconds: cleanBuildSeconds,
            incrementalBuildSeconds: incrementalBuildSeconds, buildSeconds: buildSeconds, testSeconds: testSeconds,
            testCount: testCount, outcome: outcome, commit: commit, branch: branch, toolchain: toolchain,
            machine: machine, recordedAt: recordedAt, run: run)
    }

    static func rounded(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }
}

import Foundation

/// How `modules test` builds and runs each package's tests.
public struct TestRunSettings: Sendable, Equatable {
    /// The `swift` driver (a name on `PATH` or an absolute path).
    public var swiftExecutable: String
    /// Passes `-Xswiftc -warnings-as-errors` to the build.
    public var warningsAsErrors: Bool
    /// `--filter` values passed to `swift test`; with any, a package where nothing matches is not a failure.
    public var filters: [String]
    /// Filters for single packages (by path), used instead of ``filters`` for them: the test targets an affected
    /// or changed-since-green run narrows a package to.
    public var packageFilters: [String: [String]] = [:]
    /// `--skip` values for single packages (by path): the suites another shard of a plan runs.
    public var packageSkips: [String: [String]] = [:]
    /// A build directory shared by every package (`--scratch-path`), or `nil` for each package's own `.build`.
    public var scratchPath: URL?
    /// Where each package's full log (and raw xunit files) go.
    public var logDirectory: URL
    /// Where each package's JUnit XML goes.
    public var junitDirectory: URL
    /// How many log lines to keep for a failed package.
    public var tailLineCount: Int
    /// Sanitizers passed to both steps as `--sanitize=NAME` (`thread`, `address`, `undefined`).
    public var sanitizers: [String]
    /// Builds and tests with `--enable-code-coverage` and reads each package's line coverage of `Sources/`.
    public var coverage: Bool
    /// Manifest package names by package path (the test binary is `<name>PackageTests.xctest`); needed for
    /// coverage only.
    public var packageNames: [String: String]
    /// The toolchain whose `llvm-profdata` and `llvm-cov` read coverage.
    public var toolchain: Toolchain
    /// The longest one package's `swift test` may run (`--timeout`); past it the test process is killed with every
    /// process it started and the package is ``PackageTestStatus/timedOut``. `nil`: no limit. The build is not
    /// bounded.
    public var timeout: Duration?
    /// Passes `--event-stream-output-path` to `swift test`, so the tests that started and did not end can be named
    /// after a kill or a crash (this toolchain's SwiftPM accepts it; see `TestCommand`'s check).
    public var eventStream: Bool = false
    /// How many times a package's failed tests are run again (`--retries`), only the tests still failing each
    /// time; a test that then passes is ``TestCaseResult/Outcome/flaky``.
    public var retries = 0
    /// The `quarantine` entries of modules.json, placed in the repository.
    var quarantine: [QuarantinedTest] = []
    /// The date quarantine entries are checked against (the run's start, from the injected ``WallClock``).
    public var date = Date(timeIntervalSince1970: 0)

    /// Creates settings.
    public init(
        swiftExecutable: String,
        warningsAsErrors: Bool = false,
        filters: [String] = [],
        scratchPath: URL? = nil,
        logDirectory: URL,
        junitDirectory: URL,
        tailLineCount: Int = 40,
        sanitizers: [String] = [],
        coverage: Bool = false,
        packageNames: [String: String] = [:],
        toolchain: Toolchain = Toolchain(binDirectory: nil),
        timeout: Duration? = nil
    ) {
        self.swiftExecutable = swiftExecutable
        self.warningsAsErrors = warningsAsErrors
        self.filters = filters
        self.scratchPath = scratchPath
        self.logDirectory = logDirectory
        self.junitDirectory = junitDirectory
        self.tailLineCount = tailLineCount
        self.sanitizers = sanitizers
        self.coverage = coverage
        self.packageNames = packageNames
        self.toolchain = toolchain
        self.timeout = timeout
    }
}

/// Builds and tests one package: `swift build --build-tests`, then `swift test --skip-build --xunit-output`,
/// both appending to the package's log file, then reads the results and writes the package's JUnit file.
///
/// Tests run without `--parallel`: Swift Testing already runs tests in parallel inside one process, its xunit
/// file is written either way, and XCTest results are read from the log (XCTest writes xunit only with
/// `--parallel`, and then reports its skipped tests as passed).
public struct PackageTestRunner: Sendable {
    let runner: any ProcessRunning
    let stopwatch: Stopwatch
    let settings: TestRunSettings
    let root: URL

    /// Creates a runner.
    /// - Parameters:
    ///   - runner: runs `swift`.
    ///   - stopwatch: measures build and test time.
    ///   - settings: flags and output directories.
    ///   - root: the repository root; packages are given relative to it.
    public init(runner: any ProcessRunning, stopwatch: Stopwatch, settings: TestRunSettings, root: URL) {
        self.runner = runner
        self.stopwatch = stopwatch
        self.settings = settings
        self.root = root
    }

    /// The `--filter` values for the package at `path`: its own, else the run's.
    private func filters(for path: String) -> [String] {
        settings.packageFilters[path] ?? settings.filters
    }

    /// Builds and tests the package at the repository-relative `path`. Never throws: every problem becomes a
    /// status (build failed, crashed) with a note.
    public func run(package path: String) async -> PackageTestResult {
        let slug = Self.slug(for: path)
        let logURL = settings.logDirectory.appendingPathComponent("\(slug).log")
        let xunitURL = settings.logDirectory.appendingPathComponent("\(slug).xunit.xml")
        let swiftTestingURL = settings.logDirectory.appendingPathComponent("\(slug).xunit-swift-testing.xml")
        let eventsURL = settings.logDirectory.appendingPathComponent("\(slug).events.jsonl")
        let manager = FileManager()
        for stale in [logURL, xunitURL, swiftTestingURL, eventsURL] {
            try? manager.removeItem(at: stale)
        }
        var result = PackageTestResult(package: path, status: .failed, log: relative(logURL))

        let packageArguments =
            ["--package-path", RepoPath.url(path, in: root).path]
            + (settings.scratchPath.map { ["--scratch-path", $0.path] } ?? [])
            + settings.sanitizers.map { "--sanitize=\($0)" }
            + (settings.coverage ? ["--enable-code-coverage"] : [])
        let buildArguments =
            ["build", "--build-tests"] + packageArguments
            + (settings.warningsAsErrors ? ["-Xswiftc", "-warnings-as-errors"] : [])
        let buildStart = stopwatch.now()
        let build = await step(buildArguments, log: logURL)
        result.buildSeconds = stopwatch.seconds(since: buildStart)
        guard build.succeeded else {
            result.status = .buildFailed
            result.note = build.note ?? "the package or its tests did not build"
            return finish(result, slug: slug)
        }

        let testArguments =
            ["test", "--skip-build", "--xunit-output", xunitURL.path]
            + (settings.eventStream ? ["--event-stream-output-path", eventsURL.path] : []) + packageArguments
            + filters(for: path).flatMap { ["--filter", $0] }
            + (settings.packageSkips[path] ?? []).flatMap { ["--skip", $0] }
        let buildDirectory =
            settings.scratchPath ?? RepoPath.url(path, in: root).appendingPathComponent(".build", isDirectory: true)
        let coverage = CoverageReader(runner: runner, toolchain: settings.toolchain, root: root)
        let profilesBefore = settings.coverage ? coverage.profiles(in: buildDirectory) : []
        let testStart = stopwatch.now()
        let test = await step(testArguments, log: logURL, timeout: settings.timeout)
        result.testSeconds = stopwatch.seconds(since: testStart)
        if settings.coverage {
            let name = settings.packageNames[path] ?? URL(fileURLWithPath: path).lastPathComponent
            switch await coverage.read(
                package: path, name: name, buildDirectory: buildDirectory, before: profilesBefore,
                work: settings.logDirectory.appendingPathComponent("\(slug).coverage", isDirectory: true))
            {
            case .success(let summary): result.coverage = summary
            case .failure(let failure): result.coverageNote = failure.message
            }
        }
        let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        result = TestOutcomeClassifier(
            filtered: !filters(for: path).isEmpty || settings.packageSkips[path] != nil, timeout: settings.timeout
        ).classify(
            result,
            exit: test,
            swiftTestingXUnit: try? Data(contentsOf: swiftTestingURL),
            events: try? Data(contentsOf: eventsURL),
            log: log
        )
        result = await rerunFailures(of: result, slug: slug, packageArguments: packageArguments)
        result = QuarantinedTest.apply(settings.quarantine, to: result, at: settings.date)
        return finish(result, slug: slug)
    }

    /// One command's end: success, or a note saying why not.
    struct StepOutcome: Equatable {
        var succeeded: Bool
        var exitStatus: Int32
        var note: String?
        /// It ran past the timeout and was killed with its descendants.
        var timedOut = false
    }

    func step(_ arguments: [String], log: URL, timeout: Duration? = nil) async -> StepOutcome {
        let invocation = ProcessInvocation(
            executable: settings.swiftExecutable, arguments: arguments, logFile: log, timeout: timeout)
        FileAppending.append("$ \(invocation.commandLine)\n", to: log)
        do {
            let result = try await runner.run(invocation)
            let how =
                result.timedOut
                ? "ran past the \(Self.seconds(timeout ?? .zero)) timeout and was killed with every process it started"
                : result.terminatedBySignal ? "was killed by signal \(result.status)" : "exited \(result.status)"
            // NB: a killed process's last line is often cut short; the note starts a line of its own.
            FileAppending.append("\(result.timedOut ? "\n" : "")[\(arguments[0]) \(how)]\n", to: log)
            return StepOutcome(
                succeeded: result.succeeded, exitStatus: result.status,
                note: result.succeeded ? nil : "swift \(arguments[0]) \(how)", timedOut: result.timedOut)
        } catch {
            FileAppending.append("[\(error)]\n", to: log)
            return StepOutcome(succeeded: false, exitStatus: -1, note: "\(error)")
        }
    }

    private func finish(_ result: PackageTestResult, slug: String) -> PackageTestResult {
        var result = result
        let junitURL = settings.junitDirectory.appendingPathComponent("\(slug).xml")
        do {
            try FileManager().createDirectory(at: settings.junitDirectory, withIntermediateDirectories: true)
            try Data(JUnitWriter.document(for: result).utf8).write(to: junitURL, options: .atomic)
            result.junit = relative(junitURL)
        } catch {
            result.note = [result.note, "could not write \(junitURL.path): \(error.localizedDescription)"]
                .compactMap { $0 }.joined(separator: "; ")
        }
        if result.status.isFailure {
            // NB: the log's own URL: `result.log` is absolute when `--logs` is outside the repository.
            let logURL = settings.logDirectory.appendingPathComponent("\(slug).log")
            let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            result.logTail = Self.tail(of: text, lines: settings.tailLineCount)
        }
        return result
    }

    /// The last `count` lines of the last step in `log` (from its last `$ ` command line), so a failed test run
    /// shows the tests' output rather than the end of the build.
    static func tail(of log: String, lines count: Int) -> [String] {
        var lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true {
            lines.removeLast()
        }
        if let lastStep = lines.lastIndex(where: { $0.hasPrefix("$ ") }) {
            lines.removeFirst(lastStep)
        }
        return Array(lines.suffix(count))
    }

    private func relative(_ url: URL) -> String {
        RepoPath.relative(url, to: root) ?? url.path
    }

    /// `600 s`, `2.5 s`: a duration as the report and the log print it.
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// A file name for a package path: `Core/Logging` → `Core-Logging`, `.` → `root`.
    public static func slug(for path: String) -> String {
        let normalized = RepoPath.normalize(path)
        return normalized == "." ? "root" : normalized.replacingOccurrences(of: "/", with: "-")
    }
}

import Foundation

/// `modules test`: builds and tests packages, writes JUnit XML and logs, prints a summary.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test",
        summary: "Build and test packages (all when none is given), with a summary, logs and JUnit XML.",
        synopsis: "test [PACKAGE...] [--affected --base REF] [--shard I/N] [--coverage] [--jobs N] [--junit DIR] "
            + "[--plan-shard FILE-OR-JSON] [--logs DIR] [--warnings-as-errors] [--filter PATTERN]... [--scratch-path DIR] [--sanitize NAME]... "
            + "[--durations FILE] [--changed-since-green [--results-dir DIR] [--cache-url URL [--cache-read-only] "
            + "[--cache-timeout SECONDS]]] [--own-build-dirs] [--timeout SECONDS] [--retries N] [--why] [--dry-run] "
            + "[--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec("--jobs", alias: "-j", value: "N", help: "packages built and tested at once (default: 1)"),
            OptionSpec(
                "--junit", value: "DIR",
                help: "where JUnit XML goes, one file per package "
                    + "(default: .build/modules/junit)"),
            OptionSpec(
                "--logs", value: "DIR", help: "where each package's full log goes (default: .build/modules/logs)"),
            OptionSpec("--warnings-as-errors", help: "build with -Xswiftc -warnings-as-errors"),
            OptionSpec("--filter", value: "PATTERN", repeatable: true, help: "passed to swift test --filter"),
            OptionSpec(
                "--scratch-path", value: "DIR",
                help: "the build directory every package shares (default: .build/modules/scratch)"),
            OptionSpec("--own-build-dirs", help: "build each package in its own .build instead of the shared one"),
            OptionSpec(
                "--why", help: "print beside each test target the reason it runs (what changed since it last passed)"),
            OptionSpec("--dry-run", help: "print the packages and test filters that would run, build nothing"),
            OptionSpec(
                "--changed-since-green",
                help: "skip test targets whose content hash passed before (see `modules hash`); record new passes"),
            OptionSpec(
                "--results-dir", value: "DIR",
                help: "where --changed-since-green keeps passing hashes (default: the cache dir's results/)"),
            OptionSpec(
                "--sanitize", value: "NAME", repeatable: true,
                help: "build and run with a sanitizer: thread, address or undefined"),
            OptionSpec(
                "--cache-url", value: "URL",
                help: "with --changed-since-green or --plan-shard: a shared cache (Bazel's HTTP remote-cache "
                    + "protocol; also MODULES_CACHE_URL, cache.url)"),
            OptionSpec("--cache-read-only", help: "read the shared cache, upload nothing (untrusted jobs)"),
            OptionSpec(
                "--cache-timeout", value: "SECONDS",
                help: "the limit for one request to the shared cache (default 10; retried once)"),
            OptionSpec("--affected", help: "only the packages affected since --base (see `modules affected`)"),
            OptionSpec("--base", value: "REF", help: "with --affected: the git revision to compare with"),
            OptionSpec("--shard", value: "I/N", help: "only the I-th of N shards, balanced by recorded durations"),
            OptionSpec(
                "--plan-shard", value: "FILE-OR-JSON",
                help: "run exactly one shard of `modules plan` (its JSON, or a file holding it)"),
            OptionSpec("--coverage", help: "line coverage of each package's Sources/ (the toolchain's llvm-cov)"),
            OptionSpec(
                "--timeout", value: "SECONDS",
                help: "kill a package's test process (and all it started) after this long, name the tests that "
                    + "did not end, go on (default: test.timeout of modules.json; none: no limit)"),
            OptionSpec(
                "--retries", value: "N",
                help: "run failed tests again up to N times; one that then passes is reported flaky (default: 0)"),
            OptionSpec(
                "--durations", value: "FILE",
                help: "where durations are recorded and read (default: .build/modules/durations.json)"),
        ],
        positionals: "PACKAGE",
        details: """
            A PACKAGE is a repository-relative path (Core/Logging, . for the root package), a directory name, or a
            manifest's package name. Each package runs `swift build --build-tests`, then `swift test --skip-build
            --xunit-output`; its log keeps both. Exit status: 1 when any package fails, does not build, crashes
            or runs no test (with --filter, a package where nothing matches is skipped, but some test must run).
            --affected keeps the packages `modules affected --base REF` lists (in a repository of one package: its
            affected test targets, as --filter); --shard I/N then keeps the I-th of N balanced shards. An empty
            selection exits 0. Every run records each package's seconds for --shard and `modules plan`.
            With --affected, a package is narrowed to its affected test targets (--filter per package), and one
            with none is not tested. With --changed-since-green, a package whose test targets all passed before
            with the same content hash is `unchanged` (neither built nor run), the others run only their changed
            test targets, and each test target that passed is recorded (in a failing package, the targets all of
            whose test cases passed; a crash or build failure records nothing). With a shared cache (--cache-url, MODULES_CACHE_URL or cache.url), a test target whose
            action key has a passing result there is skipped too (a remote hit, naming the commit and machine that
            recorded it), and every test target that runs is uploaded; whatever fails on the cache's side, the run
            goes on as without it, with one warning line. Every package builds in one shared directory unless
            --own-build-dirs.
            --plan-shard runs exactly the packages, test targets and suites of one shard of `modules plan` (no
            PACKAGE, --affected, --shard or --filter with it); with a shared cache it also stores what it measured
            for `modules durations merge`. A package with no test target is not tested under --affected.
            With --timeout (or test.timeout in modules.json), a package's `swift test` still running after SECONDS
            is killed with every process it started; the package is `timed-out` and the tests that started and did
            not end (read from Swift Testing's event stream) are its failed tests. The build is not bounded.
            With --retries N, the failed tests of a failed package run again (only those, up to N times); a test that
            then passes is flaky: reported as such, not a failure, never a plain pass, and never recorded green. With
            a shared cache, a test that passes where a run with the same action key failed is flaky too. A test named
            by `quarantine` in modules.json fails as a warning until its entry expires, then as an error again.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let environment = context.environment
        var jobs = 1
        if let text = arguments.value("--jobs") {
            guard let value = Int(text), value >= 1 else {
                throw UsageError(message: "--jobs needs a whole number of at least 1, not '\(text)'")
            }
            jobs = value
        }
        let root = context.root
        let configuration = context.configuration ?? ModulesConfiguration()
        let paths: [String]
        do {
            paths = try PackageDiscovery().packagePaths(in: root, isExcluded: configuration.isExcluded)
        } catch {
            throw CommandFailure(message: "cannot read \(root.path): \(error)", status: ExitStatus.noInput)
        }
        var packages = try await PackageSelection.select(arguments.positionals, from: paths, context: context)
        let filters = arguments.all("--filter")
        var packageFilters: [String: [String]] = [:]
        var scan: RepositoryScan?
        if arguments.has("--changed-since-green"), !filters.isEmpty {
            throw UsageError(message: "--changed-since-green records whole test targets; it does not take --filter")
        }
        if arguments.has("--results-dir"), !arguments.has("--changed-since-green") {
            throw UsageError(message: "--results-dir is for --changed-since-green")
        }
        if arguments.has("--own-build-dirs"), arguments.has("--scratch-path") {
            throw UsageError(message: "--own-build-dirs and --scratch-path contradict each other")
        }
        if let option = ["--cache-url", "--cache-read-only", "--cache-timeout"].first(where: arguments.has),
            !arguments.has("--changed-since-green"), !arguments.has("--plan-shard")
        {
            throw UsageError(message: "\(option) is for --changed-since-green or --plan-shard")
        }
        let anyCacheOptions =
            arguments.has("--changed-since-green") || arguments.has("--plan-shard")
            ? try SharedTestCache.Options.parse(context, arguments) : nil
        let cacheOptions = arguments.has("--changed-since-green") ? anyCacheOptions : nil
        var manifestStatus = ExitStatus.success
        let planShard = try PlanShardSelection.parse(arguments, paths: paths, environment: environment)
        if let planShard {
            packages = planShard.packages
            packageFilters = planShard.filters
        }
        if arguments.has("--affected") {
            let (report, fullScan) = try await AffectedCommand.analyze(
                context, base: try AffectedCommand.requireBase(arguments))
            scan = fullScan
            manifestStatus = context.warnAboutManifestFailures(fullScan)
            packages = packages.filter(Set(report.packagePaths).contains)
            environment.errorOutput.writeLine(
                "affected since \(report.base): \(report.packages.count) of \(report.packageCount) packages"
                    + (report.everything ? " (everything)" : ""))
            if !report.everything, filters.isEmpty {
                var kept: [String] = []
                for package in packages {
                    let all = testTargets(of: package, in: fullScan)
                    let affected = Set(report.targets.filter { $0.package == package }.map(\.target))
                    let tests = all.filter(affected.contains)
                    if all.isEmpty {
                        environment.errorOutput.writeLine("not tested: \(package) (no test target)")
                        continue
                    }
                    if tests.isEmpty {
                        environment.errorOutput.writeLine("not tested: \(package) (no affected test target)")
                        continue
                    }
                    kept.append(package)
                    if tests.count < all.count || fullScan.isSinglePackage {
                        packageFilters[package] = targetFilters(tests)
                        environment.errorOutput.writeLine(
                            "affected test targets of \(package): \(tests.joined(separator: ", "))")
                    }
                }
                packages = kept
            }
        } else if arguments.has("--base") {
            throw UsageError(message: "--base is for --affected")
        }
        let durationsURL =
            arguments.value("--durations").map {
                URL(fileURLWithPath: $0, relativeTo: environment.currentDirectory).standardizedFileURL
            } ?? root.appendingPathComponent(DurationStore.defaultPath)
        var durations = DurationStore.load(from: durationsURL)
        if let shard = arguments.value("--shard") {
            let (index, count) = try ShardPlanner.parse(shard)
            let history = HistoryRecording.store(context).all().values.flatMap { $0 }
            let estimates = HistoryDurations.overlay(durations, records: history).estimates(for: packages)
            packages = ShardPlanner.shards(packages, count: count, seconds: estimates)[index - 1]
            let seconds = packages.reduce(0) { $0 + (estimates[$1] ?? 0) }
            environment.errorOutput.writeLine(
                "shard \(index)/\(count): \(packages.isEmpty ? "no package" : packages.joined(separator: " ")) "
                    + "(about \(Int(seconds.rounded())) s by the recorded durations)")
        }
        var unchanged: [PackageTestResult] = []
        var toRecord: [String: [ModuleHash]] = [:]
        var green = GreenResults()
        var shared: SharedTestCache?
        let resultsURL =
            (arguments.value("--results-dir").map {
                URL(fileURLWithPath: $0, relativeTo: environment.currentDirectory).standardizedFileURL
            }
            ?? (context.cacheDirectory ?? root.appendingPathComponent(".build/modules/cache", isDirectory: true))
            .appendingPathComponent("results", isDirectory: true)).appendingPathComponent(GreenResults.fileName)
        if arguments.has("--changed-since-green") {
            let loaded: RepositoryScan
            if let scan {
                loaded = scan
            } else {
                loaded = try await context.scan()
            }
            scan = loaded
            let hashes = try await HashCommand.compute(context, scan: loaded)
            green = GreenResults.load(from: resultsURL)
            if let cacheOptions {
                shared = await SharedTestCache.open(context, cacheOptions, arguments, scan: loaded)
            }
            var plans: [(package: String, tests: [ModuleHash], changed: [ModuleHash])] = []
            for package in packages {
                if planShard?.partial[package] != nil {
                    plans.append((package, [], []))  // NB: a target run suite by suite is never green as a whole.
                    continue
                }
                var names = testTargets(of: package, in: loaded)
                if let narrowed = packageFilters[package] {
                    let allowed = Set(names.filter { narrowed.contains(targetFilters([$0])[0]) })
                    names = names.filter(allowed.contains)
                }
                let tests = names.compactMap { hashes[TargetRef(package: package, target: $0).description] }
                plans.append((package, tests, tests.filter { !green.isGreen($0) }))
            }
            let remote = await shared?.lookup(plans.flatMap { $0.changed.map(\.id) }) ?? [:]
            if let warning = await shared?.warning() {
                environment.errorOutput.writeLine(warning)
            }
            var kept: [String] = []
            for (package, tests, locallyChanged) in plans {
                let changed = locallyChanged.filter { remote[$0.id] == nil }
                if !tests.isEmpty, changed.isEmpty {
                    unchanged.append(SharedTestCache.unchangedResult(package, tests: tests, remote: remote))
                    continue
                }
                kept.append(package)
                toRecord[package] = changed
                if !tests.isEmpty, changed.count < tests.count {
                    packageFilters[package] = targetFilters(changed.map(\.target))
                }
            }
            let skippedTargets = unchanged.count
            environment.errorOutput.writeLine(
                "changed since green: \(kept.count) of \(packages.count) packages to test"
                    + (skippedTargets > 0
                        ? "; unchanged since they passed: \(unchanged.map(\.package).joined(separator: " "))" : ""))
            packages = kept
        }
        guard
            !packages.isEmpty
                || !(arguments.has("--affected") || arguments.has("--shard") || arguments.has("--changed-since-green")
                    || planShard != nil)
        else {
            let report = TestRunReport(repository: root.path, packages: unchanged)
            if unchanged.isEmpty {
                environment.errorOutput.writeLine("No package to test.")
            }
            switch context.format {
            case .json: try context.writeJSON(report)
            default:
                if !unchanged.isEmpty {
                    environment.output.write(TestReportRenderer.text(report))
                }
            }
            return manifestStatus
        }
        var why: TestWhy?
        if arguments.has("--why") || arguments.has("--changed-since-green") {
            let loaded = try await TestWhy.scan(scan, context)
            scan = loaded
            why = await TestWhy.make(
                context, arguments, scan: loaded, keys: shared?.keys, warn: arguments.has("--why"))
            if arguments.has("--why") {
                for line in why?.lines(packages: packages, filters: packageFilters, scan: loaded) ?? [] {
                    environment.errorOutput.writeLine(line)
                }
            }
        }
        if arguments.has("--dry-run") {
            let selection = TestSelection(
                repository: root.path,
                packages: packages.map { .init(package: $0, filters: packageFilters[$0] ?? filters) },
                unchanged: unchanged.map(\.package))
            switch context.format {
            case .json: try context.writeJSON(selection)
            default: environment.output.write(selection.text)
            }
            return ExitStatus.success
        }
        var packageNames: [String: String] = [:]
        if arguments.has("--coverage") {
            var loaded = scan
            if loaded == nil {
                loaded = try await context.scan()
            }
            packageNames = Dictionary((loaded?.packages ?? []).map { ($0.path, $0.manifest.name) }) { first, _ in first
            }
        }
        func directory(_ option: String, default path: String) -> URL {
            arguments.value(option).map {
                URL(fileURLWithPath: $0, relativeTo: environment.currentDirectory).standardizedFileURL
            } ?? root.appendingPathComponent(path, isDirectory: true)
        }
        let timeout = try timeout(arguments, configuration: configuration)
        let sanitizers = arguments.all("--sanitize")
        for name in sanitizers where !["thread", "address", "undefined"].contains(name) {
            throw UsageError(message: "--sanitize takes thread, address or undefined, not '\(name)'")
        }
        var settings = TestRunSettings(
            swiftExecutable: environment.swiftExecutable,
            warningsAsErrors: arguments.has("--warnings-as-errors"),
            filters: filters,
            scratchPath: arguments.has("--own-build-dirs")
                ? nil
                : arguments.value("--scratch-path").map {
                    URL(fileURLWithPath: $0, relativeTo: environment.currentDirectory).standardizedFileURL
                } ?? root.appendingPathComponent(".build/modules/scratch", isDirectory: true),
            logDirectory: directory("--logs", default: ".build/modules/logs"),
            junitDirectory: directory("--junit", default: ".build/modules/junit"),
            sanitizers: sanitizers,
            coverage: arguments.has("--coverage"),
            packageNames: packageNames,
            toolchain: environment.toolchain,
            timeout: timeout
        )
        settings.packageFilters = packageFilters
        try settings.applyRetriesAndQuarantine(arguments, configuration: configuration, packages: paths, environment)
        settings.packageSkips = planShard?.skips ?? [:]
        if timeout != nil {
            settings.eventStream = await supportsEventStream(environment, in: root)
        }
        let style = ProgressStyle(environment)
        let session = TestSession(
            runner: PackageTestRunner(
                runner: environment.runner,
                stopwatch: environment.stopwatch,
                settings: settings,
                root: root
            ),
            jobs: jobs,
            progress: TestProgress(
                sink: environment.errorOutput,
                style: style,
                total: packages.count,
                stopwatch: environment.stopwatch
            ),
            isLive: style != .plain
        )
        let ranIDs = toRecord.mapValues { $0.map(\.id) }
        // NB: the shared cache's run history is read while the tests run; it marks tests flaky afterwards.
        let history = shared.map { cache in Task { await cache.histories(ranIDs.values.flatMap { $0 }) } }
        let finished = await session.run(packages)
        let histories = await history?.value ?? [:]
        let results = FlakyHistory.mark(finished, ran: ranIDs, histories: histories, root: root)
        var report = TestRunReport(repository: root.path, packages: results + unchanged)
        // NB: uploads start now and run while the report is written; only the closing line waits for them.
        let uploads = shared.map { cache in
            Task {
                await cache.upload(
                    results, ran: ranIDs, root: root, at: environment.wallClock.now(), histories: histories)
            }
        }
        if arguments.has("--changed-since-green") {
            for result in results {
                let ran = toRecord[result.package] ?? []
                let passing = PassingTargets.names(in: result, among: ran.map(\.target))
                green.record(ran.filter { passing.contains($0.target) }, at: environment.wallClock.now())
            }
            do {
                try green.save(to: resultsURL)
            } catch {
                environment.errorOutput.writeLine(
                    "warning: cannot record the passing test targets in \(resultsURL.path): \(error)")
            }
        }
        if let why, let scan, filters.isEmpty {
            await why.record(results, ran: why.ranTargets(packages, filters: packageFilters, scan: scan), context)
        }
        let measured = durations.record(report.packages, root: root, partial: planShard?.partial ?? [:])
        do {
            try durations.save(to: durationsURL)
        } catch {
            environment.errorOutput.writeLine("warning: cannot record durations in \(durationsURL.path): \(error)")
        }
        if let planShard, let anyCacheOptions {
            await SharedDurations.store(measured, of: planShard.shard, options: anyCacheOptions, to: environment)
        }
        // NB: a shared cache that failed during the run already had its one warning line: it is not asked again.
        let cacheAvailable = await shared?.health.isAvailable ?? true
        await HistoryRecording.record(
            await HistoryRecording.run(context).records(test: results), context,
            options: cacheAvailable ? anyCacheOptions ?? (try? SharedTestCache.Options.parse(context, arguments)) : nil)
        switch context.format {
        case .json:
            try context.writeJSON(report)
            report.uploadNote = await uploads?.value
            environment.errorOutput.writeLine(report.closingLine)
        default:
            environment.output.write(TestReportRenderer.body(report))
            report.uploadNote = await uploads?.value
            environment.output.write(report.closingLine + "\n")
        }
        return max(report.exitCode, manifestStatus)
    }

    /// `--timeout SECONDS` (`none`: no limit), else `test.timeout` of `modules.json`, else no limit.
    /// The largest `--timeout` and `test.timeout`: a week, in seconds.
    static let maximumTimeoutSeconds: Double = 7 * 24 * 3600

    static func timeout(_ arguments: ParsedArguments, configuration: ModulesConfiguration) throws -> Duration? {
        guard let text = arguments.value("--timeout") else {
            return configuration.testTimeoutSeconds.map { .milliseconds(Int64(($0 * 1000).rounded())) }
        }
        if text == "none" { return nil }
        // At most a week: the limit is held in milliseconds as an Int64, and no test run is meant to last longer.
        guard let seconds = Double(text), seconds > 0, seconds <= maximumTimeoutSeconds else {
            throw UsageError(
                message: "--timeout needs a number of seconds above 0 and at most \(Int(maximumTimeoutSeconds)) "
                    + "(or none), not '\(text)'")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// Whether this toolchain's `swift test` takes `--event-stream-output-path` (a hidden option of SwiftPM 6),
    /// asked once per run with `swift test --help-hidden`; anything else than a listing that names it is a no.
    static func supportsEventStream(_ environment: CommandEnvironment, in root: URL) async -> Bool {
        let invocation = ProcessInvocation(
            executable: environment.swiftExecutable, arguments: ["test", "--help-hidden"], workingDirectory: root,
            timeout: .seconds(60))
        guard let result = try? await environment.runner.run(invocation), result.succeeded else { return false }
        return result.standardOutputText.contains("--event-stream-output-path")
    }

    /// The names of the test targets of the package at `path`, in manifest order.
    static func testTargets(of path: String, in scan: RepositoryScan) -> [String] {
        scan.packages.first { $0.path == path }?.manifest.targets.filter(\.isTest).map(\.name) ?? []
    }

    /// `swift test --filter` values selecting whole test targets (`^LoggingTests\.`).
    static func targetFilters(_ targets: [String]) -> [String] {
        targets.map { "^" + NSRegularExpression.escapedPattern(for: $0) + "\\." }
    }
}

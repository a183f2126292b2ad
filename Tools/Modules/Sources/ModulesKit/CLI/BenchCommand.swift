import Foundation

/// The result of `modules bench` (schema version 1): wall-clock seconds of `modules` commands against one
/// `swift package dump-package` of the same repository's reference manifest, measured in the same run.
struct BenchReport: Sendable, Equatable, Encodable {
    /// One measured command.
    struct Row: Sendable, Equatable, Encodable {
        /// The command as run (`list`, `lint --no-imports`), without the repository and cache options.
        var command: String
        /// `cold` (empty manifest cache) or `warm` (every manifest recorded).
        var cache: String
        /// Its seconds over the runs.
        var time: BuildTimesReport.Measure
        /// The median of the per-round ratios against the reference measured in the same round.
        var ratio: Double
        /// Whether `ratio` is within `limit`; a cold run has no limit.
        var withinLimit: Bool?
        /// The exit status of the last run (a command that failed measures nothing useful).
        var status: Int32
    }

    var schemaVersion = 1
    var repository: String
    /// The package whose manifest is the reference (`.` for the root package).
    var referencePackage: String
    var runs: Int
    /// The reference: `swift package --ignore-lock dump-package` in `referencePackage`.
    var reference: BuildTimesReport.Measure
    /// The ratio a warm command must stay within.
    var limit: Double
    var rows: [Row]
}

/// `modules bench`: how fast `modules` answers from its manifest cache, as ratios against one
/// `swift package dump-package` of the root manifest measured in the same run (rounds interleave the reference
/// and every command, so a machine's load changes both sides of a ratio alike).
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "Time list, graph, affected and lint --no-imports, cold and warm, against one dump-package.",
        synopsis: "bench [--synthetic N] [--runs N] [--limit RATIO] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec(
                "--synthetic", value: "N",
                help: "time graph, affected, lint and hash on a synthetic repository of N packages, written once "
                    + "under .build/modules/bench/ and kept"),
            OptionSpec("--runs", value: "N", help: "rounds of measurement (default: 5; 3 with --synthetic)"),
            OptionSpec(
                "--limit", value: "RATIO",
                help: "the ratio a warm command must stay within; above it the exit status is 1 (default: 0.5)"),
        ],
        positionals: nil,
        details: """
            Each round runs `swift package --ignore-lock dump-package` in the root package (else the first package),
            then `modules list` with an empty manifest cache (cold), then list, graph, affected --base HEAD and
            lint --no-imports with every manifest recorded (warm). The cache is a temporary directory, so the
            repository's own cache is neither used nor changed. The ratio of a command is the median of its
            per-round ratios against that round's dump-package.
            With --synthetic N: writes (once; kept while its format holds) a repository of N local packages in six
            layers under .build/modules/bench/synthetic-N, reads its N manifests through dump-package with an empty
            manifest cache (cold, progress on standard error), runs lint with its imports once with an empty import
            cache, then times graph, affected --base HEAD~1, lint --no-imports, lint and hash warm, each round
            against one dump-package of a core package. The goal of 2 s per warm command is printed, not enforced.
            Exit status: 0, or 1 when a warm command's ratio is above --limit or a command failed.
            """
    )

    static let warmCommands: [[String]] = [
        ["list"], ["graph"], ["affected", "--base", "HEAD"], ["lint", "--no-imports"],
    ]

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        if let synthetic = arguments.value("--synthetic") {
            guard arguments.value("--limit") == nil else {
                throw UsageError(message: "--limit does not apply to --synthetic (its goal is printed, not enforced)")
            }
            let count = try BuildTimesCommand.positiveNumber(synthetic, option: "--synthetic")
            let runs = try BuildTimesCommand.positiveNumber(arguments.value("--runs") ?? "3", option: "--runs")
            return try await SyntheticBench.run(context, count: count, runs: runs)
        }
        let runs = try BuildTimesCommand.positiveNumber(arguments.value("--runs") ?? "5", option: "--runs")
        var limit = 0.5
        if let value = arguments.value("--limit") {
            guard let parsed = Double(value), parsed > 0 else {
                throw UsageError(message: "--limit needs a positive number, not '\(value)'")
            }
            limit = parsed
        }
        guard let executable = context.environment.executablePath else {
            throw CommandFailure(
                message: "cannot find the modules executable to time", status: ExitStatus.software)
        }
        let environment = context.environment
        let paths = try PackageDiscovery().packagePaths(in: context.root) {
            (context.configuration ?? ModulesConfiguration()).isExcluded($0)
        }
        guard let referencePackage = paths.first else {
            throw CommandFailure(
                message: "no Package.swift in \(context.root.path): nothing to measure", status: ExitStatus.noInput)
        }
        let scratch = FileManager().temporaryDirectory.appendingPathComponent(
            "modules-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager().removeItem(at: scratch) }
        let coldCache = scratch.appendingPathComponent("cold", isDirectory: true)
        let warmCache = scratch.appendingPathComponent("warm", isDirectory: true)

        let commands: [(arguments: [String], cache: URL, cold: Bool)] =
            [(["list"], coldCache, true)] + warmCommands.map { ($0, warmCache, false) }
        let progress = StepProgress(
            sink: environment.errorOutput, style: ProgressStyle(environment),
            total: 1 + runs * (1 + commands.count), stopwatch: environment.stopwatch)

        // Fill the warm cache once; its own time is not a sample.
        await progress.step("recording every manifest in the warm cache")
        let fill = try await timed(
            executable, ["list"] + options(context.root, warmCache), context)
        guard fill.status == 0 else {
            await progress.end()
            throw CommandFailure(
                message: "modules list failed (status \(fill.status)); fix the repository first:\n\(fill.errorText)",
                status: ExitStatus.failure)
        }

        var reference: [Double] = []
        var samples = Array(repeating: [Double](), count: commands.count)
        var ratios = Array(repeating: [Double](), count: commands.count)
        var statuses = Array(repeating: Int32(0), count: commands.count)
        let dump = ProcessInvocation(
            executable: environment.swiftExecutable, arguments: ["package", "--ignore-lock", "dump-package"],
            workingDirectory: RepoPath.url(referencePackage, in: context.root))
        for round in 1...runs {
            await progress.step("round \(round)/\(runs): swift package dump-package (\(referencePackage))")
            let start = environment.stopwatch.now()
            let result = try await runChecked(dump, environment)
            let seconds = environment.stopwatch.seconds(since: start)
            guard result.succeeded else {
                await progress.end()
                throw CommandFailure(
                    message: "dump-package failed in \(referencePackage): \(result.standardErrorText)",
                    status: ExitStatus.failure)
            }
            reference.append(seconds)
            for (index, command) in commands.enumerated() {
                let label = command.arguments.joined(separator: " ") + (command.cold ? " (cold)" : "")
                await progress.step("round \(round)/\(runs): modules \(label)")
                if command.cold {
                    try? FileManager().removeItem(at: coldCache)
                }
                let run = try await timed(
                    executable, command.arguments + options(context.root, command.cache), context)
                samples[index].append(run.seconds)
                ratios[index].append(seconds > 0 ? run.seconds / seconds : 0)
                statuses[index] = run.status
            }
        }
        await progress.end()

        let rows = commands.enumerated().map { index, command in
            let ratio = BuildTimesReport.Measure(samples: ratios[index]).median
            return BenchReport.Row(
                command: command.arguments.joined(separator: " "), cache: command.cold ? "cold" : "warm",
                time: BuildTimesReport.Measure(samples: samples[index]), ratio: ratio,
                withinLimit: command.cold ? nil : ratio <= limit, status: statuses[index])
        }
        let report = BenchReport(
            repository: context.root.path, referencePackage: referencePackage, runs: runs,
            reference: BuildTimesReport.Measure(samples: reference), limit: limit, rows: rows)
        switch context.format {
        case .json: try context.writeJSON(report)
        default: environment.output.write(text(report))
        }
        let failed = rows.contains { $0.withinLimit == false || $0.status != 0 }
        return failed ? ExitStatus.failure : ExitStatus.success
    }

    static func text(_ report: BenchReport) -> String {
        let seconds = { (value: Double) in String(format: "%.3f s", value) }
        var lines = [
            "Reference: swift package dump-package in \(report.referencePackage): median \(seconds(report.reference.median)) "
                + "over \(report.runs) run\(report.runs == 1 ? "" : "s")",
            "",
        ]
        let width = max(report.rows.map { $0.command.count }.max() ?? 0, "command".count) + 2
        let pad = { (text: String, count: Int) in text.padding(toLength: count, withPad: " ", startingAt: 0) }
        lines.append(pad("command", width) + "cache  median     ratio  limit")
        for row in report.rows {
            let verdict: String
            switch row.withinLimit {
            case .some(true): verdict = String(format: "≤ %.2f×", report.limit)
            case .some(false): verdict = String(format: "OVER %.2f×", report.limit)
            case .none: verdict = "-"
            }
            let status = row.status == 0 ? "" : "  (exit status \(row.status))"
            lines.append(
                pad(row.command, width) + pad(row.cache, 7) + pad(seconds(row.time.median), 11)
                    + pad(String(format: "%.2f×", row.ratio), 7) + verdict + status)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func options(_ root: URL, _ cache: URL) -> [String] {
        ["--repo", root.path, "--cache-dir", cache.path]
    }

    struct TimedRun {
        var seconds: Double
        var status: Int32
        var errorText: String
    }

    static func timed(_ executable: String, _ arguments: [String], _ context: CommandContext) async throws
        -> TimedRun
    {
        let invocation = ProcessInvocation(executable: executable, arguments: arguments, workingDirectory: context.root)
        let start = context.environment.stopwatch.now()
        let result = try await runChecked(invocation, context.environment)
        let seconds = context.environment.stopwatch.seconds(since: start)
        // Findings are a valid answer of lint (status 1 is not a failed measurement).
        let status: Int32 = arguments.first == "lint" && result.status == 1 ? 0 : result.status
        return TimedRun(seconds: seconds, status: status, errorText: result.standardErrorText)
    }

    static func runChecked(_ invocation: ProcessInvocation, _ environment: CommandEnvironment) async throws
        -> ProcessResult
    {
        do {
            return try await environment.runner.run(invocation)
        } catch let error as ProcessLaunchError {
            throw CommandFailure(
                message: "cannot run \(invocation.executable): \(error.reason)", status: ExitStatus.software)
        }
    }
}

import Foundation

/// The result of `modules bench --synthetic N` (schema version 1). The top-level `graph`, `affected`, `lint`
/// (`lint --no-imports`), `lintImports` (`lint` with its import checks) and `hash` are the warm medians in seconds.
struct SyntheticBenchReport: Sendable, Equatable, Encodable {
    /// One warm command.
    struct Row: Sendable, Equatable, Encodable {
        /// The key in the report (`graph`, `lintImports`).
        var key: String
        /// The command as run, without the repository option.
        var command: String
        /// Its seconds over the rounds.
        var time: BuildTimesReport.Measure
        /// The median of the per-round ratios against that round's dump-package.
        var ratio: Double
        /// Whether the median is within ``SyntheticBenchReport/goal``.
        var withinGoal: Bool
        /// The exit status of the last run (lint's findings, status 1, count as an answer).
        var status: Int32
    }

    var schemaVersion = 1
    /// The synthetic repository's directory.
    var repository: String
    var packages: Int
    var targets: Int
    /// Whether the repository was written by this run (else it was kept from an earlier one).
    var written: Bool
    var runs: Int
    /// The reference: `swift package --ignore-lock dump-package` of one package, per round.
    var reference: BuildTimesReport.Measure
    /// The package the reference reads.
    var referencePackage: String
    /// Seconds to read every manifest with an empty manifest cache (N `dump-package` runs, several at once).
    var coldManifests: Double
    /// Seconds of the first `lint` with its imports after the import-scan cache was emptied.
    var coldLintImports: Double
    /// The goal of a warm command, in seconds (printed, not a failure).
    var goal: Double
    /// The one-minute load average before and after the run (`/proc/loadavg`), where the system says it.
    var loadAverage: [Double]
    var graph: Double
    var affected: Double
    var lint: Double
    var lintImports: Double
    var hash: Double
    var rows: [Row]
}

/// `modules bench --synthetic N`: writes (once, and keeps) a synthetic repository of N packages under
/// `.build/modules/bench/synthetic-N` of the repository, reads its manifests cold, then times the warm commands.
enum SyntheticBench {
    /// The warm commands, by report key.
    static let commands: [(key: String, arguments: [String])] = [
        ("graph", ["graph"]), ("affected", ["affected", "--base", "HEAD~1"]), ("lint", ["lint", "--no-imports"]),
        ("lintImports", ["lint"]), ("hash", ["hash"]),
    ]

    /// The goal of each warm command at N = 500 on the machine the README names, in seconds.
    static let goal = 2.0

    static func run(_ context: CommandContext, count: Int, runs: Int) async throws -> Int32 {
        guard (SyntheticRepository.minimumCount...SyntheticRepository.maximumCount).contains(count) else {
            throw UsageError(
                message: "--synthetic needs a number of packages from \(SyntheticRepository.minimumCount) to "
                    + "\(SyntheticRepository.maximumCount), not \(count)")
        }
        guard let executable = context.environment.executablePath else {
            throw CommandFailure(
                message: "cannot find the modules executable to time", status: ExitStatus.software)
        }
        let environment = context.environment
        let loadBefore = LoadAverage.read()
        let repository = SyntheticRepository(count: count)
        let directory = context.root.appendingPathComponent(
            ".build/modules/bench/synthetic-\(count)", isDirectory: true)
        let written = !repository.isWritten(at: directory)
        if written {
            environment.errorOutput.writeLine(
                "modules: writing a synthetic repository of \(count) packages to \(directory.path)")
            try await repository.write(to: directory, runner: environment.runner)
        } else {
            environment.errorOutput.writeLine("modules: using the synthetic repository kept at \(directory.path)")
        }
        let cache = directory.appendingPathComponent(".build/modules/cache", isDirectory: true)
        let referencePackage = repository.packages.last { $0.layer == 4 }?.path ?? "."
        let dump = ProcessInvocation(
            executable: environment.swiftExecutable, arguments: ["package", "--ignore-lock", "dump-package"],
            workingDirectory: RepoPath.url(referencePackage, in: directory))

        // Cold: every manifest through dump-package, the manifest cache emptied first.
        try? FileManager().removeItem(at: cache.appendingPathComponent("manifests"))
        let coldManifests = try await readManifests(repository, in: directory, cache: cache, context)
        environment.errorOutput.writeLine(
            String(format: "modules: read %d manifests cold in %.1f s", repository.packages.count, coldManifests))
        try? FileManager().removeItem(at: cache.appendingPathComponent(ImportScanCache.folder))
        environment.errorOutput.writeLine("modules: lint with imports, cold (every target's imports read)")
        let cold = try await BenchCommand.timed(executable, ["lint", "--repo", directory.path], context)
        guard cold.status == 0 else {
            throw CommandFailure(
                message: "modules lint failed on the synthetic repository (status \(cold.status)):\n\(cold.errorText)",
                status: ExitStatus.failure)
        }

        let progress = StepProgress(
            sink: environment.errorOutput, style: ProgressStyle(environment),
            total: runs * (1 + commands.count), stopwatch: environment.stopwatch)
        var reference: [Double] = []
        var samples = Array(repeating: [Double](), count: commands.count)
        var ratios = Array(repeating: [Double](), count: commands.count)
        var statuses = Array(repeating: Int32(0), count: commands.count)
        for round in 1...runs {
            await progress.step("round \(round)/\(runs): swift package dump-package (\(referencePackage))")
            let start = environment.stopwatch.now()
            let result = try await BenchCommand.runChecked(dump, environment)
            let seconds = environment.stopwatch.seconds(since: start)
            guard result.succeeded else {
                await progress.end()
                throw CommandFailure(
                    message: "dump-package failed in \(referencePackage): \(result.standardErrorText)",
                    status: ExitStatus.failure)
            }
            reference.append(seconds)
            for (index, command) in commands.enumerated() {
                await progress.step("round \(round)/\(runs): modules \(command.arguments.joined(separator: " "))")
                let run = try await BenchCommand.timed(
                    executable, command.arguments + ["--repo", directory.path], context)
                samples[index].append(run.seconds)
                ratios[index].append(seconds > 0 ? run.seconds / seconds : 0)
                statuses[index] = run.status
            }
        }
        await progress.end()

        let rows = commands.enumerated().map { index, command in
            let time = BuildTimesReport.Measure(samples: samples[index])
            return SyntheticBenchReport.Row(
                key: command.key, command: command.arguments.joined(separator: " "), time: time,
                ratio: BuildTimesReport.Measure(samples: ratios[index]).median, withinGoal: time.median <= goal,
                status: statuses[index])
        }
        let median = { (key: String) in rows.first { $0.key == key }?.time.median ?? 0 }
        let report = SyntheticBenchReport(
            repository: directory.path, packages: repository.packages.count, targets: repository.targetCount,
            written: written, runs: runs, reference: BuildTimesReport.Measure(samples: reference),
            referencePackage: referencePackage, coldManifests: coldManifests, coldLintImports: cold.seconds, goal: goal,
            loadAverage: [loadBefore, LoadAverage.read()].compactMap { $0 }, graph: median("graph"),
            affected: median("affected"), lint: median("lint"), lintImports: median("lintImports"),
            hash: median("hash"), rows: rows)
        switch context.format {
        case .json: try context.writeJSON(report)
        default: environment.output.write(text(report))
        }
        return rows.contains { $0.status != 0 } ? ExitStatus.failure : ExitStatus.success
    }

    static func text(_ report: SyntheticBenchReport) -> String {
        let seconds = { (value: Double) in String(format: "%.3f s", value) }
        let load = report.loadAverage.map { String(format: "%.1f", $0) }.joined(separator: " → ")
        var lines = [
            "Synthetic repository: \(report.packages) packages, \(report.targets) targets"
                + " (\(report.written ? "written by this run" : "kept from an earlier run")): \(report.repository)",
            "Cold: \(report.packages) manifests read in \(String(format: "%.1f s", report.coldManifests)); "
                + "lint with imports, import cache empty: \(String(format: "%.1f s", report.coldLintImports))",
            "Reference: swift package dump-package in \(report.referencePackage): median "
                + "\(seconds(report.reference.median)) over \(report.runs) run\(report.runs == 1 ? "" : "s")"
                + (load.isEmpty ? "" : "; load average \(load)"),
            "",
        ]
        let width = max(report.rows.map { $0.command.count }.max() ?? 0, "command (warm)".count) + 2
        let pad = { (text: String, count: Int) in text.padding(toLength: count, withPad: " ", startingAt: 0) }
        lines.append(pad("command (warm)", width) + "median     ratio     goal")
        for row in report.rows {
            let verdict = String(format: row.withinGoal ? "≤ %.0f s" : "OVER %.0f s", report.goal)
            let status = row.status == 0 ? "" : "  (exit status \(row.status))"
            lines.append(
                pad(row.command, width) + pad(seconds(row.time.median), 11)
                    + pad(String(format: "%.2f×", row.ratio), 10) + verdict + status)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads every manifest of the repository through `dump-package` (the cache empty), as many at once as there
    /// are processors, with progress; returns the seconds.
    private static func readManifests(
        _ repository: SyntheticRepository, in directory: URL, cache: URL, _ context: CommandContext
    ) async throws -> Double {
        let environment = context.environment
        let loader = ManifestLoader(
            runner: environment.runner, swiftExecutable: environment.swiftExecutable,
            cache: ManifestCache(
                directory: cache.appendingPathComponent("manifests", isDirectory: true),
                toolchainFingerprint: environment.toolchain.fingerprint()))
        let counter = ManifestProgress(
            sink: environment.errorOutput, style: ProgressStyle(environment), total: repository.packages.count)
        let start = environment.stopwatch.now()
        let failures = await concurrentMap(repository.packages, limit: max(2, environment.processorCount)) { package in
            let outcome = await loader.loadWithCache(packageIn: RepoPath.url(package.path, in: directory))
            await counter.advance(package.path)
            if case .failure(let error) = outcome.result { return "\(package.path): \(error.message)" }
            return nil
        }.compactMap { $0 }
        await counter.end()
        guard failures.isEmpty else {
            throw CommandFailure(
                message: "\(failures.count) synthetic manifest\(failures.count == 1 ? "" : "s") did not load: "
                    + failures[0], status: ExitStatus.failure)
        }
        return environment.stopwatch.seconds(since: start)
    }
}

/// Progress of the cold manifest read: on a terminal one line redrawn per manifest, elsewhere a line at every
/// tenth of the way.
private actor ManifestProgress {
    private let sink: any TextSink
    private let style: ProgressStyle
    private let total: Int
    private var done = 0

    init(sink: any TextSink, style: ProgressStyle, total: Int) {
        self.sink = sink
        self.style = style
        self.total = total
    }

    func advance(_ path: String) {
        done += 1
        switch style {
        case .live(let columns):
            sink.write(ProgressStyle.redrawn("[\(done)/\(total)] dump-package \(path)", columns: columns))
        case .plain:
            let step = max(1, total / 10)
            if done % step == 0 || done == total {
                sink.writeLine("[\(done)/\(total)] manifests read")
            }
        }
    }

    func end() {
        if case .live = style { sink.write(ProgressStyle.clearLine) }
    }
}

/// The system's one-minute load average, from `/proc/loadavg` (Linux); `nil` where there is no such file.
enum LoadAverage {
    static func read(from path: String = "/proc/loadavg") -> Double? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }
}

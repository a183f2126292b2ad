import Foundation

/// `modules plan --base REF`: the test targets a change affects as CI jobs, computed once: one job per package (or
/// balanced groups above `--max-jobs`), or `--shards N` balanced shards, each job carrying exactly what it runs.
enum PlanCommand {
    static let spec = CommandSpec(
        name: "plan",
        summary:
            "Plan the CI test jobs (GitHub matrix, GitLab child pipeline, Buildkite steps) for what a change affects.",
        synopsis: "plan (--base REF | --all) [--shards N | --max-shard-seconds S] [--max-jobs N] "
            + "[--ci github|gitlab|buildkite] [--ci-command CMD] [--ci-image IMAGE] [--durations FILE] "
            + "[--cache-url URL [--cache-timeout SECONDS]] [--format json|text] [--repo DIR]",
        options: Command.commonOptions([.json, .text]) + [
            OptionSpec("--base", value: "REF", help: "plan the packages affected since REF (as `modules affected`)"),
            OptionSpec("--all", help: "plan every package"),
            OptionSpec(
                "--shards", value: "N", help: "N shards balanced by the recorded durations, cold builds included"),
            OptionSpec(
                "--max-shard-seconds", value: "S",
                help: "the fewest shards (at most --max-jobs) whose longest estimate is at most S seconds"),
            OptionSpec(
                "--max-jobs", value: "N",
                help: "at most N jobs; without --shards, packages then share jobs balanced by duration (default: 256)"),
            OptionSpec("--ci", value: "SYSTEM", help: "github (matrix JSON, the default), gitlab or buildkite (YAML)"),
            OptionSpec(
                "--ci-command", value: "CMD",
                help: "what a GitLab or Buildkite job runs (default: modules test --plan-shard \"$MODULES_PLAN_SHARD\")"
            ),
            OptionSpec("--ci-image", value: "IMAGE", help: "the image of the GitLab jobs"),
            OptionSpec(
                "--durations", value: "FILE",
                help: "recorded durations to estimate from (default: .build/modules/durations.json)"),
            OptionSpec(
                "--cache-url", value: "URL",
                help: "read the durations summary from this shared cache (also MODULES_CACHE_URL, cache.url)"),
            OptionSpec("--cache-timeout", value: "SECONDS", help: "the limit for one request to the shared cache"),
        ],
        positionals: nil,
        details: """
            Each job carries its shard (JSON: the packages, test targets and suites it runs) and runs
            `modules test --plan-shard SHARD`, which never works out `affected` again. GitHub: one line of JSON,
            {"include":[{"name","packages","reason","est_seconds","shard"}, …]}, longest first, for
            `strategy.matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}` (256 jobs at most per matrix; nothing
            affected gives {"include":[]}). GitLab: a child pipeline's YAML, each shard in the variable
            MODULES_PLAN_SHARD. Buildkite: steps for `buildkite-agent pipeline upload`, the same variable. A shard's
            estimate is the cold build of its dependency closure on a fresh machine plus its tests, from the
            recorded durations (the shared cache's summary when a cache URL is set). Packages with no test target
            are not planned; a manifest that fails to load is a warning and exit status 1.
            """,
        formats: [.json, .text]
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let maxJobs = try positiveInteger(arguments, "--max-jobs") ?? 256
        var mode = TestPlan.Mode.perPackage
        if let shards = try positiveInteger(arguments, "--shards") {
            guard !arguments.has("--max-shard-seconds") else {
                throw UsageError(message: "--shards and --max-shard-seconds exclude each other")
            }
            mode = .shards(shards)
        } else if let text = arguments.value("--max-shard-seconds") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError(message: "--max-shard-seconds needs a number of seconds above 0, not '\(text)'")
            }
            mode = .maxShardSeconds(seconds)
        }
        let system =
            try arguments.value("--ci").map { text in
                guard let system = CISystem(rawValue: text) else {
                    throw UsageError(message: "--ci takes github, gitlab or buildkite, not '\(text)'")
                }
                return system
            } ?? .github
        if arguments.has("--ci-image"), system != .gitlab {
            throw UsageError(message: "--ci-image is for --ci gitlab")
        }
        if arguments.has("--ci-command"), system == .github {
            throw UsageError(message: "--ci-command is for --ci gitlab or buildkite (the workflow runs the GitHub job)")
        }
        let (packages, reasons, scan) = try await affectedPackages(context, arguments)
        let durations = try await loadDurations(context, arguments)
        let model = CostModel(durations: durations)
        let (plan, met) = TestPlan.make(packages, reasons: reasons, model: model, mode: mode, maxJobs: maxJobs)
        if case .maxShardSeconds(let limit) = mode, !met {
            context.environment.errorOutput.writeLine(
                "modules: warning: no plan of at most \(maxJobs) shards keeps every shard within \(Int(limit)) s; "
                    + "the longest of the best is ~\(plan.longest) s")
        }
        var pipeline = CIPipeline(jobs: plan.jobs)
        pipeline.image = arguments.value("--ci-image")
        if let command = arguments.value("--ci-command") {
            pipeline.command = command
        }
        let header =
            "modules plan \(plan.id.isEmpty ? "(nothing to test)" : plan.id): \(plan.jobs.count) job"
            + "\(plan.jobs.count == 1 ? "" : "s"), longest ~\(plan.longest) s. Generated: do not edit."
        let output = context.environment.output
        switch (context.format, system) {
        case (.text, _): output.write(plan.text(buildsKnown: model.knowsBuilds || packages.isEmpty))
        case (_, .github): output.write(pipeline.github())
        case (_, .gitlab): output.write(pipeline.gitlab(header: header))
        case (_, .buildkite): output.write(pipeline.buildkite(header: header))
        }
        return context.warnAboutManifestFailures(scan)
    }

    /// The packages to plan (affected since `--base`, or all with `--all`), each narrowed to its affected test
    /// targets; a package without a test target (or without an affected one) is left out with a line saying so.
    static func affectedPackages(
        _ context: CommandContext, _ arguments: ParsedArguments
    ) async throws -> ([CostModel.Package], [String: String], RepositoryScan) {
        let scan: RepositoryScan
        var reasons: [String: String] = [:]
        var affectedTargets: [String: Set<String>]?
        let paths: [String]
        if arguments.has("--all") {
            guard !arguments.has("--base") else { throw UsageError(message: "--all and --base exclude each other") }
            scan = try await context.scan()
            paths = scan.packages.map(\.path)
            for path in paths { reasons[path] = "every package (--all)" }
        } else {
            let (report, fullScan) = try await AffectedCommand.analyze(
                context, base: try AffectedCommand.requireBase(arguments))
            scan = fullScan
            paths = report.packages.map(\.package)
            for package in report.packages { reasons[package.package] = package.reasons.first ?? "" }
            if !report.everything {
                affectedTargets = Dictionary(grouping: report.targets, by: \.package).mapValues {
                    Set($0.map(\.target))
                }
            }
        }
        let graph = TargetGraph(scan: scan)
        var planned: [CostModel.Package] = []
        for path in paths {
            guard let package = CostModel.Package(path: path, scan: scan, graph: graph) else { continue }
            if package.testTargets.isEmpty {
                context.environment.errorOutput.writeLine("not planned: \(path) (no test target)")
                continue
            }
            guard let affected = affectedTargets?[path] else {
                planned.append(package)
                continue
            }
            guard let narrowed = CostModel.Package(path: path, scan: scan, graph: graph, only: affected),
                !narrowed.testTargets.isEmpty
            else {
                context.environment.errorOutput.writeLine("not planned: \(path) (no affected test target)")
                continue
            }
            planned.append(narrowed)
        }
        return (planned, reasons, scan)
    }

    /// The durations to estimate from: each package's newest `modules test` record of the history (local, and the
    /// shared cache's for the last commits when a cache URL is set), over the local durations file with the shared
    /// cache's summary (the fallback for packages the history has not seen, and the per-suite times). A cache that
    /// fails is one warning line, and the local records alone are used.
    /// - Throws: ``UsageError`` for a cache URL or timeout that is not valid.
    static func loadDurations(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> DurationStore {
        let options = try SharedTestCache.Options.parse(context, arguments)
        var durations = try await loadRecordedDurations(context, arguments, options: options)
        // NB: the history is the store of timings; the durations file and summary are the fallback under it.
        durations = HistoryDurations.overlay(
            durations, records: await HistoryDurations.records(context, options: options))
        return durations
    }

    private static func loadRecordedDurations(
        _ context: CommandContext, _ arguments: ParsedArguments, options: SharedTestCache.Options?
    ) async throws -> DurationStore {
        var durations = DurationStore.load(from: durationsURL(context, arguments))
        guard let options else { return durations }
        do {
            if let summary = try await SharedDurations(options: options).read(SharedDurations.summaryKey) {
                durations.merge(summary)
                context.environment.errorOutput.writeLine(
                    "durations: the shared cache's summary (\(summary.entries.count) packages, "
                        + "\(summary.modules.count) modules)")
            } else {
                context.environment.errorOutput.writeLine(
                    "durations: the shared cache has no summary yet; using the local record")
            }
        } catch {
            context.environment.errorOutput.writeLine(
                "modules: warning: shared cache \(options.url): \(error); planning from the local durations")
        }
        return durations
    }

    /// `--durations FILE`, else `.build/modules/durations.json` of the repository.
    static func durationsURL(_ context: CommandContext, _ arguments: ParsedArguments) -> URL {
        arguments.value("--durations").map {
            URL(fileURLWithPath: $0, relativeTo: context.environment.currentDirectory).standardizedFileURL
        } ?? context.root.appendingPathComponent(DurationStore.defaultPath)
    }

    static func positiveInteger(_ arguments: ParsedArguments, _ option: String) throws -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), value >= 1 else {
            throw UsageError(message: "\(option) needs a whole number of at least 1, not '\(text)'")
        }
        return value
    }
}

extension CommandContext {
    /// One `warning: MANIFEST: manifest failed to load` line per package of `scan` whose manifest did not load, as
    /// `graph` prints them.
    /// - Returns: 1 when there was any, else 0: the exit status of `graph`, `affected` and `plan`.
    func warnAboutManifestFailures(_ scan: RepositoryScan) -> Int32 {
        for failure in scan.failures {
            environment.errorOutput.writeLine("warning: \(failure.manifest): manifest failed to load")
        }
        return scan.failures.isEmpty ? ExitStatus.success : ExitStatus.failure
    }
}

import Foundation

extension ReportCommand {
    /// The report data of the repository: its graph (as `graph`), the findings (as `lint`, with the baseline
    /// applied), the affected set (as `affected --base`), the imports behind each edge and the timing records.
    static func repositoryData(_ given: CommandContext, _ arguments: ParsedArguments) async throws -> ReportData {
        var environment = given.environment
        environment.runner = ImportScanMemo(base: environment.runner)
        let context = CommandContext(
            environment: environment, root: given.root, format: given.format, configuration: given.configuration,
            cacheDirectory: given.cacheDirectory)
        let imports = !arguments.has("--no-imports")
        let lint = !arguments.has("--no-lint")
        let timings = try readTimings(context, arguments)
        let progress = StepProgress(
            sink: environment.errorOutput, style: ProgressStyle(environment),
            total: 1 + (lint ? 1 : 0) + (imports ? 1 : 0), stopwatch: environment.stopwatch)
        await progress.step("report: reading the manifests")
        let scan: RepositoryScan
        var affected: AffectedReport?
        if arguments.has("--base") {
            let analysed = try await AffectedCommand.analyze(context, base: try AffectedCommand.requireBase(arguments))
            affected = analysed.0
            scan = analysed.1
        } else {
            scan = try await context.scan()
        }
        let graph = TargetGraph(scan: scan)
        let level: GraphReport.Level = arguments.has("--targets") || scan.isSinglePackage ? .targets : .packages
        var findings: LintReport?
        if lint {
            await progress.step(imports ? "report: lint" : "report: lint --no-imports")
            findings = applyBaseline(await LintCommand.report(context, scan: scan, imports: imports), context)
        }
        var entries: [ImportEvidence.Entry]?
        if imports {
            await progress.step("report: reading the imports behind each dependency")
            entries = await ImportEvidence(
                scan: scan, graph: graph,
                scanner: context.importScanner(),
                concurrency: max(2, environment.processorCount)
            ).entries()
        }
        await progress.end()
        return ReportBuilder(scan: scan, graph: graph, level: level).data(
            .init(
                imports: entries, lint: findings, affected: affected, timings: timings,
                commit: await headCommit(context), generatedAt: Date()))
    }

    /// The timing records: read first, so a bad `--build-times` file fails before anything slow runs.
    /// - Throws: ``CommandFailure`` 66 for a `--build-times` file that does not exist, 65 for a record that is not
    ///   valid.
    private static func readTimings(_ context: CommandContext, _ arguments: ParsedArguments) throws -> ReportTimings {
        let resolve = { (path: String) in
            URL(fileURLWithPath: path, relativeTo: context.environment.currentDirectory).standardizedFileURL
        }
        let buildTimes = arguments.all("--build-times").map(resolve)
        if let missing = buildTimes.first(where: { !FileManager().fileExists(atPath: $0.path) }) {
            throw CommandFailure(message: "--build-times \(missing.path): no such file", status: ExitStatus.noInput)
        }
        let durations =
            arguments.value("--durations").map(resolve)
            ?? context.root.appendingPathComponent(DurationStore.defaultPath)
        let junit =
            arguments.value("--junit").map(resolve)
            ?? context.root.appendingPathComponent(".build/modules/junit", isDirectory: true)
        do {
            return try ReportTimings.collect(
                durations: durations, junit: junit, buildTimes: buildTimes,
                history: HistoryRecording.store(context).all().values.flatMap { $0 })
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.dataError)
        }
    }

    /// `report` shows what `lint` shows: findings the baseline file holds are left out (a baseline that cannot be
    /// read is left unused, as a note in the page would say nothing `lint` does not).
    private static func applyBaseline(_ report: LintReport, _ context: CommandContext) -> LintReport {
        let configuration = context.configuration ?? ModulesConfiguration()
        let url = context.root.appendingPathComponent(configuration.baseline)
        guard FileManager().fileExists(atPath: url.path), let baseline = try? Baseline.load(from: url) else {
            return report
        }
        return baseline.apply(to: report)
    }

    /// `git rev-parse HEAD`, or `nil` outside git.
    private static func headCommit(_ context: CommandContext) async -> String? {
        let invocation = ProcessInvocation(
            executable: "git", arguments: ["rev-parse", "--verify", "--quiet", "HEAD"],
            workingDirectory: context.root)
        guard let result = try? await context.environment.runner.run(invocation), result.succeeded else {
            return nil
        }
        let commit = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.isEmpty ? nil : commit
    }
}

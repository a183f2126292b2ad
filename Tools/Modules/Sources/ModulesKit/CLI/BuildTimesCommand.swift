import Foundation

/// `modules build-times`: clean and incremental build times per package, the blast radius of a change on the App,
/// type-checking hotspots, and with `--compare REF` ratios against another revision measured in the same run.
enum BuildTimesCommand {
    static let spec = CommandSpec(
        name: "build-times",
        summary: "Measure clean and incremental builds, blast radius and hotspots; compare with a revision.",
        synopsis: "build-times [PACKAGE...] [--runs N] [--compare REF] [--threshold X] [--app PACKAGE] "
            + "[--no-blast-radius] [--svg FILE] [--work-dir DIR] [--keep] [--format table|json|md|svg] [--repo DIR]",
        options: Command.commonOptions([.table, .text, .json, .md, .svg]) + [
            OptionSpec("--runs", value: "N", help: "samples per measurement; the median is reported (default: 3)"),
            OptionSpec("--compare", value: "REF", help: "also measure REF (a separate git worktree), interleaved"),
            OptionSpec(
                "--threshold", value: "X",
                help: "with --compare: a ratio above X is a regression, exit 1 (default: 1.25)"),
            OptionSpec("--app", value: "PACKAGE", help: "the package whose rebuild is the blast radius (default: .)"),
            OptionSpec("--no-blast-radius", help: "skip the blast radius (it builds the whole App)"),
            OptionSpec(
                "--svg", value: "FILE", help: "where the bar chart goes (default: .build/modules/build-times.svg)"),
            OptionSpec(
                "--work-dir", value: "DIR", help: "where the trees and builds go (default: .build/modules/build-times)"),
            OptionSpec("--keep", help: "keep the trees and build directories afterwards"),
        ],
        positionals: "PACKAGE",
        details: """
            Builds run in copies, never in the repository: the working tree's files (tracked and new) are copied,
            and REF is checked out with `git worktree add`. Each run builds every package on both trees back to
            back, alternating which goes first, so a busy machine slows both alike; ratios are working tree ÷ REF.
            Clean: a fresh scratch path (local dependencies included). Incremental: after appending a comment to one
            source file. Blast radius: the App is rebuilt after a comment (implementation) and after a new public
            function (interface) in each package it depends on, with the modules that recompiled (from
            -stats-output-dir). Hotspots: -debug-time-function-bodies. Exit status: 1 when a ratio is above the
            threshold or a build fails.
            """,
        formats: [.table, .text, .json, .md, .svg]
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let environment = context.environment
        let runs = try positiveNumber(arguments.value("--runs") ?? "3", option: "--runs")
        guard let threshold = Double(arguments.value("--threshold") ?? "1.25"), threshold > 0 else {
            throw UsageError(message: "--threshold needs a positive number like 1.25")
        }
        let scan = try await context.scan()
        let packages = try await PackageSelection.select(
            arguments.positionals, from: scan.packagePaths, context: context)
        var app: String?
        if !arguments.has("--no-blast-radius") {
            if let requested = arguments.value("--app") {
                app = try await PackageSelection.select([requested], from: scan.packagePaths, context: context).first
            } else if scan.packagePaths.contains(".") {
                app = "."
            }
        }
        let graph = TargetGraph(scan: scan)
        let settings = BuildTimesSettings(
            packages: packages, runs: runs, compare: arguments.value("--compare"), threshold: threshold, app: app,
            appDependencies: app.map { dependencies(of: $0, in: graph.packages) } ?? [],
            probeFiles: probeFiles(packages, graph: graph, root: context.root))
        let workDirectory = directory(arguments.value("--work-dir"), default: ".build/modules/build-times", context)
        let trees: BuildTrees
        do {
            trees = try await BuildTrees.make(
                root: context.root, compare: settings.compare, runner: environment.runner,
                temporaryDirectory: workDirectory)
        } catch {
            throw CommandFailure(message: "\(error)", status: ExitStatus.noInput)
        }
        let progress = StepProgress(
            sink: environment.errorOutput, style: ProgressStyle(environment),
            total: BuildTimesRun.stepCount(settings), stopwatch: environment.stopwatch)
        let report = await BuildTimesRun(
            trees: trees,
            measurer: BuildMeasurer(
                runner: environment.runner, stopwatch: environment.stopwatch,
                swiftExecutable: environment.swiftExecutable),
            settings: settings, progress: progress
        ).run()
        await progress.end()
        await HistoryRecording.record(
            await HistoryRecording.run(context).records(buildTimes: report), context,
            options: try? SharedTestCache.Options.parse(context, arguments))
        if !arguments.has("--keep") {
            await trees.remove()
        }
        let svgURL = directory(arguments.value("--svg"), default: ".build/modules/build-times.svg", context)
        let chart = BuildTimesRenderer.svg(report)
        var chartNote = "SVG chart: \(RepoPath.relative(svgURL, to: context.root) ?? svgURL.path)"
        do {
            try FileManager().createDirectory(at: svgURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(chart.utf8).write(to: svgURL, options: .atomic)
        } catch {
            chartNote = "warning: cannot write \(svgURL.path): \(error.localizedDescription)"
        }
        switch context.format {
        case .json:
            try context.writeJSON(report)
            environment.errorOutput.writeLine(chartNote)
        case .svg:
            environment.output.write(chart)
        default:
            let markdown = context.format == .md
            environment.output.write(BuildTimesRenderer.tables(report, markdown: markdown) + chartNote + "\n")
        }
        return report.exitCode
    }

    /// `text` as a whole number of at least 1 (`--runs`, `--jobs`).
    /// - Throws: ``UsageError`` naming `option` otherwise.
    static func positiveNumber(_ text: String, option: String) throws -> Int {
        guard let value = Int(text), value >= 1 else {
            throw UsageError(message: "\(option) needs a whole number of at least 1, not '\(text)'")
        }
        return value
    }

    private static func directory(_ option: String?, default path: String, _ context: CommandContext) -> URL {
        option.map { URL(fileURLWithPath: $0, relativeTo: context.environment.currentDirectory).standardizedFileURL }
            ?? context.root.appendingPathComponent(path)
    }

    /// The packages `app`'s non-test targets depend on, directly or not.
    static func dependencies(of app: String, in graph: PackageGraph) -> Set<String> {
        var found: Set<String> = []
        var pending = [app]
        while let package = pending.popLast() {
            for edge in graph.edges(from: package)
            where edge.uses.contains(where: { !$0.isTestCode }) && found.insert(edge.to).inserted {
                pending.append(edge.to)
            }
        }
        return found
    }

    /// The file each package's one-line changes go to: the first Swift file of its first library target (not a
    /// `main.swift`, not a file with `@main`, where a new top-level public function would not compile).
    static func probeFiles(_ packages: [String], graph: TargetGraph, root: URL) -> [String: String] {
        var probes: [String: String] = [:]
        for package in packages {
            let libraries = graph.nodes.filter { $0.ref.package == package && $0.type == "regular" }
            for node in libraries where probes[package] == nil {
                probes[package] = node.swiftFiles(root: root).first { file in
                    guard !file.hasSuffix("/main.swift") else { return false }
                    let text = (try? String(contentsOf: RepoPath.url(file, in: root), encoding: .utf8)) ?? "@main"
                    return !text.contains("@main")
                }
            }
        }
        return probes
    }
}

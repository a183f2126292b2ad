import Foundation

/// The CI matrix `modules plan` prints: GitHub Actions' `strategy.matrix` shape, `{"include": [job, …]}`, ready
/// for `matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}`. Only `include` is at the top level (any other key
/// would become a matrix dimension), so the shape carries no `schemaVersion`; it is documented in the README.
struct TestPlan: Sendable, Equatable, Encodable {
    /// One CI job.
    struct Job: Sendable, Equatable, Encodable {
        /// The job's name: the package path, or `group I of N` when packages share a job.
        var name: String
        /// The packages to test, space-separated (the arguments of `modules test`).
        var packages: String
        /// Why the job exists: the first package's first reason, or how many packages it holds.
        var reason: String
        /// The estimated seconds, from the recorded durations.
        var estSeconds: Int

        private enum CodingKeys: String, CodingKey {
            case name, packages, reason
            case estSeconds = "est_seconds"
        }
    }

    /// The jobs, longest first.
    var include: [Job]

    /// One job per affected package, or, above `maxJobs` packages, `maxJobs` jobs balanced by duration.
    init(packages: [AffectedReport.Package], estimates: [String: Double], maxJobs: Int) {
        let reasons = Dictionary(packages.map { ($0.package, $0.reasons.first ?? "") }) { first, _ in first }
        let paths = packages.map(\.package)
        let seconds = { (group: [String]) in Int(group.reduce(0) { $0 + (estimates[$1] ?? 0) }.rounded()) }
        if paths.count <= maxJobs {
            include = paths.map { path in
                Job(name: path, packages: path, reason: reasons[path] ?? "", estSeconds: seconds([path]))
            }
        } else {
            let groups = ShardPlanner.shards(paths, count: maxJobs, seconds: estimates).filter { !$0.isEmpty }
            include = groups.enumerated().map { index, group in
                Job(
                    name: "group \(index + 1) of \(groups.count)", packages: group.joined(separator: " "),
                    reason: "\(group.count) affected package\(group.count == 1 ? "" : "s")", estSeconds: seconds(group))
            }
        }
        include.sort { ($1.estSeconds, $0.name) < ($0.estSeconds, $1.name) }
    }
}

/// `modules plan --base REF`: the affected packages as a GitHub Actions matrix, one job per package (or balanced
/// groups above `--max-jobs`), with estimated durations.
enum PlanCommand {
    static let spec = CommandSpec(
        name: "plan",
        summary: "Print the CI test matrix (GitHub Actions strategy.matrix JSON) for the packages a change affects.",
        synopsis: "plan (--base REF | --all) [--max-jobs N] [--durations FILE] [--format json|text] [--repo DIR]",
        options: Command.commonOptions([.json, .text]) + [
            OptionSpec("--base", value: "REF", help: "plan the packages affected since REF (as `modules affected`)"),
            OptionSpec("--all", help: "plan every package"),
            OptionSpec(
                "--max-jobs", value: "N",
                help: "at most N jobs; above that, packages share jobs balanced by duration (default: 256)"),
            OptionSpec(
                "--durations", value: "FILE",
                help: "recorded durations to estimate from (default: .build/modules/durations.json)"),
        ],
        positionals: nil,
        details: """
            The JSON is one line: {"include":[{"name","packages","reason","est_seconds"}, …]}, longest first, for
            `strategy.matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}`; each job runs
            `modules test ${{ matrix.packages }}`. GitHub allows 256 jobs per matrix. No affected package gives
            {"include":[]} (skip the test job when include is empty). See .github/workflows/modules.yml.
            """,
        formats: [.json, .text]
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        var maxJobs = 256
        if let text = arguments.value("--max-jobs") {
            guard let value = Int(text), value >= 1 else {
                throw UsageError(message: "--max-jobs needs a whole number of at least 1, not '\(text)'")
            }
            maxJobs = value
        }
        let packages: [AffectedReport.Package]
        if arguments.has("--all") {
            guard !arguments.has("--base") else { throw UsageError(message: "--all and --base exclude each other") }
            let scan = try await context.scan()
            packages = scan.packagePaths.map { .init(package: $0, changed: true, reasons: ["every package (--all)"]) }
        } else {
            packages = try await AffectedCommand.analyze(context, base: try AffectedCommand.requireBase(arguments)).0
                .packages
        }
        let durationsURL =
            arguments.value("--durations").map {
                URL(fileURLWithPath: $0, relativeTo: context.environment.currentDirectory).standardizedFileURL
            } ?? context.root.appendingPathComponent(DurationStore.defaultPath)
        let estimates = DurationStore.load(from: durationsURL).estimates(for: packages.map(\.package))
        let plan = TestPlan(packages: packages, estimates: estimates, maxJobs: maxJobs)
        switch context.format {
        case .text:
            let width = (plan.include.map(\.name.count).max() ?? 0) + 2
            var lines = plan.include.map { job in
                job.name + String(repeating: " ", count: width - job.name.count)
                    + "~\(job.estSeconds) s  \(job.packages == job.name ? "" : job.packages + "  ")\(job.reason)"
            }
            lines.append("\(plan.include.count) job\(plan.include.count == 1 ? "" : "s")")
            context.environment.output.write(lines.joined(separator: "\n") + "\n")
        default:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            do {
                context.environment.output.write(String(decoding: try encoder.encode(plan), as: UTF8.self) + "\n")
            } catch {
                throw CommandFailure(message: "cannot encode the plan: \(error)", status: ExitStatus.software)
            }
        }
        return ExitStatus.success
    }
}

/// `modules affected --base REF`: the packages (and targets) a change touches, with the reason for each.
enum AffectedCommand {
    static let spec = CommandSpec(
        name: "affected",
        summary: "List the packages changed since a git revision and every package that depends on them, with reasons.",
        synopsis: "affected --base REF [--targets] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec("--base", value: "REF", help: "the git revision to compare with (its merge base with HEAD)"),
            OptionSpec("--targets", help: "list targets too (the default for a repository of one package)"),
        ],
        positionals: nil,
        details: """
            Changed files come from `git diff` against the merge base of REF and HEAD, plus uncommitted and new
            files. A file belongs to the innermost package holding it and to the target holding it; a package file
            outside every target (the manifest, fixtures) changes the whole package; Markdown outside every target
            changes nothing. A file matching affectsEverything in modules.json (default: Makefile, .swift-format,
            .swift-version, scripts/**, .ci/**, .github/workflows/**) selects every package and says so. A file
            matching an owners glob changes the packages it names; a file in no package and no owners glob is
            listed as "not in any package". modules.json and the lint baseline change nothing. Dependents are
            followed target by target, test targets included. A manifest that fails to load is a warning and exit
            status 1, as in `graph`.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let (report, scan) = try await analyze(context, base: try requireBase(arguments))
        let showTargets = arguments.has("--targets") || scan.isSinglePackage
        switch context.format {
        case .json: try context.writeJSON(report)
        default: context.environment.output.write(text(report, targets: showTargets))
        }
        return context.warnAboutManifestFailures(scan)
    }

    /// `--base`, required.
    static func requireBase(_ arguments: ParsedArguments) throws -> String {
        guard let base = arguments.value("--base"), !base.isEmpty else {
            throw UsageError(message: "--base REF is required (the git revision to compare with)")
        }
        return base
    }

    /// Scans the repository and works out what changed since `base`.
    /// - Throws: ``CommandFailure`` (exit 66) when `base` is not a commit or git fails.
    static func analyze(_ context: CommandContext, base: String) async throws -> (AffectedReport, RepositoryScan) {
        let changes: ChangeSet
        do {
            changes = try await GitChanges(runner: context.environment.runner, root: context.root).changes(since: base)
        } catch let failure as GitChanges.Failure {
            throw CommandFailure(message: failure.message, status: ExitStatus.noInput)
        }
        let scan = try await context.scan()
        return (AffectedReport(changes: changes, scan: scan, graph: TargetGraph(scan: scan)), scan)
    }

    static func text(_ report: AffectedReport, targets: Bool) -> String {
        let commit = String(report.mergeBase.prefix(12))
        var lines = [
            "Changed since \(report.base) (merge base \(commit)): \(report.changedFiles.count) "
                + "file\(report.changedFiles.count == 1 ? "" : "s")"
        ]
        let rows: [(String, [String])] =
            targets
            ? report.targets.map { ($0.id, $0.reasons) } : report.packages.map { ($0.package, $0.reasons) }
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        for (name, reasons) in rows {
            let shown = reasons.prefix(3) + (reasons.count > 3 ? ["and \(reasons.count - 3) more"] : [])
            for (index, reason) in shown.enumerated() {
                let label = index == 0 ? name : ""
                lines.append(label + String(repeating: " ", count: width - label.count) + reason)
            }
        }
        for ignored in report.ignoredFiles {
            lines.append("ignored: \(ignored.file) (\(ignored.reason))")
        }
        if !report.notInAnyPackage.isEmpty {
            lines.append(
                "not in any package (map them with owners in modules.json): "
                    + "\(report.notInAnyPackage.count) file\(report.notInAnyPackage.count == 1 ? "" : "s")")
            lines += report.notInAnyPackage.map { "  \($0)" }
        }
        var summary =
            "\(report.packages.count) of \(report.packageCount) package\(report.packageCount == 1 ? "" : "s") affected"
        if targets {
            summary += ", \(report.targets.count) target\(report.targets.count == 1 ? "" : "s")"
        }
        if report.everything {
            summary += " (everything: a file every package depends on changed)"
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }
}

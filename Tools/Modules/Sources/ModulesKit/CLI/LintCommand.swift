import Foundation

/// `modules lint`: checks the package graph against the rules of `modules.json`, and every target's imports
/// (read by the compiler) against its declared dependencies and the layers.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Check the package graph and every target's imports against the layering rules of modules.json.",
        synopsis:
            "lint [--no-imports] [--write-baseline] [--baseline FILE | --no-baseline] [--format text|json|github] "
            + "[--repo DIR]",
        options: Command.commonOptions([.text, .json, .github]) + [
            OptionSpec("--no-imports", help: "check the manifests only, not the sources' imports"),
            OptionSpec(
                "--write-baseline",
                help: "accept every current finding: write them to the baseline file, later runs report only new ones"),
            OptionSpec(
                "--baseline", value: "FILE",
                help: "the baseline file (default: modules.json's baseline, else modules-baseline.json)"),
            OptionSpec("--no-baseline", help: "report every finding, the baseline's too"),
        ],
        positionals: nil,
        details: "Rules (id: what holds):\n"
            + LintRule.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n")
                + """


                Imports are read with `swiftc -frontend -emit-imported-modules` (honouring #if and canImport, never
                comments or strings), one call per target, then per file where a finding needs a file and line.
                Edges from test targets count like any other. --format github prints GitHub Actions annotations.
                Without modules.json the graph and import checks run with every rule at its default; the layering
                rules need layers. modules.json's `rules` sets a rule to error, warning or off; `// modules:ignore
                [RULE, ...]` at the end of a line hides that line's findings.
                Exit status: 1 when any finding is an error (unused-dependency is a warning), else 0.
                """,
        formats: [.text, .json, .github]
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        if arguments.has("--no-baseline"), arguments.has("--baseline") || arguments.has("--write-baseline") {
            throw UsageError(message: "--no-baseline contradicts --baseline and --write-baseline")
        }
        let configuration = context.configuration ?? ModulesConfiguration()
        let baselineURL =
            arguments.value("--baseline").map {
                URL(fileURLWithPath: $0, relativeTo: context.environment.currentDirectory).standardizedFileURL
            } ?? context.root.appendingPathComponent(configuration.baseline)
        let full = await self.report(context, scan: try await context.scan(), imports: !arguments.has("--no-imports"))
        if arguments.has("--write-baseline") {
            do {
                try Baseline(findings: full.findings).write(to: baselineURL)
            } catch {
                throw CommandFailure(
                    message: "cannot write the baseline \(baselineURL.path): \(error)", status: ExitStatus.cannotCreate)
            }
            context.environment.errorOutput.writeLine(
                "modules: wrote \(full.findings.count) finding\(full.findings.count == 1 ? "" : "s") to "
                    + "\(baselineURL.path); later runs report only findings not in it")
        }
        var report = full
        if !arguments.has("--no-baseline"), FileManager().fileExists(atPath: baselineURL.path) {
            do {
                report = try Baseline.load(from: baselineURL).apply(to: full)
            } catch let error as ConfigurationError {
                throw CommandFailure(message: error.description, status: ExitStatus.dataError)
            }
        } else if arguments.has("--baseline") {
            throw CommandFailure(message: "baseline \(baselineURL.path) not found", status: ExitStatus.noInput)
        }
        switch context.format {
        case .json:
            try context.writeJSON(report)
        case .github:
            context.environment.output.write(github(report))
        default:
            context.environment.output.write(text(report))
        }
        return report.exitCode
    }

    /// Every finding for `scan`: the manifest rules, and (with `imports`) the import checks.
    static func report(_ context: CommandContext, scan: RepositoryScan, imports: Bool) async -> LintReport {
        let graph = TargetGraph(scan: scan)
        var importFindings: [Finding] = []
        if imports {
            let environment = context.environment
            importFindings = await ImportLinter(
                scan: scan,
                graph: graph,
                scanner: context.importScanner(),
                toolchainModules: environment.toolchain.modules(),
                external: await ExternalPackages.load(scan: scan, loader: context.manifestLoader()),
                concurrency: max(2, environment.processorCount)
            ).findings()
        }
        let quarantine = await QuarantineRules(
            scan: scan, date: context.environment.wallClock.now(), runner: context.environment.runner,
            swiftExecutable: context.environment.swiftExecutable
        ).findings(listTests: imports)
        return Linter().lint(scan, graph: graph.packages, additional: importFindings + quarantine)
    }

    static func text(_ report: LintReport) -> String {
        var lines: [String] = []
        for finding in report.findings {
            let message = finding.message.split(separator: "\n", omittingEmptySubsequences: false)
            lines.append("\(finding.location): \(finding.severity.rawValue): [\(finding.rule.rawValue)] \(message[0])")
            lines += message.dropFirst().map { "    \($0)" }
        }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    /// GitHub Actions workflow commands: one `::error` or `::warning` per finding (shown on the file and line in
    /// a pull request), then the summary line.
    static func github(_ report: LintReport) -> String {
        var lines = report.findings.map { finding in
            var properties = ["file=\(escapeProperty(finding.path))"]
            if let line = finding.line {
                properties.append("line=\(line)")
            }
            properties.append("title=\(escapeProperty("modules lint [\(finding.rule.rawValue)]"))")
            return "::\(finding.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(finding.message))"
        }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func summary(_ report: LintReport) -> String {
        let plural = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
        var hidden: [String] = []
        if report.baselinedCount > 0 {
            hidden.append("\(report.baselinedCount) in the baseline")
        }
        if report.suppressedCount > 0 {
            hidden.append("\(report.suppressedCount) suppressed by modules:ignore")
        }
        if report.staleBaselineCount > 0 {
            hidden.append(
                "\(plural(report.staleBaselineCount, "baseline entry")) no longer found (run --write-baseline)"
                    .replacingOccurrences(of: "entrys", with: "entries"))
        }
        let tail = hidden.isEmpty ? "" : " (" + hidden.joined(separator: "; ") + ")"
        if report.findings.isEmpty {
            return "No findings in \(plural(report.packageCount, "package"))\(tail)."
        }
        return "\(plural(report.errorCount, "error")), \(plural(report.warningCount, "warning")) in "
            + "\(plural(report.packageCount, "package"))\(tail)."
    }

    /// Escapes a workflow command's message (`%`, carriage return, line feed), as the Actions toolkit does.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a workflow command's property value: the message escapes plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

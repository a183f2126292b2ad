/// `modules lint`: checks the package graph against the rules of `modules.json`, and every target's imports
/// (read by the compiler) against its declared dependencies and the layers.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Check the package graph and every target's imports against the layering rules of modules.json.",
        synopsis: "lint [--no-imports] [--format text|json|github] [--repo DIR]",
        options: Command.commonOptions([.text, .json, .github]) + [
            OptionSpec("--no-imports", help: "check the manifests only, not the sources' imports")
        ],
        positionals: nil,
        details: "Rules (id: what holds):\n"
            + LintRule.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n")
                + """


                Imports are read with `swiftc -frontend -emit-imported-modules` (honouring #if and canImport, never
                comments or strings), one call per target, then per file where a finding needs a file and line.
                Edges from test targets count like any other. --format github prints GitHub Actions annotations.
                Exit status: 1 when any finding is an error (unused-dependency is a warning), else 0.
                """,
        formats: [.text, .json, .github]
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        _ = try context.requireConfiguration()
        let report = await self.report(context, scan: try await context.scan(), imports: !arguments.has("--no-imports"))
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
                scanner: ImportScanner(
                    runner: environment.runner, swiftc: environment.toolchain.swiftc, root: context.root),
                toolchainModules: environment.toolchain.modules(),
                concurrency: max(2, environment.processorCount)
            ).findings()
        }
        return Linter().lint(scan, graph: graph.packages, additional: importFindings)
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
        if report.findings.isEmpty {
            return "No findings in \(plural(report.packageCount, "package"))."
        }
        return "\(plural(report.errorCount, "error")), \(plural(report.warningCount, "warning")) in "
            + "\(plural(report.packageCount, "package"))."
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

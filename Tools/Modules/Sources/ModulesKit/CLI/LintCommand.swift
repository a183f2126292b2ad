/// `modules lint`: checks the package graph against the rules of `modules.json`.
enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Check the package graph against the layering rules of modules.json.",
        synopsis: "lint [--format text|json] [--repo DIR]",
        options: Command.commonOptions,
        positionals: nil,
        details: "Rules (id: what holds):\n"
            + LintRule.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n")
            + "\n\nEdges from test targets count like any other. Exit status: 1 when any finding is an error, else 0."
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        _ = try context.requireConfiguration()
        let scan = try await context.scan()
        let report = Linter().lint(scan)
        switch context.format {
        case .json:
            try context.writeJSON(report)
        case .text:
            context.environment.output.write(text(report))
        }
        return report.exitCode
    }

    static func text(_ report: LintReport) -> String {
        var lines: [String] = []
        for finding in report.findings {
            let message = finding.message.split(separator: "\n", omittingEmptySubsequences: false)
            lines.append("\(finding.location): \(finding.severity.rawValue): [\(finding.rule.rawValue)] \(message[0])")
            lines += message.dropFirst().map { "    \($0)" }
        }
        let plural = { (count: Int, word: String) in "\(count) \(word)\(count == 1 ? "" : "s")" }
        if report.findings.isEmpty {
            lines.append("No findings in \(plural(report.packageCount, "package")).")
        } else {
            lines.append(
                "\(plural(report.errorCount, "error")), \(plural(report.warningCount, "warning")) in "
                    + "\(plural(report.packageCount, "package"))."
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

import Foundation

/// The text form of a `modules test` report: the failures with their log tails, a summary table, and the
/// closing line.
enum TestReportRenderer {
    static func text(_ report: TestRunReport) -> String {
        body(report) + report.closingLine + "\n"
    }

    /// Everything before the closing line (which may wait for the shared cache's uploads).
    static func body(_ report: TestRunReport) -> String {
        var out: [String] = []
        for result in report.packages where result.status.isFailure {
            out.append("── \(result.package): \(result.status.rawValue) (log: \(result.log))")
            if let note = result.note {
                out.append("   \(note)")
            }
            if let note = result.coverageNote {
                out.append("   coverage: \(note)")
            }
            for failure in result.cases where failure.outcome == .failed {
                let reruns =
                    failure.attempts.isEmpty
                    ? "" : " (failed again on " + failure.attempts.map(\.run).joined(separator: ", ") + ")"
                let expired = failure.quarantine.map { " (\($0.describe(inForce: false)))" } ?? ""
                out.append(
                    "   ✘ \(failure.qualifiedName)" + (failure.message.map { ": \($0)" } ?? "") + reruns + expired)
            }
            out += warnings(result)
            if !result.logTail.isEmpty {
                out.append("   last \(result.logTail.count) lines of the log:")
                out += result.logTail.map { "   │ \($0)" }
            }
            out.append("")
        }
        for result in report.packages where !result.status.isFailure && !warnings(result).isEmpty {
            out.append("── \(result.package): \(result.status.rawValue) (log: \(result.log))")
            out += warnings(result)
            out.append("")
        }
        for result in report.packages where result.status == .unchanged {
            out.append("── \(result.package): \(result.note ?? "unchanged")")
        }
        for result in report.packages where !result.status.isFailure {
            if let note = result.coverageNote {
                out.append("── \(result.package): no coverage: \(note)")
            }
        }
        out += table(report)
        out.append("")
        return out.joined(separator: "\n") + "\n"
    }

    /// A `⚠` line for each flaky or quarantined test of `result`.
    private static func warnings(_ result: PackageTestResult) -> [String] {
        result.cases.compactMap { testCase in
            switch testCase.outcome {
            case .flaky:
                let failures = testCase.attempts.map { "failed on \($0.run)" + ($0.message.map { " (\($0))" } ?? "") }
                return "   ⚠ \(testCase.qualifiedName): flaky: \(failures.joined(separator: "; ")), then passed"
            case .quarantined:
                let entry = testCase.quarantine.map { $0.describe(inForce: true) } ?? "quarantined"
                return "   ⚠ \(testCase.qualifiedName): \(entry); it failed"
                    + (testCase.message.map { ": \($0)" } ?? "")
            default:
                return nil
            }
        }
    }

    private static func table(_ report: TestRunReport) -> [String] {
        let withCoverage = report.packages.contains { $0.coverage != nil || $0.coverageNote != nil }
        // NB: the FLAKY and QUARANTINED columns appear only in a run that has such tests.
        let withFlaky = report.flaky > 0
        let withQuarantined = report.quarantined > 0
        let header =
            ["PACKAGE", "STATUS", "PASSED", "FAILED"] + (withFlaky ? ["FLAKY"] : [])
            + (withQuarantined ? ["QUARANTINED"] : []) + ["SKIPPED", "SECONDS"] + (withCoverage ? ["COVERAGE"] : [])
        var rows = report.packages.map { result in
            [result.package, result.status.rawValue, "\(result.passed)", "\(result.failed)"]
                + (withFlaky ? ["\(result.flaky)"] : []) + (withQuarantined ? ["\(result.quarantined)"] : [])
                + ["\(result.skipped)", String(format: "%.1f", result.seconds)]
                + (withCoverage ? [result.coverage.map { String(format: "%.1f%%", $0.percent) } ?? "-"] : [])
        }
        let seconds = report.packages.reduce(0) { $0 + $1.seconds }
        let lines = report.packages.compactMap(\.coverage).reduce((0, 0)) { ($0.0 + $1.lines, $0.1 + $1.coveredLines) }
        let total = lines.0 == 0 ? "-" : String(format: "%.1f%%", Double(lines.1) * 100 / Double(lines.0))
        rows.append(
            ["TOTAL", "", "\(report.passed)", "\(report.failed)"] + (withFlaky ? ["\(report.flaky)"] : [])
                + (withQuarantined ? ["\(report.quarantined)"] : [])
                + ["\(report.skipped)", String(format: "%.1f", seconds)] + (withCoverage ? [total] : []))
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let cell = row[column]
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + pad : pad + cell  // NB: names left-aligned, numbers right-aligned.
            }
            .joined(separator: "  ")
            .trimmingCharacters(in: .whitespaces)
        }
    }
}

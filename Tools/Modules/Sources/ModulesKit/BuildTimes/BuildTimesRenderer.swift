import Foundation

/// The text (table), Markdown and SVG forms of a ``BuildTimesReport``.
enum BuildTimesRenderer {
    /// An aligned text table, or a Markdown table with `markdown`.
    static func tables(_ report: BuildTimesReport, markdown: Bool) -> String {
        let comparing = report.compare != nil
        var out: [String] = []
        let runs = "median of \(report.runs) run\(report.runs == 1 ? "" : "s")"
        out.append(
            comparing
                ? "Build times (\(runs); working tree ÷ \(report.compare ?? ""), measured interleaved in this run)"
                : "Build times (\(runs))")
        out.append("")
        var header = ["PACKAGE", "CLEAN s"]
        header += comparing ? ["BASE s", "RATIO", "INCREMENTAL s", "BASE s", "RATIO"] : ["INCREMENTAL s"]
        let rows = report.packages.map { package -> [String] in
            var row = [package.package] + cells(package.clean, comparing: comparing)
            row += cells(package.incremental, comparing: comparing)
            return row
        }
        out += table([header] + rows, markdown: markdown)
        let errors = report.packages.flatMap { package in
            package.errors.sorted { $0.key < $1.key }.map { "\(package.package) (\($0.key)): \($0.value)" }
        }
        out += errors.map { "error: \($0.split(separator: "\n").first.map(String.init) ?? $0)" }
        if let app = report.app, !report.blastRadius.isEmpty {
            out += ["", "Blast radius: rebuilding the App (\(app)) after a one-line change in each package", ""]
            let header = ["PACKAGE", "CHANGE", "SECONDS"] + (comparing ? ["BASE s", "RATIO"] : []) + ["RECOMPILED"]
            let rows = report.blastRadius.map { entry -> [String] in
                let modules =
                    entry.recompiled.prefix(6).joined(separator: ", ")
                    + (entry.recompiled.count > 6 ? ", … (\(entry.recompiled.count))" : "")
                return [entry.package, entry.change] + cells(entry.time, comparing: comparing) + [modules]
            }
            out += table([header] + rows, markdown: markdown)
        }
        if !report.hotspots.functions.isEmpty {
            out += ["", "Slowest function bodies to type-check (working tree, clean builds)", ""]
            let rows = report.hotspots.functions.map {
                [String(format: "%.1f ms", $0.milliseconds), "\($0.file):\($0.line)", $0.declaration]
            }
            out += table([["TIME", "LOCATION", "DECLARATION"]] + rows, markdown: markdown)
            out += ["", "Slowest files (summed function bodies)", ""]
            let files = report.hotspots.files.map { [String(format: "%.1f ms", $0.milliseconds), $0.file] }
            out += table([["TIME", "FILE"]] + files, markdown: markdown)
        }
        if !report.hotspots.modules.isEmpty {
            let modules = report.hotspots.modules.prefix(10).map {
                "\($0.module) \(String(format: "%.1f", $0.seconds)) s"
            }
            out += ["", "Compiler time by module (summed jobs): " + modules.joined(separator: ", ")]
        }
        out.append("")
        if report.regressions.isEmpty {
            out.append(
                comparing
                    ? "No regression above \(String(format: "%.2f", report.threshold))×."
                    : "No comparison (use --compare REF for ratios).")
        } else {
            out += report.regressions.map { "Regression: \($0)" }
        }
        out += report.withinNoise.map { "Within noise: \($0)" }
        return out.joined(separator: "\n") + "\n"
    }

    private static func cells(_ comparison: BuildTimesReport.Comparison, comparing: Bool) -> [String] {
        let seconds = { (measure: BuildTimesReport.Measure?) in measure.map { String(format: "%.2f", $0.median) } ?? "-"
        }
        guard comparing else { return [seconds(comparison.current)] }
        return [
            seconds(comparison.current), seconds(comparison.base),
            comparison.ratio.map { String(format: "%.2f×", $0) } ?? "-",
        ]
    }

    private static func table(_ rows: [[String]], markdown: Bool) -> [String] {
        guard let header = rows.first else { return [] }
        if markdown {
            let line = { (row: [String]) in
                "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
            }
            return [line(header), "| " + header.map { _ in "---" }.joined(separator: " | ") + " |"]
                + rows.dropFirst().map(line)
        }
        let widths = header.indices.map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: max(widths[column] - cell.count, 0))
                let numeric = cell.first.map { $0.isNumber || $0 == "-" } ?? false
                return numeric && column > 0 ? pad + cell : cell + pad
            }
            .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }

    /// A horizontal bar chart: per package, its clean and incremental medians (working tree, and the compared
    /// revision beside it in grey), with the ratio at the end of each pair.
    static func svg(_ report: BuildTimesReport) -> String {
        let comparing = report.compare != nil
        let labelWidth = 220.0
        let barWidth = 420.0
        let barHeight = 14.0
        let values = report.packages.flatMap { [$0.clean, $0.incremental] }
            .flatMap { [$0.current?.median, $0.base?.median] }.compactMap { $0 }
        let scale = barWidth / max(values.max() ?? 1, 0.001)
        var y = 48.0
        var body: [String] = []
        for package in report.packages {
            body.append(text(8, y, package.package, weight: "bold"))
            y += 6
            for (name, comparison) in [("clean", package.clean), ("incremental", package.incremental)] {
                body.append(text(24, y + barHeight - 3, name))
                var offset = 0.0
                for (side, measure, color) in [
                    ("working tree", comparison.current, "#3b6fd4"), ("base", comparison.base, "#a0a0a0"),
                ] {
                    guard let measure else { continue }
                    let width = max(measure.median * scale, 1)
                    body.append(
                        "<rect x=\"\(labelWidth)\" y=\"\(y + offset)\" width=\(quoted(width)) height=\"\(barHeight)\" "
                            + "fill=\"\(color)\"><title>\(side): \(format(measure.median)) s</title></rect>")
                    body.append(text(labelWidth + width + 6, y + offset + barHeight - 3, "\(format(measure.median)) s"))
                    offset += barHeight + 2
                }
                if let ratio = comparison.ratio {
                    let color = ratio > report.threshold ? "#c0392b" : "#333333"
                    body.append(
                        text(
                            labelWidth + barWidth + 90, y + barHeight - 3, String(format: "%.2f×", ratio), color: color)
                    )
                }
                y += max(offset, barHeight + 2) + 6
            }
            y += 8
        }
        let height = y + 10
        let title =
            "Build times, median of \(report.runs) run\(report.runs == 1 ? "" : "s")"
            + (comparing ? " (blue: working tree, grey: \(report.compare ?? ""))" : "")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="800" height="\(Int(height))" \
            viewBox="0 0 800 \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="800" height="\(Int(height))" fill="#ffffff"/>
            \(text(8, 24, title, weight: "bold"))
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    private static func text(
        _ x: Double, _ y: Double, _ content: String, weight: String = "normal", color: String = "#222222"
    )
        -> String
    {
        "<text x=\(quoted(x)) y=\(quoted(y)) font-weight=\"\(weight)\" fill=\"\(color)\">\(JUnitWriter.escape(content))</text>"
    }

    private static func quoted(_ value: Double) -> String {
        "\"\(String(format: "%.1f", value))\""
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.2f", seconds)
    }
}

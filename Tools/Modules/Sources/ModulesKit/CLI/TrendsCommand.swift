import Foundation

/// `modules trends`: each module's build and test times across runs, from the history store, with a baseline from
/// the default branch and an exit status for regressions.
enum TrendsCommand {
    static let spec = CommandSpec(
        name: "trends",
        summary: "Each module's build and test times across runs (the history), against a default-branch baseline.",
        synopsis: "trends [MODULE...] [--metric build|incremental|test] [--since REF|DATE] [--baseline-runs N] "
            + "[--fail-on-regression PCT] [--min-change SECONDS] [--targets] [--svg DIR] [--cache-url URL] "
            + "[--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec(
                "--metric", value: "METRIC", repeatable: true,
                help: "build (clean), incremental or test (default: every metric recorded)"),
            OptionSpec(
                "--since", value: "REF|DATE",
                help: "only runs of commits after REF (git rev-list REF..HEAD), or recorded on or after DATE "
                    + "(YYYY-MM-DD or ISO 8601)"),
            OptionSpec(
                "--baseline-runs", value: "N",
                help: "the baseline is the median of the last N default-branch runs (default: 10, history.baselineRuns)"
            ),
            OptionSpec(
                "--fail-on-regression", value: "PCT",
                help: "exit 1 when a module is PCT % slower than its baseline in 2 of its last 3 runs (20 or 20%)"),
            OptionSpec(
                "--min-change", value: "SECONDS",
                help: "the smallest slowdown that counts (default: 1, history.minimumChangeSeconds)"),
            OptionSpec("--targets", help: "target-level series (<package>:<target>) instead of packages"),
            OptionSpec("--svg", value: "DIR", help: "write one SVG chart per metric to DIR (trends-<metric>.svg)"),
            OptionSpec(
                "--cache-url", value: "URL",
                help: "also read the shared cache's history of the last 200 commits (also MODULES_CACHE_URL, cache.url)"
            ),
            OptionSpec(
                "--cache-timeout", value: "SECONDS",
                help: "the limit for one request to the shared cache (default 10; retried once)"),
        ],
        positionals: "MODULE",
        details: """
            Reads the history that `modules test` and `modules build-times` record (.build/modules/history/, and
            with a cache URL the shared cache's records of the commits `git log` lists) and prints, per module and
            metric, the runs, the baseline (the median of the last N runs before the last 3 whose commit is on the
            default branch: origin/HEAD, else main, else history.branch of modules.json), the last run and its
            change. A MODULE is a package path (Core/Logging) or, with --targets, <package>:<target>; a package path
            with --targets keeps its targets. With --fail-on-regression PCT the exit status is 1 when, for some
            module and metric, at least 2 of its last 3 runs are both PCT % and --min-change seconds slower than the
            baseline; each such regression is one line naming the module, the metric, the size of the change and the
            commit range where it appeared. Exit status 0 otherwise, also with no history.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let environment = context.environment
        let history = context.configuration?.history ?? ModulesConfiguration.HistorySettings()
        let metrics = try arguments.all("--metric").map { name in
            guard let metric = HistoryMetric(rawValue: name) else {
                throw UsageError(message: "--metric takes build, incremental or test, not '\(name)'")
            }
            return metric
        }
        var settings = Trends.Settings(
            baselineRuns: history.baselineRuns, minimumChangeSeconds: history.minimumChangeSeconds)
        if let text = arguments.value("--baseline-runs") {
            settings.baselineRuns = try BuildTimesCommand.positiveNumber(text, option: "--baseline-runs")
        }
        if let text = arguments.value("--fail-on-regression") {
            let number = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard let value = Double(number), value > 0, value.isFinite else {
                throw UsageError(message: "--fail-on-regression needs a percentage above 0 (20 or 20%), not '\(text)'")
            }
            settings.percent = value
        }
        if let text = arguments.value("--min-change") {
            guard let value = Double(text), value >= 0, value.isFinite else {
                throw UsageError(message: "--min-change needs seconds of 0 or more, not '\(text)'")
            }
            settings.minimumChangeSeconds = value
        }
        var records = HistoryRecording.store(context).all().values.flatMap { $0 }
        if let options = try SharedTestCache.Options.parse(context, arguments) {
            let commits = await Git.lines(["log", "-n", "200", "--format=%H"], context)
            let (shared, problem) = await SharedHistory(options: options).read(commits: commits)
            if let problem {
                environment.errorOutput.writeLine("modules: warning: shared cache \(options.url): history: \(problem)")
            }
            records += shared
        }
        let targets = arguments.has("--targets")
        records = records.filter { $0.isTarget == targets }
        let wanted = arguments.positionals.map(RepoPath.normalize)
        if !wanted.isEmpty {
            let known = Set(records.map(\.module))
            if let unknown = wanted.first(where: { name in
                !known.contains(name) && !(targets && known.contains { $0.hasPrefix(name + ":") })
            }) {
                throw CommandFailure(
                    message: "no history of '\(unknown)' (recorded: "
                        + (known.isEmpty ? "nothing yet" : known.sorted().prefix(8).joined(separator: ", ")) + ")",
                    status: ExitStatus.noInput)
            }
            records = records.filter { record in
                wanted.contains(record.module) || (targets && wanted.contains(record.package))
            }
        }
        if let since = arguments.value("--since") {
            records = try await filter(records, since: since, context)
        }
        let branch = await Git.defaultBranch(context)
        let defaultCommits: Set<String>? =
            if let branch, !branch.ref.isEmpty {
                Set(await Git.lines(["rev-list", "-n", "10000", branch.ref], context))
            } else { nil }
        let trends = Trends.compute(
            records, metrics: metrics.isEmpty ? HistoryMetric.allCases : metrics, settings: settings,
            defaultBranch: branch?.name ?? "main"
        ) { record in
            // NB: a commit on the default branch counts wherever it ran; without git, the recorded branch decides.
            if let defaultCommits, defaultCommits.contains(record.commit) { return true }
            return record.branch == (branch?.name ?? "main")
        }
        if let directory = arguments.value("--svg") {
            let url = URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory).standardizedFileURL
            for metric in HistoryMetric.allCases {
                let series = trends.series.filter { $0.metric == metric }
                guard !series.isEmpty else { continue }
                let file = url.appendingPathComponent("trends-\(metric.rawValue).svg")
                do {
                    try FileManager().createDirectory(at: url, withIntermediateDirectories: true)
                    try Data(TrendsRenderer.svg(series, metric: metric).utf8).write(to: file, options: .atomic)
                    environment.errorOutput.writeLine(
                        "SVG chart: \(RepoPath.relative(file, to: context.root) ?? file.path)")
                } catch {
                    throw CommandFailure(
                        message: "cannot write \(file.path): \(error.localizedDescription)",
                        status: ExitStatus.cannotCreate)
                }
            }
        }
        switch context.format {
        case .json: try context.writeJSON(trends)
        default: environment.output.write(TrendsRenderer.text(trends))
        }
        for line in trends.regressions.compactMap(Trends.line) {
            environment.errorOutput.writeLine(line)
        }
        return trends.regressions.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    /// The records after `since`: a date (`2026-06-01`, ISO 8601) keeps the runs recorded on or after it; a git
    /// revision keeps the runs of commits in `REF..HEAD`.
    /// - Throws: ``UsageError`` when `since` is neither a date nor a commit.
    static func filter(_ records: [HistoryRecord], since: String, _ context: CommandContext) async throws
        -> [HistoryRecord]
    {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        if let date = ISO8601DateFormatter().date(from: since) ?? day.date(from: since) {
            let iso = ISO8601DateFormatter()
            return records.filter { (iso.date(from: $0.recordedAt) ?? .distantPast) >= date }
        }
        guard await Git.text(["rev-parse", "--verify", "--quiet", since + "^{commit}"], context) != nil else {
            throw UsageError(message: "--since takes a git revision or a date (YYYY-MM-DD), not '\(since)'")
        }
        let commits = Set(await Git.lines(["rev-list", "\(since)..HEAD"], context))
        return records.filter { commits.contains($0.commit) }
    }
}

/// The text table and SVG charts of ``Trends``.
enum TrendsRenderer {
    /// One line per module and metric: runs, baseline, last, change, and the regression when judged.
    static func text(_ trends: Trends) -> String {
        guard !trends.series.isEmpty else {
            return "No history yet: `modules test` and `modules build-times` record it (.build/modules/history/).\n"
        }
        var rows = [["MODULE", "METRIC", "RUNS", "BASELINE", "LAST", "CHANGE", "TREND"]]
        for series in trends.series {
            let recent = series.points.suffix(8).map { String(format: "%.1f", $0.seconds) }.joined(separator: " ")
            rows.append([
                series.module, series.metric.rawValue, "\(series.points.count)",
                series.baseline.map { String(format: "%.1f s", $0) } ?? "-",
                series.last.map { String(format: "%.1f s", $0) } ?? "-",
                series.lastChangePercent.map { String(format: "%+.1f %%", $0) } ?? "-",
                recent + (series.regression == nil ? "" : "  REGRESSION \(series.regression?.range ?? "")"),
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text =
            rows.map { row in
                row.enumerated().map { index, cell in
                    index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                }.joined(separator: "  ")
            }.joined(separator: "\n") + "\n"
        text +=
            "baseline: the median of the last default-branch runs (\(trends.defaultBranch ?? "no default branch"))"
            + " before the last 3\n"
        return text
    }

    /// A line chart of `series` (all of one metric): one line per module over its runs, seconds up.
    static func svg(_ series: [Trends.Series], metric: HistoryMetric) -> String {
        let width = 720.0
        let rowHeight = 16.0
        let plotHeight = 260.0
        let left = 60.0
        let top = 30.0
        let right = 20.0
        let height = top + plotHeight + 40 + rowHeight * Double(series.count)
        let maximum = max(series.flatMap { $0.points.map(\.seconds) }.max() ?? 1, 0.001)
        let runs = max(series.map(\.points.count).max() ?? 1, 2)
        let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]
        func x(_ index: Int) -> Double { left + (width - left - right) * Double(index) / Double(runs - 1) }
        func y(_ seconds: Double) -> Double { top + plotHeight * (1 - seconds / maximum) }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            font-family="sans-serif" font-size="11" role="img" aria-label="\(metric.rawValue) seconds per run">
            <title>modules trends: \(metric.rawValue) seconds per run</title>
            <text x="\(left)" y="18" font-size="13">\(metric.rawValue) seconds per run, oldest left</text>
            <line x1="\(left)" y1="\(top)" x2="\(left)" y2="\(top + plotHeight)" stroke="#999"/>
            <line x1="\(left)" y1="\(top + plotHeight)" x2="\(width - right)" y2="\(top + plotHeight)" stroke="#999"/>
            <text x="\(left - 6)" y="\(top + 4)" text-anchor="end">\(String(format: "%.1f s", maximum))</text>
            <text x="\(left - 6)" y="\(top + plotHeight)" text-anchor="end">0 s</text>

            """
        for (index, line) in series.enumerated() {
            let color = palette[index % palette.count]
            let points = line.points.enumerated().map {
                String(format: "%.1f,%.1f", x($0.offset), y($0.element.seconds))
            }
            svg +=
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\">"
                + "<title>\(escape(line.module))</title></polyline>\n"
            if let baseline = line.baseline {
                svg += String(
                    format:
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%@\" stroke-dasharray=\"4 3\"/>\n",
                    left, y(baseline), width - right, y(baseline), color)
            }
            let legendY = top + plotHeight + 30 + rowHeight * Double(index)
            let mark =
                line.regression.map { " regression +\(String(format: "%.1f", $0.changePercent)) % in \($0.range)" }
                ?? ""
            svg +=
                "<rect x=\"\(left)\" y=\"\(legendY - 9)\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
                + "<text x=\"\(left + 16)\" y=\"\(legendY)\">\(escape(line.module))\(escape(mark))</text>\n"
        }
        return svg + "</svg>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

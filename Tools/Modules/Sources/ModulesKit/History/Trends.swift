import Foundation

/// The series of each module and metric in the history, their baselines and their regressions.
///
/// The rule: a series's *window* is its last ``Settings/window`` runs (3), and its *baseline* the median of the last
/// ``Settings/baselineRuns`` runs before the window that were on the default branch. A run of the window
/// *regressed* when it is slower than the baseline by at least ``Settings/percent`` percent **and** by at least
/// ``Settings/minimumChangeSeconds`` seconds; the series regressed when at least ``Settings/required`` (2) of the
/// window's runs did, so one slow run (a loaded machine) is noise. The commit range is the last run before the
/// first regressed run of the window up to that run: where the change appeared.
public struct Trends: Sendable, Equatable, Encodable {
    /// How the baseline and regressions are judged.
    public struct Settings: Sendable, Equatable {
        /// Runs of the default branch the baseline is the median of.
        public var baselineRuns: Int
        /// The slowdown that counts, in percent of the baseline; `nil`: none is judged (no `--fail-on-regression`).
        public var percent: Double?
        /// The smallest slowdown that counts, in seconds.
        public var minimumChangeSeconds: Double
        /// The runs judged: the last ones of each series.
        public var window = 3
        /// How many of the window's runs must have regressed.
        public var required = 2

        /// Creates settings.
        public init(baselineRuns: Int = 10, percent: Double? = nil, minimumChangeSeconds: Double = 1) {
            self.baselineRuns = baselineRuns
            self.percent = percent
            self.minimumChangeSeconds = minimumChangeSeconds
        }
    }

    /// One run of a series.
    public struct Point: Sendable, Equatable, Encodable {
        /// The commit.
        public var commit: String
        /// The branch recorded.
        public var branch: String
        /// Whether the run counts for the baseline (its commit is on the default branch).
        public var onDefaultBranch: Bool
        /// When it was recorded (ISO 8601).
        public var recordedAt: String
        /// The machine.
        public var machine: String
        /// Seconds.
        public var seconds: Double
    }

    /// A regression of one series.
    public struct Regression: Sendable, Equatable, Encodable {
        /// The median of the window's regressed runs, seconds.
        public var seconds: Double
        /// Its change from the baseline, seconds.
        public var changeSeconds: Double
        /// Its change from the baseline, percent.
        public var changePercent: Double
        /// How many runs of the window regressed, of how many.
        public var regressedRuns: Int
        /// See ``regressedRuns``.
        public var windowRuns: Int
        /// The last commit before the change (`nil` when the first run of the series regressed).
        public var fromCommit: String?
        /// The first commit where it showed.
        public var toCommit: String

        /// `a1b2c3d4e5f6..0f9e8d7c6b5a`, short commits.
        public var range: String
    }

    /// One module's runs of one metric, oldest first.
    public struct Series: Sendable, Equatable, Encodable {
        /// The module (a package path, or `<package>:<target>`).
        public var module: String
        /// The metric.
        public var metric: HistoryMetric
        /// The runs, oldest first.
        public var points: [Point]
        /// The baseline, seconds; `nil` when no run before the window was on the default branch.
        public var baseline: Double?
        /// How many runs the baseline is the median of.
        public var baselineRuns: Int
        /// The regression, when settings ask for one to be judged and it shows.
        public var regression: Regression?

        /// The last run's seconds.
        public var last: Double?
        /// The last run against the baseline, percent (one decimal).
        public var lastChangePercent: Double?
    }

    /// The default branch the baseline comes from (`main`), when known.
    public var defaultBranch: String?
    /// The threshold judged, percent.
    public var threshold: Double?
    /// The smallest change judged, seconds.
    public var minimumChangeSeconds: Double
    /// Every series, by module then metric.
    public var series: [Series]

    /// The series that regressed.
    public var regressions: [Series] { series.filter { $0.regression != nil } }

    /// Builds the series of `records`.
    /// - Parameters:
    ///   - records: every record read (any order; a run counted twice is counted once).
    ///   - metrics: the metrics to chart.
    ///   - isOnDefaultBranch: whether a record's run counts for the baseline.
    ///   - settings: the rule.
    ///   - defaultBranch: named in the output.
    public static func compute(
        _ records: [HistoryRecord], metrics: [HistoryMetric], settings: Settings, defaultBranch: String?,
        isOnDefaultBranch: (HistoryRecord) -> Bool
    ) -> Trends {
        var seen: Set<String> = []
        let unique = records.filter { seen.insert("\($0.run) \($0.module) \($0.source)").inserted }
        let byModule = Dictionary(grouping: unique, by: \.module)
        var series: [Series] = []
        for module in byModule.keys.sorted(by: PackageDiscovery.packageOrder) {
            let runs = (byModule[module] ?? []).sorted { ($0.recordedAt, $0.run) < ($1.recordedAt, $1.run) }
            for metric in metrics {
                let points = runs.compactMap { record in
                    record.value(metric).map {
                        Point(
                            commit: record.commit, branch: record.branch, onDefaultBranch: isOnDefaultBranch(record),
                            recordedAt: record.recordedAt, machine: record.machine, seconds: $0)
                    }
                }
                guard !points.isEmpty else { continue }
                series.append(judge(module: module, metric: metric, points: points, settings: settings))
            }
        }
        return Trends(
            defaultBranch: defaultBranch, threshold: settings.percent,
            minimumChangeSeconds: settings.minimumChangeSeconds, series: series)
    }

    static func judge(module: String, metric: HistoryMetric, points: [Point], settings: Settings) -> Series {
        let windowStart = max(0, points.count - settings.window)
        let before = points[..<windowStart].filter(\.onDefaultBranch).suffix(settings.baselineRuns)
        let baseline = median(before.map(\.seconds))
        let last = points.last?.seconds
        var series = Series(
            module: module, metric: metric, points: points, baseline: baseline, baselineRuns: before.count,
            last: last,
            lastChangePercent: baseline.flatMap { base in
                guard base > 0, let last else { return nil }
                return ((last - base) / base * 1000).rounded() / 10
            })
        guard let percent = settings.percent, let baseline, windowStart > 0 else { return series }
        let window = Array(points[windowStart...])
        let regressed = window.indices.filter { index in
            let change = window[index].seconds - baseline
            return change >= settings.minimumChangeSeconds && change >= baseline * percent / 100
        }
        guard regressed.count >= settings.required, let first = regressed.first else { return series }
        let seconds = median(regressed.map { window[$0].seconds }) ?? window[first].seconds
        let at = windowStart + first
        series.regression = Regression(
            seconds: seconds, changeSeconds: seconds - baseline,
            changePercent: baseline > 0 ? (seconds - baseline) / baseline * 100 : 0,
            regressedRuns: regressed.count, windowRuns: window.count,
            fromCommit: at > 0 ? points[at - 1].commit : nil, toCommit: points[at].commit,
            range: (at > 0 ? String(points[at - 1].commit.prefix(12)) : "") + ".."
                + String(points[at].commit.prefix(12)))
        return series
    }

    /// The median of `values`; `nil` when there are none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The line naming a regression: `regression: Core/Logging test +31.0 % (+6.2 s: 26.2 s against a baseline
    /// of 20.0 s, 3 of the last 3 runs) in a1b2c3d4e5f6..0f9e8d7c6b5a`.
    public static func line(_ series: Series) -> String? {
        guard let regression = series.regression, let baseline = series.baseline else { return nil }
        return "regression: \(series.module) \(series.metric.rawValue) "
            + String(
                format: "+%.1f %% (+%.1f s: %.1f s against a baseline of %.1f s, ", regression.changePercent,
                regression.changeSeconds, regression.seconds, baseline)
            + "\(regression.regressedRuns) of the last \(regression.windowRuns) runs) in \(regression.range)"
    }
}

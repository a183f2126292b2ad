import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The timing records the report reads today, turned into the report's series and flaky tests:
///
/// - `modules test`'s durations file (`.build/modules/durations.json`): each package's build-and-test seconds of
///   its last run (metric `buildAndTest`);
/// - `modules test`'s JUnit files (`.build/modules/junit/*.xml`): each package's test seconds (the `<testsuite>`
///   time, metric `test`), and its flaky tests: a `<testcase>` holding `<flakyFailure>` or `<flakyError>` (Maven
///   Surefire's rerun format) failed and then passed;
/// - saved `modules build-times --json` results (`--build-times FILE`): each package's clean (`build`) and
///   `incremental` build medians, on the working tree and on the `--compare` revision.
///
/// - the history store (`.build/modules/history/`, ``HistoryStore``): every recorded run of `modules test` and
///   `modules build-times`, with its commit and time (source `history`, labelled by short commit); where it holds a
///   module's metric, the undated copy of the last run from the durations or JUnit file is left out.
///
/// The durations and JUnit files record no commit, so their points are labelled by what they are and dated by the
/// file's modification time.
public struct ReportTimings: Sendable, Equatable {
    /// A record that exists but cannot be read.
    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// What is wrong with it.
        public var reason: String

        /// `<path>: <reason>`.
        public var description: String { "\(path): \(reason)" }
    }

    /// The series, by module then metric.
    public var series: [ReportData.Series] = []
    /// The flaky tests, by module then test.
    public var flaky: [ReportData.FlakyTest] = []
    /// What was looked at and not found, for the page's notes.
    public var notes: [String] = []

    /// Creates an empty collection.
    public init() {}

    /// Reads the records that exist.
    /// - Parameters:
    ///   - durations: the durations file (missing: a note, not an error; unreadable: counts as empty, as
    ///     `modules test` treats it).
    ///   - junit: the JUnit directory (missing: a note).
    ///   - buildTimes: saved `build-times --json` results; each must exist and decode.
    /// - Throws: ``Unreadable`` for a `--build-times` file that is missing or not a `build-times` result. A JUnit
    ///   file that is not well-formed is left out with a note (it is a record, not an input someone gave).
    public static func collect(
        durations: URL, junit: URL, buildTimes: [URL], history: [HistoryRecord]
    ) throws(Unreadable) -> ReportTimings {
        var timings = ReportTimings()
        var points: [String: [String: [ReportData.Point]]] = [:]
        let fromHistory = historyPoints(history)
        func add(_ module: String, _ metric: String, _ point: ReportData.Point) {
            // NB: the history holds the last `modules test` run too, with its commit: the undated copy is left out.
            if point.source != "build-times", fromHistory[module]?[metric] != nil { return }
            points[module, default: [:]][metric, default: []].append(point)
        }
        if history.isEmpty {
            timings.notes.append("No history yet: `modules test` and `modules build-times` record it.")
        }
        if let stamp = modificationTime(durations) {
            for (package, entry) in DurationStore.load(from: durations).entries {
                add(
                    package, "buildAndTest",
                    .init(
                        label: "last modules test", time: stamp, seconds: entry.seconds, source: "durations"))
            }
        } else {
            timings.notes.append("No durations file at \(durations.path): `modules test` writes one.")
        }
        let files =
            ((try? FileManager().contentsOfDirectory(at: junit, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "xml" }.sorted { $0.path < $1.path }
        if files.isEmpty {
            timings.notes.append("No JUnit files in \(junit.path): `modules test` writes them.")
        }
        for file in files {
            let suite: JUnitSummary
            do {
                suite = try JUnitSummary.read(file)
            } catch {
                timings.notes.append("Left out \(error.description).")
                continue
            }
            guard let package = suite.package else { continue }
            if let seconds = suite.testSeconds {
                add(
                    package, "test",
                    .init(
                        label: "last modules test", time: modificationTime(file), seconds: seconds, source: "junit"))
            }
            timings.flaky += suite.flaky.map {
                ReportData.FlakyTest(
                    module: package, test: $0.test, failures: $0.failures, message: $0.message, source: "junit")
            }
        }
        let saved = try buildTimes.map { url throws(Unreadable) in (url, try SavedBuildTimes.read(url)) }
        for (url, result) in saved.sorted(by: { ($0.0.stamp, $0.0.path) < ($1.0.stamp, $1.0.path) }) {
            let time = modificationTime(url)
            let name = url.lastPathComponent
            for package in result.packages {
                for (metric, comparison) in [("build", package.clean), ("incremental", package.incremental)] {
                    if let base = comparison.base, let compare = result.compare {
                        add(
                            package.package, metric,
                            .init(label: compare, time: time, seconds: base.median, source: "build-times"))
                    }
                    if let current = comparison.current {
                        add(
                            package.package, metric,
                            .init(
                                label: "working tree (\(name))", time: time, seconds: current.median,
                                source: "build-times"))
                    }
                }
            }
        }
        if buildTimes.isEmpty {
            timings.notes.append(
                "No build times: save `modules build-times --json` results and pass them with --build-times FILE.")
        }
        for (module, metrics) in fromHistory {
            for (metric, list) in metrics {
                points[module, default: [:]][metric, default: []].insert(contentsOf: list, at: 0)
            }
        }
        timings.series = points.keys.sorted().flatMap { module in
            (points[module] ?? [:]).keys.sorted().map { metric in
                ReportData.Series(module: module, metric: metric, points: points[module]?[metric] ?? [])
            }
        }
        timings.flaky.sort { ($0.module, $0.test) < ($1.module, $1.test) }
        return timings
    }

    /// The history's points by module then metric, oldest first, labelled by short commit: `build` and
    /// `incremental` (`build-times`), `test` and `buildAndTest` (`modules test`).
    static func historyPoints(_ history: [HistoryRecord]) -> [String: [String: [ReportData.Point]]] {
        var points: [String: [String: [ReportData.Point]]] = [:]
        for record in history.sorted(by: { ($0.recordedAt, $0.run) < ($1.recordedAt, $1.run) }) {
            var values: [(String, Double)] = []
            if let clean = record.cleanBuildSeconds { values.append(("build", clean)) }
            if let incremental = record.incrementalBuildSeconds { values.append(("incremental", incremental)) }
            if let test = record.testSeconds { values.append(("test", test)) }
            if record.source == "test", let build = record.buildSeconds, let test = record.testSeconds {
                values.append(("buildAndTest", HistoryRun.rounded(build + test)))
            }
            for (metric, seconds) in values {
                points[record.module, default: [:]][metric, default: []].append(
                    .init(
                        label: String(record.commit.prefix(12)), commit: record.commit, time: record.recordedAt,
                        seconds: seconds, source: "history"))
            }
        }
        return points
    }

    /// The file's modification time in ISO 8601, or `nil` when it does not exist.
    static func modificationTime(_ url: URL) -> String? {
        guard let attributes = try? FileManager().attributesOfItem(atPath: url.path),
            let date = attributes[.modificationDate] as? Date
        else { return nil }
        return ISO8601DateFormatter().string(from: date)
    }
}

extension URL {
    fileprivate var stamp: String { ReportTimings.modificationTime(self) ?? "" }
}

/// The part of a saved `modules build-times --json` result the report reads.
private struct SavedBuildTimes: Decodable {
    struct Measure: Decodable {
        var median: Double
    }

    struct Comparison: Decodable {
        var current: Measure?
        var base: Measure?
    }

    struct Package: Decodable {
        var package: String
        var clean: Comparison
        var incremental: Comparison
    }

    var schemaVersion: Int
    var compare: String?
    var packages: [Package]

    static func read(_ url: URL) throws(ReportTimings.Unreadable) -> SavedBuildTimes {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .init(path: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        let result: SavedBuildTimes
        do {
            result = try JSONDecoder().decode(SavedBuildTimes.self, from: data)
        } catch {
            throw .init(path: url.path, reason: "is not a `modules build-times --json` result (\(error))")
        }
        guard result.schemaVersion == BuildTimesReport.currentSchemaVersion else {
            throw .init(
                path: url.path,
                reason: "has build-times schema version \(result.schemaVersion); this tool reads version "
                    + "\(BuildTimesReport.currentSchemaVersion)")
        }
        return result
    }
}

/// What the report takes from one JUnit file of `modules test`: the package (the `<testsuite>` name), its test
/// seconds (the `<testsuite>` time) and the test cases that hold a `<flakyFailure>` or `<flakyError>`.
struct JUnitSummary {
    struct Flaky: Equatable {
        var test: String
        var failures: Int
        var message: String?
    }

    var package: String?
    var testSeconds: Double?
    var flaky: [Flaky] = []

    static func read(_ url: URL) throws(ReportTimings.Unreadable) -> JUnitSummary {
        guard let data = try? Data(contentsOf: url) else {
            throw .init(path: url.path, reason: "cannot be read")
        }
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        guard parser.parse() else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
            throw .init(path: url.path, reason: "is not well-formed XML (\(reason))")
        }
        guard collector.depth == 0 else {
            throw .init(path: url.path, reason: "is not well-formed XML (it ends inside an element)")
        }
        return collector.summary
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var summary = JUnitSummary()
        var depth = 0
        private var current: Flaky?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            switch name {
            case "testsuite" where summary.package == nil:
                summary.package = attributes["name"]
                summary.testSeconds = attributes["time"].flatMap(Double.init)
            case "testcase":
                let suite = attributes["classname"].map { $0 + "/" } ?? ""
                current = Flaky(test: suite + (attributes["name"] ?? "?"), failures: 0)
            case "flakyFailure", "flakyError":
                current?.failures += 1
                if current?.message == nil { current?.message = attributes["message"] }
            default:
                break
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            depth -= 1
            guard name == "testcase" else { return }
            if let flaky = current, flaky.failures > 0 { summary.flaky.append(flaky) }
            current = nil
        }
    }
}

import Foundation

/// `modules report --html FILE`: one self-contained HTML page to explore the graph, the affected set, the timings,
/// the flaky tests and the lint findings in a browser.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        summary:
            "Write one self-contained HTML page of the graph, the affected set, timings, flaky tests and findings.",
        synopsis:
            "report --html FILE [--base REF] [--targets] [--no-imports] [--no-lint] [--durations FILE] [--junit DIR] "
            + "[--build-times FILE]... [--synthetic-graph N | --data FILE] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec("--html", value: "FILE", help: "where the page goes (its directory is created)"),
            OptionSpec("--base", value: "REF", help: "highlight what the diff against REF affects (as `affected`)"),
            OptionSpec("--targets", help: "one node per target (the default for a repository of one package)"),
            OptionSpec("--no-imports", help: "read no source imports: no imports on edges, no import findings"),
            OptionSpec("--no-lint", help: "leave the lint findings out"),
            OptionSpec(
                "--durations", value: "FILE",
                help: "modules test's durations (default: .build/modules/durations.json)"),
            OptionSpec("--junit", value: "DIR", help: "modules test's JUnit files (default: .build/modules/junit)"),
            OptionSpec(
                "--build-times", value: "FILE", repeatable: true,
                help: "a saved `modules build-times --json` result (repeatable)"),
            OptionSpec(
                "--synthetic-graph", value: "N",
                help: "draw a synthetic graph of N packages instead of the repository (no manifest is read)"),
            OptionSpec("--data", value: "FILE", help: "draw a report data document (JSON) instead of the repository"),
        ],
        positionals: nil,
        details: """
            The page works from file:// with no network: its script, style and data are inline. The graph is drawn
            by layer (modules.json's layers, top first); search with /, move with the arrow keys, Enter focuses a
            module (its dependencies and dependents stay, the rest fades), Escape clears; a focused module's edges
            list, on click, the targets that declare them and the source imports that use them. Timings come from
            the records that exist: modules test's durations and JUnit files, saved build-times results. The data
            format (also what --data reads) is documented in the README of Tools/Modules.
            Exit status: 0 when the page was written, 64 bad options, 65 an input file that is not valid, 66 a
            missing input or --base that is not a commit, 73 the page cannot be written.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        guard let html = arguments.value("--html"), !html.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError(message: "--html FILE is required (where the page goes)")
        }
        let environment = context.environment
        let output = URL(fileURLWithPath: html, relativeTo: environment.currentDirectory).standardizedFileURL
        let data: ReportData
        if let count = arguments.value("--synthetic-graph") {
            try refuseRepositoryOptions(arguments, with: "--synthetic-graph")
            guard arguments.value("--data") == nil else {
                throw UsageError(message: "--synthetic-graph and --data contradict each other")
            }
            guard let number = Int(count), (SyntheticGraph.minimumCount...SyntheticGraph.maximumCount) ~= number else {
                throw UsageError(
                    message: "--synthetic-graph needs a number of packages from \(SyntheticGraph.minimumCount) to "
                        + "\(SyntheticGraph.maximumCount), not '\(count)'")
            }
            data = SyntheticGraph.data(count: number, generatedAt: Date())
        } else if let path = arguments.value("--data") {
            try refuseRepositoryOptions(arguments, with: "--data")
            data = try readData(URL(fileURLWithPath: path, relativeTo: environment.currentDirectory))
        } else {
            data = try await repositoryData(context, arguments)
        }
        let page: String
        do {
            page = try ReportPage.html(data)
        } catch {
            throw CommandFailure(message: "cannot encode the report's data: \(error)", status: ExitStatus.software)
        }
        do {
            try FileManager().createDirectory(
                at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(page.utf8).write(to: output, options: .atomic)
        } catch {
            throw CommandFailure(
                message: "cannot write \(output.path): \(error.localizedDescription)", status: ExitStatus.cannotCreate)
        }
        let summary = Summary(data: data, html: output.path, bytes: page.utf8.count)
        switch context.format {
        case .json: try context.writeJSON(summary)
        default: environment.output.writeLine(summary.sentence)
        }
        return ExitStatus.success
    }

    /// What `report` prints: where the page went and what it holds.
    struct Summary: Encodable {
        var schemaVersion = 1
        var html: String
        var bytes: Int
        var origin: String
        var level: String
        var nodes: Int
        var edges: Int
        var imports: Int
        var affected: Int?
        var series: Int
        var flaky: Int
        var findings: Int

        init(data: ReportData, html: String, bytes: Int) {
            self.html = html
            self.bytes = bytes
            origin = data.origin
            level = data.level
            nodes = data.nodes.count
            edges = data.edges.count
            imports = data.edges.reduce(0) { $0 + $1.imports.count }
            affected = data.affected?.nodes.count
            series = data.series.count
            flaky = data.flaky.count
            findings = data.findings.count
        }

        var sentence: String {
            let size = bytes >= 10_240 ? "\(bytes / 1024) KB" : "\(bytes) bytes"
            let affectedText = affected.map { ", \($0) affected" } ?? ""
            return "Wrote \(html) (\(size)): \(nodes) \(level), \(edges) dependencies, \(imports) imports"
                + "\(affectedText), \(series) timing series, \(flaky) flaky tests, \(findings) findings."
        }
    }

    private static func refuseRepositoryOptions(_ arguments: ParsedArguments, with option: String) throws {
        for other in ["--base", "--targets", "--no-imports", "--no-lint", "--durations", "--junit", "--build-times"]
        where arguments.has(other) {
            throw UsageError(message: "\(option) draws no repository, so \(other) does not apply")
        }
    }

    /// A report data document from a file.
    /// - Throws: ``CommandFailure`` 66 when it cannot be read, 65 when it is not a report data document.
    static func readData(_ url: URL) throws -> ReportData {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            throw CommandFailure(
                message: "--data \(url.path): cannot be read (\(error.localizedDescription))",
                status: ExitStatus.noInput)
        }
        var data: ReportData
        do {
            data = try JSONDecoder().decode(ReportData.self, from: bytes)
        } catch {
            throw CommandFailure(
                message: "--data \(url.path): not a report data document (\(describe(error)))",
                status: ExitStatus.dataError)
        }
        guard data.schemaVersion == ReportData.currentSchemaVersion else {
            throw CommandFailure(
                message: "--data \(url.path): schema version \(data.schemaVersion); this tool reads version "
                    + "\(ReportData.currentSchemaVersion)", status: ExitStatus.dataError)
        }
        let ids = Set(data.nodes.map(\.id))
        guard ids.count == data.nodes.count else {
            throw CommandFailure(message: "--data \(url.path): two nodes have one id", status: ExitStatus.dataError)
        }
        if let edge = data.edges.first(where: { !ids.contains($0.from) || !ids.contains($0.to) }) {
            throw CommandFailure(
                message: "--data \(url.path): the edge \(edge.from) → \(edge.to) names a node that is not in nodes",
                status: ExitStatus.dataError)
        }
        data.origin = "data"
        return data
    }

    /// A decoding error as one sentence with its coding path.
    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        let path = { (context: DecodingError.Context) in
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch decoding {
        case .keyNotFound(let key, let context): return "missing \(path(context)).\(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context): return "\(context.debugDescription) at \(path(context))"
        @unknown default: return "\(error)"
        }
    }
}

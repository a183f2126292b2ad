import Foundation
import Testing

@testable import ModulesKit

/// `modules report`: the timing records it reads, the imports behind each edge, a real repository, bad input.
@Suite(.timeLimit(.minutes(10))) struct ReportCommandTests {
    /// The data embedded in a written page.
    static func embeddedData(_ page: String) throws -> ReportData {
        let opening = "id=\"\(ReportPage.dataElementID)\">"
        let start = try #require(page.range(of: opening)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return try JSONDecoder().decode(ReportData.self, from: Data(page[start..<end].utf8))
    }

    @Test func timingsComeFromDurationsJUnitAndSavedBuildTimes() async throws {
        try await withTemporaryDirectory { root in
            let durations = root.appendingPathComponent("durations.json")
            var store = DurationStore()
            store.record([PackageTestResult(package: "Core/Logging", status: .passed, testSeconds: 12.34, log: "")])
            try store.save(to: durations)
            let junit = root.appendingPathComponent("junit", isDirectory: true)
            try FileManager().createDirectory(at: junit, withIntermediateDirectories: true)
            let run = PackageTestResult(
                package: "Core/Logging", status: .passed,
                cases: [.init(suite: "LoggingTests.A", name: "a()", outcome: .passed, seconds: 0.1)],
                buildSeconds: 9, testSeconds: 3.25, log: "")
            try Data(JUnitWriter.document(for: run).utf8).write(to: junit.appendingPathComponent("Core-Logging.xml"))
            let surefire = """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="Core/Models" tests="2" failures="0" time="5.0">
                  <testsuite name="Core/Models" tests="2" failures="0" time="1.5">
                    <testcase classname="ModelsTests.Money" name="rounds()" time="0.01" />
                    <testcase classname="ModelsTests.Clock" name="ticks()" time="0.02">
                      <flakyFailure message="Expectation failed: late" type="failure"><stackTrace>the first run</stackTrace></flakyFailure>
                      <flakyError message="crashed" type="crash" />
                    </testcase>
                  </testsuite>
                </testsuites>
                """
            try Data(surefire.utf8).write(to: junit.appendingPathComponent("Core-Models.xml"))
            let saved = root.appendingPathComponent("build-times.json")
            var report = BuildTimesReport(
                repository: root.path, runs: 2, compare: "HEAD~1", threshold: 1.25,
                packages: [
                    .init(
                        package: "Core/Logging",
                        clean: .init(current: .init(samples: [10, 12]), base: .init(samples: [8])),
                        incremental: .init(current: .init(samples: [2]), base: nil), probeFile: nil, errors: [:])
                ], app: nil, blastRadius: [], hotspots: .init(functions: [], files: [], modules: []), regressions: [])
            report.findRegressions()
            try Data(try JSONOutput.string(report).utf8).write(to: saved)

            // Two runs of Core/Models in the history, the newer first: the history's points are in time order and
            // replace the undated copy of the last run from the JUnit file.
            let history = [("c2", "2026-06-02T10:00:00Z", 1.5), ("c1", "2026-06-01T10:00:00Z", 1.25)].map {
                HistoryRecord(
                    module: "Core/Models", source: "test", buildSeconds: 4, testSeconds: $0.2, testCount: 2,
                    outcome: "passed", commit: $0.0, branch: "main", toolchain: "t", machine: "m", recordedAt: $0.1,
                    run: $0.0)
            }
            let timings = try ReportTimings.collect(
                durations: durations, junit: junit, buildTimes: [saved], history: history)
            let values = Dictionary(
                timings.series.map { ("\($0.module) \($0.metric)", $0.points.map(\.seconds)) }
            ) { a, _ in a }
            #expect(values["Core/Logging buildAndTest"] == [12.3])
            #expect(values["Core/Logging test"] == [3.25])
            #expect(values["Core/Models test"] == [1.25, 1.5])
            #expect(values["Core/Models buildAndTest"] == [5.25, 5.5])
            let models = try #require(timings.series.first { $0.module == "Core/Models" && $0.metric == "test" })
            #expect(models.points.map(\.commit) == ["c1", "c2"] && models.points.allSatisfy { $0.source == "history" })
            #expect(values["Core/Logging build"] == [8, 11])
            #expect(values["Core/Logging incremental"] == [2])
            let build = try #require(timings.series.first { $0.module == "Core/Logging" && $0.metric == "build" })
            #expect(build.points.map(\.label) == ["HEAD~1", "working tree (build-times.json)"])
            #expect(build.points.allSatisfy { $0.source == "build-times" && $0.time != nil && $0.commit == nil })
            #expect(
                timings.flaky == [
                    .init(
                        module: "Core/Models", test: "ModelsTests.Clock/ticks()", failures: 2,
                        message: "Expectation failed: late", source: "junit")
                ])
            #expect(timings.notes.isEmpty)

            let none = try ReportTimings.collect(
                durations: root.appendingPathComponent("missing.json"), junit: root.appendingPathComponent("none"),
                buildTimes: [], history: [])
            #expect(none.series.isEmpty && none.notes.count == 4)
        }
    }

    @Test func brokenRecordsAreNamedAndLeftOut() async throws {
        try await withTemporaryDirectory { root in
            let saved = root.appendingPathComponent("bt.json")
            try Data(#"{"schemaVersion": 1, "packages": [{"package": 3}]}"#.utf8).write(to: saved)
            #expect {
                _ = try ReportTimings.collect(durations: saved, junit: root, buildTimes: [saved], history: [])
            } throws: { error in
                let failure = error as? ReportTimings.Unreadable
                return failure?.path == saved.path && failure?.reason.contains("build-times") == true
            }
            let junit = root.appendingPathComponent("junit", isDirectory: true)
            try FileManager().createDirectory(at: junit, withIntermediateDirectories: true)
            try Data("<testsuites><testsuite".utf8).write(to: junit.appendingPathComponent("x.xml"))
            let result = await runModules(
                ["report", "--html", "out.html", "--junit", junit.path, "--no-lint", "--no-imports"], in: root,
                runner: ScriptedRunner { _ in ProcessResult(status: 1) })
            #expect(result.status == ExitStatus.success, "a damaged record stopped the report")
            let page = try String(contentsOf: root.appendingPathComponent("out.html"), encoding: .utf8)
            let notes = try Self.embeddedData(page).notes
            #expect(notes.contains("Left out \(junit.path)/x.xml: is not well-formed XML (it ends inside an element)."))
        }
    }

    @Test func edgesCarryTheirTargetsAndTheImportsTheCompilerSees() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Networking")
            try graph.add("DesignSystem")
            try graph.add("Features/Feed", uses: ["Core/Networking", "DesignSystem"])
            let sources = root.appendingPathComponent("Features/Feed/Sources/Feed", isDirectory: true)
            try FileManager().createDirectory(at: sources, withIntermediateDirectories: true)
            let text =
                "// import DesignSystem in a comment\nimport Foundation\n#if NEVER\nimport DesignSystem\n#endif\n"
                + "@testable import Networking\n"
            try Data(text.utf8).write(to: sources.appendingPathComponent("Feed.swift"))
            let calls = Counter()
            // The compiler's answer: `#if NEVER` is inactive, so only Foundation and Networking.
            let compiler = ScriptedRunner { invocation in
                _ = calls.next()
                let answer =
                    invocation.arguments.contains { $0.hasSuffix("Feed.swift") } ? "Foundation\nNetworking\n" : ""
                return ProcessResult(status: 0, standardOutput: Data(answer.utf8))
            }
            let memo = ImportScanMemo(base: compiler)
            let scan = graph.scan()
            let targets = TargetGraph(scan: scan)
            let evidence = ImportEvidence(
                scan: scan, graph: targets, scanner: ImportScanner(runner: memo, swiftc: "swiftc", root: root),
                concurrency: 2)
            let entries = await evidence.entries()
            let before = calls.next()
            #expect(await evidence.entries() == entries)
            #expect(calls.next() == before + 1, "the second scan ran the compiler again")

            let data = ReportBuilder(scan: scan, graph: targets, level: .packages).data(
                .init(
                    imports: entries, lint: nil, affected: nil, timings: ReportTimings(), commit: "abc",
                    generatedAt: Date(timeIntervalSince1970: 0)))
            let networking = try #require(data.edges.first { $0.from == "Features/Feed" && $0.to == "Core/Networking" })
            #expect(
                networking.imports == [
                    .init(target: "Feed", file: "Features/Feed/Sources/Feed/Feed.swift", line: 6, module: "Networking")
                ])
            #expect(networking.uses.map(\.target) == ["Feed"] && networking.uses.first?.product == "Networking")
            #expect(networking.uses.first?.manifest == "Features/Feed/Package.swift")
            let design = try #require(data.edges.first { $0.to == "DesignSystem" })
            #expect(design.imports.isEmpty, "an import in an inactive #if branch or a comment was counted")
            #expect(data.notes.contains { $0.contains("--no-lint") } && data.commit == "abc")

            let byTarget = ReportBuilder(scan: scan, graph: targets, level: .targets).data(
                .init(
                    imports: entries, lint: nil, affected: nil, timings: ReportTimings(), commit: nil,
                    generatedAt: Date(timeIntervalSince1970: 0)))
            #expect(byTarget.nodes.first { $0.id == "Features/Feed:FeedTests" }?.type == "test")
            let edge = try #require(
                byTarget.edges.first { $0.from == "Features/Feed:Feed" && $0.to == "Core/Networking:Networking" })
            #expect(edge.imports.map(\.line) == [6] && edge.uses.map(\.product) == ["Networking"])
        }
    }

    @Test func reportOfARealRepositoryWithItsAffectedSet() async throws {
        try await withTemporaryDirectory { parent in
            let root = try Fixtures.copy("Clean", into: parent)
            try commitEverything(in: root)
            try Data("public let changed = 1\n".utf8).write(
                to: root.appendingPathComponent("Core/Base/Sources/Base/Changed.swift"))
            let result = await runModules(
                ["report", "--html", ".build/report/index.html", "--base", "HEAD", "--json"], in: root,
                runner: liveRunner(parent))
            #expect(result.status == ExitStatus.success, "\(result.errorOutput)")
            let summary = try jsonObject(result.output)
            #expect(summary["nodes"] as? Int == 4 && summary["affected"] as? Int == 3)
            let page = try String(
                contentsOf: root.appendingPathComponent(".build/report/index.html"), encoding: .utf8)
            let data = try Self.embeddedData(page)
            #expect(data.origin == "repository" && data.level == "packages" && data.commit?.count == 40)
            #expect(data.layers.map(\.name) == ["app", "features", "core"])
            #expect(Set(data.nodes.map(\.id)) == [".", "Features/Feed", "Core/Base", "Core/Kit"])
            let feed = try #require(data.edges.first { $0.from == "Features/Feed" && $0.to == "Core/Base" })
            #expect(
                Set(feed.imports.map { "\($0.target) \($0.file):\($0.line) \($0.module)" }) == [
                    "Feed Features/Feed/Sources/Feed/Feed.swift:1 Base",
                    "FeedTests Features/Feed/Tests/FeedTests/FeedTests.swift:1 BaseTestSupport",
                ])
            let kit = try #require(data.edges.first { $0.from == "." && $0.to == "Core/Kit" })
            #expect(kit.testOnly && kit.imports.map(\.file) == ["Tests/AppTests/AppTests.swift"])
            let affected = try #require(data.affected)
            #expect(affected.nodes.filter(\.changed).map(\.id) == ["Core/Base"])
            #expect(Set(affected.nodes.map(\.id)) == [".", "Features/Feed", "Core/Base"])
            #expect(
                data.findings.isEmpty && data.series.isEmpty && data.notes.count == 4,
                "no durations, JUnit, build times or history")
            #expect(result.errorOutput.contains("[3/3] report: reading the imports behind each dependency"))
        }
    }

    @Test func badOptionsAndInputsAreRefused() async throws {
        try await withTemporaryDirectory { root in
            let refuse = ScriptedRunner { _ in ProcessResult(status: 1) }
            let run = { (arguments: [String]) in await runModules(["report"] + arguments, in: root, runner: refuse) }
            #expect(await run([]).errorOutput.contains("--html FILE is required"))
            #expect(await run(["--html", "a.html", "--synthetic-graph", "3"]).status == ExitStatus.usage)
            #expect(
                await run(["--html", "a.html", "--synthetic-graph", "20", "--base", "HEAD"]).errorOutput.contains(
                    "--synthetic-graph draws no repository, so --base does not apply"))
            #expect(await run(["--html", "a.html", "--data", "none.json"]).status == ExitStatus.noInput)
            let bad = root.appendingPathComponent("bad.json")
            try Data(#"{"schemaVersion": 1, "title": "x", "nodes": []}"#.utf8).write(to: bad)
            let malformed = await run(["--html", "a.html", "--data", bad.path])
            #expect(malformed.status == ExitStatus.dataError)
            #expect(malformed.errorOutput.contains("--data \(bad.path): not a report data document (missing"))
            var data = ReportPageTests.hostileData()
            data.edges[0].to = "Core/Nowhere"
            try Data(try JSONOutput.string(data).utf8).write(to: bad)
            #expect(
                await run(["--html", "a.html", "--data", bad.path]).errorOutput.contains(
                    "the edge Core/A → Core/Nowhere names a node that is not in nodes"))
            #expect(
                await run(["--html", "a.html", "--build-times", "gone.json", "--no-lint"]).status
                    == ExitStatus.noInput)
            try Data("x".utf8).write(to: root.appendingPathComponent("file"))
            let blocked = await run(["--html", "file/a.html", "--synthetic-graph", "10"])
            #expect(blocked.status == ExitStatus.cannotCreate && blocked.errorOutput.contains("cannot write"))
            let written = await run(["--html", "ok/a.html", "--synthetic-graph", "10"])
            #expect(written.status == ExitStatus.success)
            #expect(written.output.hasPrefix("Wrote \(root.path)/ok/a.html ("))
            #expect(written.output.contains(": 10 packages, "))
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// `modules explain`: the first input that differs from a target's last passing run, for every kind of input, over a
/// fixture repository (`Fixtures/SharedCache`: Features/Feed's FeedTests → Feed → Core/Base's Base); and
/// `modules test --why` printing the same reason.
@Suite(.timeLimit(.minutes(10))) struct ExplainTests {
    static let inputs = ActionKeyInputs(
        toolchainVersion: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n",
        configuration: "debug", flags: [], environment: ["MODULES_FIXTURE_FLAVOR": "plain"])

    static let resolved = """
        {"pins": [{"identity": "swift-collections", "kind": "remoteSourceControl",
          "location": "https://example.com/apple/swift-collections.git",
          "state": {"revision": "aaaa", "version": "1.1.0"}}], "version": 2}
        """

    /// One change and what explain must name.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var change: @Sendable (URL) throws -> Void
        var inputs: ActionKeyInputs = ExplainTests.inputs
        var kind: String
        var subject: String
        var summary: String
        var description: String { name }
    }

    static func edit(_ path: String, in repo: URL, _ transform: (String) -> String) throws {
        let url = repo.appendingPathComponent(path)
        try Data(transform(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
    }

    static let feedTests = "Features/Feed/Tests/FeedTests/FeedTests.swift"

    static let cases: [Case] = [
        Case(
            name: "an edited file", change: { try edit(feedTests, in: $0) { $0 + "// edited\n" } },
            kind: "file-edited", subject: feedTests, summary: "file edited: \(feedTests)"),
        Case(
            name: "a renamed file",
            change: {
                try FileManager().moveItem(
                    at: $0.appendingPathComponent(feedTests),
                    to: $0.appendingPathComponent("Features/Feed/Tests/FeedTests/FeedSpec.swift"))
            }, kind: "file-renamed", subject: "Features/Feed/Tests/FeedTests/FeedSpec.swift",
            summary: "file renamed: \(feedTests) → Features/Feed/Tests/FeedTests/FeedSpec.swift"),
        Case(
            name: "an empty file added",
            change: { try Data().write(to: $0.appendingPathComponent("Features/Feed/Tests/FeedTests/Empty.swift")) },
            kind: "file-added", subject: "Features/Feed/Tests/FeedTests/Empty.swift",
            summary: "file added: Features/Feed/Tests/FeedTests/Empty.swift (empty)"),
        Case(
            name: "a dependency two levels down",
            change: { try edit("Core/Base/Sources/Base/Base.swift", in: $0) { $0 + "// deeper\n" } },
            kind: "dependency", subject: "Core/Base:Base",
            summary: "dependency changed Core/Base:Base (via Features/Feed:FeedTests → Features/Feed:Feed → "
                + "Core/Base:Base): file edited: Core/Base/Sources/Base/Base.swift"),
        Case(
            name: "the manifest", change: { try edit("Features/Feed/Package.swift", in: $0) { $0 + "// note\n" } },
            kind: "manifest", subject: "Features/Feed/Package.swift",
            summary: "manifest changed: Features/Feed/Package.swift"),
        Case(
            name: "a Package.resolved pin",
            change: {
                try edit("Features/Feed/Package.resolved", in: $0) {
                    $0.replacingOccurrences(of: "1.1.0", with: "1.2.0")
                }
            },
            kind: "resolved", subject: "swift-collections",
            summary: "Package.resolved pin swift-collections: 1.2.0 aaaa (was 1.1.0 aaaa)"),
        Case(
            name: "another toolchain", change: { _ in },
            inputs: ActionKeyInputs(
                toolchainVersion: "Swift version 6.4 (swift-6.4-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n",
                configuration: "debug", flags: [], environment: ["MODULES_FIXTURE_FLAVOR": "plain"]),
            kind: "toolchain", subject: "swift --version",
            summary:
                "another toolchain: Swift version 6.4 (swift-6.4-RELEASE) (was Swift version 6.3.1 (swift-6.3.1-RELEASE))"
        ),
        Case(
            name: "a flag", change: { _ in },
            inputs: ActionKeyInputs(
                toolchainVersion: ExplainTests.inputs.toolchainVersion, configuration: "debug", flags: ["coverage"],
                environment: ["MODULES_FIXTURE_FLAVOR": "plain"]),
            kind: "flag", subject: "coverage", summary: "flag added: coverage"),
        Case(
            name: "an allow-listed environment variable", change: { _ in },
            inputs: ActionKeyInputs(
                toolchainVersion: ExplainTests.inputs.toolchainVersion, configuration: "debug", flags: [],
                environment: ["MODULES_FIXTURE_FLAVOR": "spicy"]),
            kind: "environment", subject: "MODULES_FIXTURE_FLAVOR",
            summary: "environment variable MODULES_FIXTURE_FLAVOR changed: spicy (was plain)"),
    ]

    @Test func eachChangeIsNamedAsTheFirstCause() async throws {
        try await withTemporaryDirectory { directory in
            let pristine = try Fixtures.copy("SharedCache", into: directory.appendingPathComponent("pristine"))
            try Data(Self.resolved.utf8).write(to: pristine.appendingPathComponent("Features/Feed/Package.resolved"))
            let repo = directory.appendingPathComponent("repo")
            try FileManager().copyItem(at: pristine, to: repo)
            let loader = ManifestLoader(runner: liveRunner(directory), swiftExecutable: "swift")
            let configuration = try ModulesConfiguration.load(from: repo.appendingPathComponent("modules.json"))
            let scan = try await RepositoryScanner(loader: loader, concurrency: 2).scan(
                root: repo, configuration: configuration)
            let graph = TargetGraph(scan: scan)
            let target = "Features/Feed:FeedTests"
            let passing = try #require(ActionKeyBuilder(inputs: Self.inputs).keys(scan: scan, graph: graph)[target])
            let ref = TargetRef(package: "Features/Feed", target: "FeedTests")
            for testCase in Self.cases {
                // Every case starts from the passing tree: the files are read when the keys are made.
                try FileManager().removeItem(at: repo)
                try FileManager().copyItem(at: pristine, to: repo)
                try testCase.change(repo)
                let now = try #require(ActionKeyBuilder(inputs: testCase.inputs).keys(scan: scan, graph: graph)[target])
                #expect(now.key != passing.key, "\(testCase.name) changes the key")
                let explanation = KeyExplanation.compare(
                    target: target, current: now, previousKey: passing.key, previous: passing.description,
                    previousParts: passing.dependencyParts, against: "the last passing run"
                ) { dependency in
                    graph.nodes.first { $0.ref.description == dependency }.flatMap {
                        graph.path(from: ref, to: $0.ref)
                    }?
                    .map(\.description) ?? []
                }
                #expect(explanation.causes.count == 1, "\(testCase.name): \(explanation.causes.map(\.summary))")
                #expect(explanation.causes.first?.kind == testCase.kind, "\(testCase.name)")
                #expect(explanation.causes.first?.subject == testCase.subject, "\(testCase.name)")
                #expect(explanation.reason == testCase.summary, "\(testCase.name)")
            }
            try FileManager().removeItem(at: repo)
            try FileManager().copyItem(at: pristine, to: repo)
            let same = try #require(ActionKeyBuilder(inputs: Self.inputs).keys(scan: scan, graph: graph)[target])
            let nothing = KeyExplanation.compare(
                target: target, current: same, previousKey: passing.key, previous: passing.description,
                previousParts: passing.dependencyParts, against: "the last passing run"
            ) { _ in [] }
            #expect(nothing.causes.isEmpty && nothing.reason == "nothing changed since the last passing run")
        }
    }

    /// `swift --version` answered with a fixed text; everything else by `swift`.
    static func runner(_ swift: FakeSwift) -> ScriptedRunner {
        ScriptedRunner { invocation in
            if invocation.arguments == ["--version"] {
                return ProcessResult(
                    status: 0, standardOutput: Data("Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64\n".utf8))
            }
            return try swift.runner.handler(invocation)
        }
    }

    @Test func testWhyAndExplainSayWhatChangedSinceTheLastPass() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/A"])
            let tests = repo.appendingPathComponent("Core/A/Tests/ATests")
            try FileManager().createDirectory(at: tests, withIntermediateDirectories: true)
            try Data("import Testing\n".utf8).write(to: tests.appendingPathComponent("ATests.swift"))
            let swift = FakeSwift(["A": .tests(passed: 2)], withTests: true)
            let first = await runModules(["test", "--why", "--repo", repo.path], in: repo, runner: Self.runner(swift))
            #expect(first.status == 0, "\(first.errorOutput)")
            #expect(first.errorOutput.contains("why Core/A:ATests: no passing run recorded"), "\(first.errorOutput)")

            let again = await runModules(["test", "--why", "--repo", repo.path], in: repo, runner: Self.runner(swift))
            #expect(again.errorOutput.contains("why Core/A:ATests: nothing changed since"), "\(again.errorOutput)")

            try Data("import Testing\n// more\n".utf8).write(to: tests.appendingPathComponent("ATests.swift"))
            let third = await runModules(["test", "--why", "--repo", repo.path], in: repo, runner: Self.runner(swift))
            #expect(third.errorOutput.contains("why Core/A:ATests: file edited: Core/A/Tests/ATests/ATests.swift"))

            try Data("import Testing\n// more still\n".utf8).write(to: tests.appendingPathComponent("ATests.swift"))
            let explain = await runModules(
                ["explain", "Core/A:ATests", "--json", "--repo", repo.path], in: repo, runner: Self.runner(swift))
            #expect(explain.status == 0, "\(explain.errorOutput)")
            let object = try jsonObject(explain.output)
            let target = try #require((object["targets"] as? [[String: Any]])?.first)
            #expect(target["reason"] as? String == "file edited: Core/A/Tests/ATests/ATests.swift")
            let cause = try #require((target["causes"] as? [[String: Any]])?.first)
            #expect(cause["kind"] as? String == "file-edited")
            #expect(cause["subject"] as? String == "Core/A/Tests/ATests/ATests.swift")

            let flagged = await runModules(
                ["explain", "ATests", "--coverage", "--repo", repo.path], in: repo, runner: Self.runner(swift))
            #expect(flagged.output.hasPrefix("Core/A:ATests: flag added: coverage"), "\(flagged.output)")

            let unknown = await runModules(
                ["explain", "Nope", "--repo", repo.path], in: repo, runner: Self.runner(swift))
            #expect(unknown.status == 66 && unknown.errorOutput.contains("no target or package 'Nope'"))
        }
    }
}

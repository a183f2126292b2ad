import Foundation
import Testing

@testable import ModulesKit

/// Imports and dependencies are evaluated for every platform a package declares or a condition names.
@Suite(.timeLimit(.minutes(10))) struct PlatformTests {
    private func lint(_ repo: URL, _ directory: URL) async throws -> (Int32, [[String: Any]]) {
        let run = await runModules(["lint", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
        return (run.status, try jsonObject(run.output)["findings"] as? [[String: Any]] ?? [])
    }

    @Test func aDependencyUsedOnlyOnAnotherPlatformIsNotUnused() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Platforms", into: directory)
            let (status, findings) = try await lint(repo, directory)
            #expect(status == 0)
            #expect(findings.isEmpty, "\(findings)")
        }
    }

    @Test func anUndeclaredImportOnAnotherPlatformIsFoundAtItsLineAndSaysWhere() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Platforms", into: directory)
            let main = repo.appendingPathComponent("Sources/App/main.swift")
            try Data("import Core\n\n#if os(macOS)\n    import MacSupport\n    import Helpers\n#endif\n".utf8).write(
                to: main)
            let (status, findings) = try await lint(repo, directory)
            #expect(status == 1)
            let finding = try #require(findings.first)
            #expect(findings.count == 1, "\(findings)")
            #expect(finding["rule"] as? String == "undeclared-import")
            #expect(finding["module"] as? String == "Helpers")
            #expect(finding["file"] as? String == "Sources/App/main.swift")
            #expect(finding["line"] as? Int == 5)
            #expect((finding["message"] as? String)?.contains("(imported only on macos)") == true)
        }
    }

    @Test func whereCanImportCannotBeEvaluatedTheUnusedFindingSaysSo() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Platforms", into: directory)
            let main = repo.appendingPathComponent("Sources/App/main.swift")
            try Data("import Core\n\n#if canImport(AppKit)\n    import MacSupport\n#endif\n".utf8).write(to: main)
            let (status, findings) = try await lint(repo, directory)
            #expect(status == 0)
            let unused = try #require(findings.first { $0["rule"] as? String == "unused-dependency" })
            let message = unused["message"] as? String ?? ""
            #expect(message.contains("cannot evaluate for macos (no SDK here)"), "\(message)")
        }
    }

    @Test func conditionsOnTargetDependenciesAreRead() throws {
        let json = #"""
            {"name": "P", "dependencies": [], "products": [], "platforms": [{"platformName": "ios", "version": "17.0"}],
             "targets": [{"name": "A", "type": "regular", "dependencies": [
               {"target": ["B", {"platformNames": ["macos"]}]},
               {"product": ["Dep", "dep", null, {"platformNames": ["ios", "linux"]}]},
               {"byName": ["C", null]}]}]}
            """#
        let manifest = try DumpPackageDecoder.decode(Data(json.utf8))
        #expect(manifest.platforms == ["ios"])
        #expect(manifest.targets.first?.dependencies.map(\.platforms) == [["macos"], ["ios", "linux"], nil])
        #expect(manifest.targets.first?.dependencies.map(\.package) == [nil, "dep", nil])
    }

    @Test func anImportReachableOnlyThroughAConditionedDependencyIsUnavailableElsewhere() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("PlatformConditions", into: directory)
            let (status, findings) = try await lint(repo, directory)
            #expect(status == 1)
            // WinSupport is imported only under #elseif os(Windows), which the sources name: not unused.
            #expect(findings.count == 1, "\(findings)")
            let finding = try #require(findings.first)
            #expect(finding["rule"] as? String == "platform-unavailable-import")
            #expect(finding["severity"] as? String == "error")
            #expect(finding["module"] as? String == "Logging")
            #expect(finding["file"] as? String == "Sources/App/main.swift")
            #expect(finding["line"] as? Int == 1)
            let message = finding["message"] as? String ?? ""
            #expect(message.contains("unavailable on windows"), "\(message)")
            #expect(message.contains("only through Net, a dependency only on linux"), "\(message)")

            // Under the same condition as Net, Logging is a plain transitive import on Linux.
            let main = repo.appendingPathComponent("Sources/App/main.swift")
            try Data(
                "#if os(Linux)\n    import Net\n    import Logging\n#elseif os(Windows)\n    import WinSupport\n#endif\n"
                    .utf8
            ).write(to: main)
            let (_, after) = try await lint(repo, directory)
            #expect(after.map { $0["rule"] as? String } == ["transitive-import"], "\(after)")
        }
    }

    @Test func aDirectDependencyOnAnotherPlatformImportedEverywhereIsUnavailableHere() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Platforms", into: directory)
            let main = repo.appendingPathComponent("Sources/App/main.swift")
            try Data("import Core\nimport MacSupport\n\nprint(coreName)\n".utf8).write(to: main)
            let (status, findings) = try await lint(repo, directory)
            #expect(status == 1)
            let finding = try #require(findings.first)
            #expect(findings.count == 1, "\(findings)")
            #expect(finding["rule"] as? String == "platform-unavailable-import")
            #expect(finding["line"] as? Int == 2)
            #expect((finding["message"] as? String)?.contains("unavailable on linux") == true)
        }
    }

    @Test func graphForOnePlatformLeavesOutTheDependenciesOfOthers() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("PlatformConditions", into: directory)
            func edges(_ extra: [String]) async throws -> Set<String> {
                let run = await runModules(
                    ["graph", "--json", "--repo", repo.path] + extra, in: repo, runner: liveRunner(directory))
                #expect(run.status == 0, "\(run.errorOutput)")
                let edges = try jsonObject(run.output)["edges"] as? [[String: Any]] ?? []
                return Set(edges.map { "\($0["from"] as? String ?? "")>\($0["to"] as? String ?? "")" })
            }
            let all = try await edges([])
            #expect(all.contains(".:App>.:Net") && all.contains(".:App>.:WinSupport"))
            let windows = try await edges(["--platform", "windows"])
            #expect(windows == all.subtracting([".:App>.:Net"]))
            #expect(try await edges(["--platform", "Linux"]) == all)
            let text = await runModules(
                ["graph", "--platform", "windows", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(text.output.contains("dependencies on windows"), "\(text.output)")
            let bad = await runModules(
                ["graph", "--platform", "beos", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(bad.status == 64)
            #expect(bad.errorOutput.contains("unknown platform 'beos'"))
        }
    }

    @Test func thePlatformsSourcesNameAreRead() {
        let source = """
            #if os(macOS) || os(iOS)
            import A
            #elseif os(Windows)
            import B
            #endif
            let text = "os(Android)"  // not a condition
            """
        #expect(ImportLinter.platformsNamed(in: source) == ["ios", "macos", "windows"])
    }
}

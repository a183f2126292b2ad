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
}

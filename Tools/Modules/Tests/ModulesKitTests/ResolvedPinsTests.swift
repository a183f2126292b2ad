import Foundation
import Testing

@testable import ModulesKit

/// The pins of a library that commits no `Package.resolved` (`Fixtures/Unpinned`): real SwiftPM resolutions against
/// a git package beside it, nothing built.
@Suite(.timeLimit(.minutes(10))) struct ResolvedPinsTests {
    private func key(of repo: URL, in directory: URL) async throws -> ActionKey {
        let scan = try await RepositoryScanner(
            loader: ManifestLoader(runner: liveRunner(directory), swiftExecutable: "swift", cache: nil),
            concurrency: 2
        ).scan(root: repo, configuration: ModulesConfiguration())
        let inputs = ActionKeyInputs(
            toolchainVersion: "Swift 6.3.1", configuration: "debug", flags: [], environment: [:])
        let keys = ActionKeyBuilder(inputs: inputs).keys(scan: scan, graph: TargetGraph(scan: scan))
        return try #require(keys[".:LibTests"], "\(keys.keys.sorted())")
    }

    private func revision(_ tag: String, in repo: URL, directory: URL) async throws -> String {
        let result = try await liveRunner(directory).run(
            ProcessInvocation(executable: "git", arguments: ["rev-parse", "\(tag)^{commit}"], workingDirectory: repo))
        return result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aLibraryWithoutPackageResolvedIsKeyedWithWhatSwiftPMResolvedForTheRun() async throws {
        try await withTemporaryDirectory { directory in
            let fixture = try Fixtures.copy("Unpinned", into: directory)
            let upstream = fixture.appendingPathComponent("Upstream")
            let repo = fixture.appendingPathComponent("Lib")
            try commitEverything(in: upstream)
            try git(["tag", "1.0.0"], in: upstream)
            try commitEverything(in: repo)
            let resolvedFile = repo.appendingPathComponent("Package.resolved")

            let unresolved = try await key(of: repo, in: directory)
            #expect(!unresolved.isResolved)
            #expect(unresolved.description.contains("\nresolved unknown\n"))

            // A shared-cache run resolves before it makes keys, as its build would (the cache itself is down here).
            let run = await runModules(
                [
                    "test", "--changed-since-green", "--cache-url", "http://127.0.0.1:9", "--cache-timeout", "2",
                    "--dry-run", "--repo", repo.path,
                ], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            #expect(!run.errorOutput.contains("could not resolve"), "\(run.errorOutput)")
            #expect(FileManager().fileExists(atPath: resolvedFile.path), "SwiftPM wrote the pins it resolved")
            let first = try await revision("1.0.0", in: upstream, directory: directory)
            let resolved = try await key(of: repo, in: directory)
            #expect(resolved.isResolved)
            #expect(resolved.description.contains("\npin upstream 1.0.0 \(first)\n"), "\(resolved.description)")
            #expect(resolved.key != unresolved.key)

            // Upstream releases 1.0.1; a fresh resolution picks it, and the key says so.
            let source = upstream.appendingPathComponent("Sources/Upstream/Upstream.swift")
            try Data("/// The number this package exports.\npublic let upstreamNumber = 2\n".utf8).write(to: source)
            try git(["commit", "-q", "-am", "two"], in: upstream)
            try git(["tag", "1.0.1"], in: upstream)
            try FileManager().removeItem(at: resolvedFile)
            let resolve = try await liveRunner(directory).run(
                ProcessInvocation(
                    executable: "swift", arguments: ["package", "resolve", "--package-path", repo.path],
                    workingDirectory: repo))
            #expect(resolve.succeeded, "\(resolve.standardErrorText)")
            let second = try await revision("1.0.1", in: upstream, directory: directory)
            let newer = try await key(of: repo, in: directory)
            #expect(newer.description.contains("\npin upstream 1.0.1 \(second)\n"))
            #expect(newer.key != resolved.key)

            // Without Package.resolved, the workspace state of the package's own .build holds the same pins.
            try FileManager().removeItem(at: resolvedFile)
            let fromState = try await key(of: repo, in: directory)
            #expect(fromState == newer)
        }
    }

    @Test func workspaceStateAndPackageResolvedSpellTheSamePins() throws {
        let resolved = #"""
            {"pins": [{"identity": "Widgets", "kind": "remoteSourceControl", "location": "https://x/w.git",
              "state": {"revision": "abc", "version": "1.2.0"}},
             {"identity": "tools", "kind": "remoteSourceControl", "location": "https://x/t.git",
              "state": {"branch": "main", "revision": "def"}}], "version": 3}
            """#
        let state = #"""
            {"object": {"artifacts": [], "dependencies": [
              {"packageRef": {"identity": "tools", "kind": "remoteSourceControl", "location": "https://x/t.git"},
               "state": {"checkoutState": {"branch": "main", "revision": "def"}, "name": "sourceControlCheckout"}},
              {"packageRef": {"identity": "widgets", "kind": "remoteSourceControl", "location": "https://x/w.git"},
               "state": {"checkoutState": {"revision": "abc", "version": "1.2.0"}, "name": "sourceControlCheckout"}},
              {"packageRef": {"identity": "store", "kind": "fileSystem", "location": "/repo/Core/Store"},
               "state": {"name": "fileSystem", "path": "/repo/Core/Store"}}]}, "version": 7}
            """#
        let fromFile = try #require(ActionKeyBuilder.pins(Data(resolved.utf8)))
        #expect(fromFile == ["pin tools branch:main def", "pin widgets 1.2.0 abc"])
        #expect(ResolvedPins.workspacePins(Data(state.utf8)) == fromFile)
        #expect(ResolvedPins.workspacePins(Data("{\"version\": 7}".utf8)) == nil)
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// The manifest cache: a warm run starts no `swift` process, and any change to what a manifest's result depends on
/// (its text, its directory, the toolchain) reads it through `swift` again.
@Suite(.timeLimit(.minutes(10))) struct ManifestCacheTests {
    /// Counts the `dump-package` calls of a scripted `swift`; a package named `Broken` fails to load.
    final class DumpCounter: @unchecked Sendable {
        // Sound: `directories` is only touched while `lock` is held.
        private let lock = NSLock()
        private var directories: [String] = []

        var calls: [String] { lock.withLock { directories } }

        var runner: ScriptedRunner {
            ScriptedRunner { [self] invocation in
                let name = invocation.workingDirectory?.lastPathComponent ?? ""
                lock.withLock { directories.append(name) }
                if name == "Broken" {
                    return ProcessResult(status: 1, standardError: Data("error: manifest parse error".utf8))
                }
                let json = #"{"name": "\#(name)", "dependencies": [], "products": [], "targets": []}"#
                return ProcessResult(status: 0, standardOutput: Data(json.utf8))
            }
        }
    }

    private func scan(_ repo: URL, _ runner: ScriptedRunner, cache: URL?, fingerprint: String = "t1") async throws
        -> RepositoryScan
    {
        let loader = ManifestLoader(
            runner: runner, swiftExecutable: "swift",
            cache: cache.map { ManifestCache(directory: $0, toolchainFingerprint: fingerprint) })
        return try await RepositoryScanner(loader: loader, concurrency: 2).scan(
            root: repo, configuration: ModulesConfiguration())
    }

    @Test func aWarmScanStartsNoProcessAndAnEditedManifestIsReadAgain() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/Logging", "Core/Models", "Features/Feed"])
            let cache = directory.appendingPathComponent("cache", isDirectory: true)
            let counter = DumpCounter()

            let cold = try await scan(repo, counter.runner, cache: cache)
            #expect(counter.calls.count == 3)
            #expect(cold.cachedManifestCount == 0)

            let warm = try await scan(repo, counter.runner, cache: cache)
            #expect(counter.calls.count == 3, "a warm scan started \(counter.calls.count - 3) processes")
            #expect(warm.cachedManifestCount == 3)
            #expect(warm.packages.map(\.manifest.name) == cold.packages.map(\.manifest.name))

            let models = repo.appendingPathComponent("Core/Models/Package.swift")
            try Data("// swift-tools-version:6.2\n// edited\n".utf8).write(to: models)
            _ = try await scan(repo, counter.runner, cache: cache)
            #expect(counter.calls.suffix(from: 3) == ["Models"])

            // A version-specific manifest beside Package.swift is part of the key.
            let variant = repo.appendingPathComponent("Core/Logging/Package@swift-6.0.swift")
            try Data("// swift-tools-version:6.0\n".utf8).write(to: variant)
            _ = try await scan(repo, counter.runner, cache: cache)
            #expect(counter.calls.suffix(from: 4) == ["Logging"])
        }
    }

    @Test func anotherToolchainOrDirectoryIsAMiss() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/Logging"])
            let cache = directory.appendingPathComponent("cache", isDirectory: true)
            let counter = DumpCounter()
            _ = try await scan(repo, counter.runner, cache: cache, fingerprint: "t1")
            _ = try await scan(repo, counter.runner, cache: cache, fingerprint: "t2")
            #expect(counter.calls.count == 2)

            // The same manifest text in a moved copy of the repository: dump-package's absolute paths differ.
            let moved = directory.appendingPathComponent("moved", isDirectory: true)
            try FileManager().copyItem(at: repo, to: moved)
            _ = try await scan(moved, counter.runner, cache: cache, fingerprint: "t2")
            #expect(counter.calls.count == 3)
        }
    }

    @Test func aFailedManifestIsNeverRecorded() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/Broken"])
            let cache = directory.appendingPathComponent("cache", isDirectory: true)
            let counter = DumpCounter()
            let first = try await scan(repo, counter.runner, cache: cache)
            let second = try await scan(repo, counter.runner, cache: cache)
            #expect(first.failures.count == 1)
            #expect(second.failures.map(\.message) == ["error: manifest parse error"])
            #expect(counter.calls.count == 2)
        }
    }

    @Test func aDamagedEntryIsAMissAndIsRewritten() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/Logging"])
            let cache = directory.appendingPathComponent("cache", isDirectory: true)
            let counter = DumpCounter()
            _ = try await scan(repo, counter.runner, cache: cache)
            let entries = try FileManager().contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".json") }
            #expect(entries.count == 1)
            #expect(FileManager().fileExists(atPath: cache.appendingPathComponent(".gitignore").path))
            let entry = cache.appendingPathComponent(try #require(entries.first))
            try Data(#"{"formatVersion": 1, "key": {"#.utf8).write(to: entry)

            let repaired = try await scan(repo, counter.runner, cache: cache)
            #expect(repaired.packages.map(\.manifest.name) == ["Logging"])
            #expect(counter.calls.count == 2)
            _ = try await scan(repo, counter.runner, cache: cache)
            #expect(counter.calls.count == 2, "the damaged entry was not rewritten")
        }
    }

    @Test func aCacheThatCannotBeWrittenWarnsOnceAndLosesNothing() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/Logging", "Core/Models"])
            let blocker = directory.appendingPathComponent("not-a-directory")
            try Data("a file where the cache directory should be".utf8).write(to: blocker)
            let counter = DumpCounter()
            let run = await runModules(
                ["list", "--repo", repo.path, "--cache-dir", blocker.path], in: repo, runner: counter.runner)
            #expect(run.status == 0, "\(run.errorOutput)")
            #expect(run.output.contains("Core/Logging"))
            #expect(run.output.contains("Core/Models"))
            let warnings = run.errorOutput.split(separator: "\n").filter { $0.contains("warning") }
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("cannot record the manifest") == true)
            #expect(warnings.first?.contains("(and 1 more)") == true)
        }
    }

    @Test func theCommandLineUsesTheRepositoryCacheUnlessToldNotTo() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/Logging"])
            let counter = DumpCounter()
            for _ in 0..<2 {
                let run = await runModules(["graph", "--repo", repo.path], in: repo, runner: counter.runner)
                #expect(run.status == 0, "\(run.errorOutput)")
            }
            #expect(counter.calls.count == 1)
            let cacheFolder = repo.appendingPathComponent(".build/modules/cache/manifests")
            let entries = try FileManager().contentsOfDirectory(atPath: cacheFolder.path)
            #expect(entries.filter { $0.hasSuffix(".json") }.count == 1)

            // A repository that does not ignore .build still sees no recorded manifest as a change.
            try commitEverything(in: repo)
            let affected = await runModules(
                ["affected", "--base", "HEAD", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(affected.status == 0, "\(affected.errorOutput)")
            #expect(try jsonObject(affected.output)["changedFiles"] as? [String] == [])

            let uncached = await runModules(
                ["list", "--repo", repo.path, "--no-cache"], in: repo, runner: counter.runner)
            #expect(uncached.status == 0)
            #expect(counter.calls.count == 2)

            let contradiction = await runModules(
                ["list", "--repo", repo.path, "--no-cache", "--cache-dir", "x"], in: repo, runner: counter.runner)
            #expect(contradiction.status == 64)
            #expect(contradiction.errorOutput.contains("--cache-dir and --no-cache contradict each other"))
        }
    }

    @Test func entryNamesTellDirectoriesWithTheSameLastComponentApart() {
        let core = ManifestCache.name(for: "/repo/Core/Shared")
        let features = ManifestCache.name(for: "/repo/Features/Shared")
        #expect(core != features)
        #expect(core.hasPrefix("Shared-"))
        #expect(ManifestCache.name(for: "/r/we ird:name").hasPrefix("we_ird_name-"))
    }
}

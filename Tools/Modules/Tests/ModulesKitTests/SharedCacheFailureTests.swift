import Foundation
import Testing

@testable import ModulesKit

/// Whatever goes wrong with the shared cache, a run ends as it would without one (same exit status, same test
/// targets run), with one warning line, within the configured timeout. Real nginx, real manifests and git, a
/// scripted `swift build`/`swift test` (Feed has a failing test, so every run exits 1).
@Suite(.timeLimit(.minutes(15))) struct SharedCacheFailureTests {
    enum Breakage: String, CaseIterable, Sendable {
        case stopped, answers500, hangs, blobDeleted, blobFlipped, entryUndecodable
    }

    /// A fresh committed clone of the fixture.
    private func clone(_ name: String, in directory: URL) throws -> URL {
        let repo = try Fixtures.copy("SharedCache", into: directory.appendingPathComponent(name))
        try commitEverything(in: repo)
        return repo
    }

    private func tested(_ swift: FakeSwift, in repo: URL) -> [String] {
        swift.invocations.filter { $0.arguments.first == "test" }.compactMap { $0.value(of: "--package-path") }
            .filter { $0.hasPrefix(repo.path) }.map { String($0.dropFirst(repo.path.count + 1)) }.sorted()
    }

    private func run(
        _ repo: URL, _ swift: FakeSwift, _ extra: [String] = [], in directory: URL,
        variables: [String: String] = [:]
    ) async -> CLIRun {
        await runModules(
            ["test", "--changed-since-green", "--repo", repo.path] + extra, in: repo,
            runner: SelectiveTestingTests.RoutingRunner(live: liveRunner(directory), fake: swift),
            stopwatch: .continuous(), variables: variables)
    }

    /// The outcome blob named by the AC entry of Core/Base's test target (the only passing one), under its action
    /// key: the passing entry whose run history has a first slot (that slot holds the same bytes).
    private func outcomeBlob(_ server: CacheServer) throws -> (key: String, file: URL) {
        let entries = try server.actionEntries()
        for (key, bytes) in entries where entries[RunHistory.slotKey(key, 0)] != nil {
            let message = try ActionResultMessage.decode(bytes)
            if message.exitCode == 0, let outcome = message.file("outcome.json") {
                return (key, server.blobFile(outcome.digest))
            }
        }
        throw ProcessLaunchError(commandLine: "find the passing AC entry", reason: "none")
    }

    @Test(arguments: Breakage.allCases)
    func aBrokenCacheEndsLikeARunWithoutOne(_ breakage: Breakage) async throws {
        try await withTemporaryDirectory { directory in
            let swift = FakeSwift(["Feed": .tests(passed: 1, failed: 1)])
            let plain = try clone("plain", in: directory)
            let without = await run(plain, swift, in: directory)
            #expect(without.status == 1)
            #expect(tested(swift, in: plain) == ["Core/Base", "Features/Feed"])

            let server = try await CacheServer.start(in: directory.appendingPathComponent("cache"))
            if [.blobDeleted, .blobFlipped, .entryUndecodable].contains(breakage) {
                let filler = try clone("filler", in: directory)
                let filled = await run(filler, swift, ["--cache-url", server.url], in: directory)
                #expect(filled.output.contains("; uploaded 2 results ("), "\(filled.output)\(filled.errorOutput)")
            }
            var url = server.url
            var listener: SilentListener?
            var failing: CacheServer?
            switch breakage {
            case .stopped: try await server.stop()
            case .answers500:
                failing = try await CacheServer.startAnswering500(in: directory.appendingPathComponent("500"))
                url = failing?.url ?? url
            case .hangs:
                listener = try SilentListener()
                url = listener?.url ?? url
            case .blobDeleted: try FileManager().removeItem(at: try outcomeBlob(server).file)
            case .blobFlipped:
                let file = try outcomeBlob(server).file
                var bytes = try Data(contentsOf: file)
                bytes[bytes.count / 2] ^= 0x20
                try bytes.write(to: file)
            case .entryUndecodable:
                let key = try outcomeBlob(server).key
                try Data("<html>502 Bad Gateway</html>".utf8).write(to: server.data.appendingPathComponent("ac/\(key)"))
            }

            let fresh = try clone("fresh", in: directory)
            let broken = await run(fresh, swift, ["--cache-url", url, "--cache-timeout", "1"], in: directory)
            #expect(broken.status == without.status, "\(broken.output)\(broken.errorOutput)")
            #expect(tested(swift, in: fresh) == tested(swift, in: plain), "every test target ran as without a cache")
            let warnings = broken.errorOutput.split(separator: "\n").filter { $0.contains("warning") }
            #expect(warnings.count == 1, "\(broken.errorOutput)")
            if breakage == .hangs {
                // The lookups run at once: each request waits its 1 s and its retry 1 s more, then no request is
                // sent again (nothing is uploaded, below). The time spent is at least those 2 s; the upper bound
                // only catches a run that keeps waiting, since on a loaded machine the timers fire late (9 s seen at
                // a load average of 100).
                let spent = try #require(warnings.first?.split(separator: "(").last?.split(separator: " ").first)
                #expect(Double(spent).map { $0 >= 1.9 && $0 < 60 } == true, "\(warnings)")
                #expect(broken.output.contains("nothing uploaded (the shared cache is unavailable)"))
            }
            try await failing?.stop()
            if breakage != .stopped {
                try await server.stop()
            }
            withExtendedLifetime(listener) {}
        }
    }

    @Test func failuresSanitizersAndReadOnlyJobsNeverStandForAPass() async throws {
        try await withTemporaryDirectory { directory in
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let swift = FakeSwift(["Feed": .tests(passed: 1, failed: 1)])
                let untrusted = try clone("untrusted", in: directory)
                let readOnly = await run(
                    untrusted, swift, ["--cache-url", server.url, "--cache-read-only"], in: directory)
                #expect(try server.actionEntries().isEmpty, "a read-only job uploads nothing")
                #expect(readOnly.output.contains("; nothing uploaded (read-only cache)"))
                let first = try clone("first", in: directory)

                let recorded = await run(first, swift, ["--cache-url", server.url], in: directory)
                #expect(recorded.status == 1)
                let entries = try server.actionEntries()
                let codes = try entries.values.map { try ActionResultMessage.decode($0).exitCode }.sorted()
                #expect(
                    codes == [0, 0, 1, 1],
                    "Base's pass under its key, Feed's failure under its own, and each in its run history")

                // A failure is never read as a pass: Feed runs again in another clone; a sanitizer run reuses
                // nothing of a plain one.
                let second = try clone("second", in: directory)
                let again = await run(second, swift, ["--cache-url", server.url], in: directory)
                #expect(tested(swift, in: second) == ["Features/Feed"], "\(again.errorOutput)")
                let third = try clone("third", in: directory)
                _ = await run(third, swift, ["--cache-url", server.url, "--sanitize", "thread"], in: directory)
                #expect(tested(swift, in: third) == ["Core/Base", "Features/Feed"])
            }
        }
    }

    @Test func twoMachinesWritingTheSameKeysAtOnceLeaveUsableEntries() async throws {
        try await withTemporaryDirectory { directory in
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let swift = FakeSwift([:])
                let clones = try ["a", "b"].map { try clone($0, in: directory) }
                async let first = run(clones[0], swift, ["--cache-url", server.url], in: directory)
                async let second = run(clones[1], swift, ["--cache-url", server.url], in: directory)
                let (one, two) = await (first, second)
                #expect(one.status == 0 && two.status == 0, "\(one.errorOutput)\(two.errorOutput)")
                let reader = try clone("reader", in: directory)
                let hit = await run(reader, swift, ["--cache-url", server.url, "--json"], in: directory)
                #expect(tested(swift, in: reader).isEmpty, "\(hit.errorOutput)")
                #expect(!hit.errorOutput.contains("warning"))
            }
        }
    }

    @Test func credentialsComeFromTheNamedVariableAndAreNeverPrinted() async throws {
        try await withTemporaryDirectory { directory in
            let token = "s3cr3t-token-4711"
            let guarded =
                #"if ($http_authorization != "Bearer \#(token)") { return 401; } "#
                + "dav_methods PUT; create_full_put_path on;"
            let server = try await CacheServer.start(
                in: directory.appendingPathComponent("cache"), location: guarded, probe: "401")
            let swift = FakeSwift([:])
            let variables = ["MODULES_CACHE_TOKEN": token]
            let withCredentials = try clone("with", in: directory)
            let config = withCredentials.appendingPathComponent("modules.json")
            var object = try jsonObject(String(contentsOf: config, encoding: .utf8))
            object["cache"] = ["credentials": ["variable": "MODULES_CACHE_TOKEN", "scheme": "bearer"]]
            try JSONSerialization.data(withJSONObject: object).write(to: config)
            let stored = await run(
                withCredentials, swift, ["--cache-url", server.url], in: directory, variables: variables)
            #expect(stored.output.contains("; uploaded 2 results ("), "\(stored.output)\(stored.errorOutput)")
            #expect(!stored.errorOutput.contains("warning"))

            let without = try clone("without", in: directory)
            let refused = await run(without, swift, ["--cache-url", server.url], in: directory, variables: variables)
            #expect(refused.status == 0)
            #expect(refused.errorOutput.contains("answered 401"), "\(refused.errorOutput)")
            #expect(tested(swift, in: without) == ["Core/Base", "Features/Feed"])
            for run in [stored, refused] {
                #expect(!(run.output + run.errorOutput).contains(token))
            }
            try await server.stop()
        }
    }
}

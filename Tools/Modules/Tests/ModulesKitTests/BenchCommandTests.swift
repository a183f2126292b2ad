import Foundation
import Testing

@testable import ModulesKit

/// `modules bench` over a scripted `swift` and `modules` and a stepping clock, so every timing is exactly one
/// second and the ratios are exact.
@Suite(.timeLimit(.minutes(10))) struct BenchCommandTests {
    /// Answers `dump-package` with a minimal manifest and everything else (`git`, the timed `modules`) with
    /// success; records every invocation.
    final class Recorder: @unchecked Sendable {
        // Sound: `recorded` is only touched while `lock` is held.
        private let lock = NSLock()
        private var recorded: [ProcessInvocation] = []

        var invocations: [ProcessInvocation] { lock.withLock { recorded } }

        var runner: ScriptedRunner {
            ScriptedRunner { [self] invocation in
                lock.withLock { recorded.append(invocation) }
                if invocation.arguments.contains("dump-package") {
                    let name = invocation.workingDirectory?.lastPathComponent ?? "x"
                    let json = #"{"name": "\#(name)", "dependencies": [], "products": [], "targets": []}"#
                    return ProcessResult(status: 0, standardOutput: Data(json.utf8))
                }
                return ProcessResult(status: 0, standardOutput: Data("{}".utf8))
            }
        }
    }

    @Test func roundsInterleaveTheReferenceAndEveryCommandInATemporaryCache() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: [".", "Core/Logging"])
            let recorder = Recorder()
            let run = await runModules(
                ["bench", "--runs", "2", "--limit", "1.5", "--json", "--repo", repo.path], in: repo,
                runner: recorder.runner, executablePath: "/opt/bin/modules")
            #expect(run.status == 0, "\(run.errorOutput)")
            let report = try jsonObject(run.output)
            #expect(report["referencePackage"] as? String == ".")
            let rows = report["rows"] as? [[String: Any]] ?? []
            #expect(
                rows.map { $0["command"] as? String } == [
                    "list", "list", "graph", "affected --base HEAD", "lint --no-imports",
                ])
            #expect(rows.map { $0["cache"] as? String } == ["cold", "warm", "warm", "warm", "warm"])
            #expect(rows.allSatisfy { $0["ratio"] as? Double == 1.0 })

            let invocations = recorder.invocations
            // One fill, then per round one dump-package and five commands.
            #expect(invocations.count == 1 + 2 * 6)
            let dumps = invocations.filter { $0.arguments == ["package", "--ignore-lock", "dump-package"] }
            #expect(dumps.count == 2)
            #expect(dumps.allSatisfy { $0.workingDirectory?.standardizedFileURL == repo.standardizedFileURL })
            let timed = invocations.filter { $0.executable == "/opt/bin/modules" }
            #expect(timed.allSatisfy { $0.value(of: "--repo") == repo.path })
            let caches = Set(timed.compactMap { $0.value(of: "--cache-dir") })
            #expect(caches.count == 2)
            #expect(caches.allSatisfy { !$0.hasPrefix(repo.path) })
            #expect(!FileManager().fileExists(atPath: repo.appendingPathComponent(".build").path))
        }
    }

    @Test func aWarmCommandOverTheLimitFailsAndSaysSo() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["."])
            let run = await runModules(
                ["bench", "--runs", "1", "--repo", repo.path], in: repo, runner: Recorder().runner,
                executablePath: "/opt/bin/modules")
            #expect(run.status == 1)
            #expect(run.output.contains("Reference: swift package dump-package in .: median 1.000 s over 1 run"))
            #expect(run.output.contains("OVER 0.50×"))
            #expect(run.errorOutput.contains("[1/7] recording every manifest in the warm cache"))
        }
    }

    @Test func badOptionsAreUsageErrors() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["."])
            for arguments in [["--runs", "0"], ["--limit", "-1"], ["--limit", "x"]] {
                let run = await runModules(
                    ["bench", "--repo", repo.path] + arguments, in: repo, runner: Recorder().runner,
                    executablePath: "/opt/bin/modules")
                #expect(run.status == 64, "\(arguments)")
            }
        }
    }
}

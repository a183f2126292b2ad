import Foundation
import Testing

@testable import ModulesKit

#if canImport(Glibc)
    import Glibc
#endif

/// The shared cache against a real nginx (`scripts/cache-server.sh`): two clones at different paths, run by two
/// Unix users with their environments in different orders, share their passing results through one cache.
@Suite(.timeLimit(.minutes(20))) struct SharedCacheTests {
    /// The `modules` executable built beside this test binary.
    static let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("modules")

    /// The Unix user the second clone runs as (created when missing); `nil` when not root (then the second clone
    /// runs as this user, and the two-users part is skipped).
    static func secondUser() async throws -> String? {
        guard getuid() == 0 else { return nil }
        let name = "modulescache"
        let runner = liveRunner(FileManager().temporaryDirectory)
        if try await runner.run(ProcessInvocation(executable: "id", arguments: ["-u", name])).succeeded {
            return name
        }
        let created = try await runner.run(
            ProcessInvocation(
                executable: "useradd",
                arguments: ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name]))
        // NB: another test process may have created it meanwhile.
        let exists = try await runner.run(ProcessInvocation(executable: "id", arguments: ["-u", name])).succeeded
        #expect(created.succeeded || exists, "\(created.standardErrorText)")
        return name
    }

    /// Runs the `modules` executable in `directory` as `user` (or this user) with exactly `environment`, in order.
    private func run(
        _ arguments: [String], in directory: URL, user: String?, environment: [(String, String)]
    ) async throws -> CLIRun {
        let command =
            ["env", "-i"] + environment.map { "\($0.0)=\($0.1)" } + [Self.executable.path] + arguments
        let invocation =
            user.map { ProcessInvocation(executable: "runuser", arguments: ["-u", $0, "--"] + command) }
            ?? ProcessInvocation(executable: command[0], arguments: Array(command.dropFirst()))
        var located = invocation
        located.workingDirectory = directory
        let result = try await liveRunner(FileManager().temporaryDirectory).run(located)
        return CLIRun(status: result.status, output: result.standardOutputText, errorOutput: result.standardErrorText)
    }

    private func packages(_ run: CLIRun) throws -> [String: [String: Any]] {
        let list = try jsonObject(run.output)["packages"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["package"] as? String ?? "", $0) })
    }

    @Test func twoClonesOfTwoUsersShareOneCacheAndAChangeRerunsExactlyItsTargets() async throws {
        #expect(FileManager().isExecutableFile(atPath: Self.executable.path), "\(Self.executable.path)")
        try await withTemporaryDirectory { directory in
            try await withCacheServer(in: directory.appendingPathComponent("cache")) { server in
                let first = try Fixtures.copy("SharedCache", into: directory.appendingPathComponent("first/work"))
                try commitEverything(in: first)
                let second = directory.appendingPathComponent("second")
                try git(["clone", "-q", first.path, second.path], in: directory)
                let user = try await Self.secondUser()
                let homes = [
                    directory.appendingPathComponent("home-one"), directory.appendingPathComponent("home-two"),
                ]
                for home in homes {
                    try FileManager().createDirectory(at: home, withIntermediateDirectories: true)
                }
                if let user {
                    for path in [second, homes[1]] {
                        let chown = try await liveRunner(directory).run(
                            ProcessInvocation(executable: "chown", arguments: ["-R", "\(user):", path.path]))
                        #expect(chown.succeeded, "\(chown.standardErrorText)")
                    }
                }
                let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
                let arguments = ["test", "--changed-since-green", "--json", "--cache-url", server.url]
                let firstEnvironment = [
                    ("HOME", homes[0].path), ("LANG", "C.UTF-8"), ("MODULES_FIXTURE_FLAVOR", "plain"), ("PATH", path),
                    ("USER", "root"),
                ]
                let secondEnvironment = [
                    ("USER", user ?? "root"), ("PATH", path), ("MODULES_FIXTURE_FLAVOR", "plain"),
                    ("HOME", homes[1].path), ("LANG", "C.UTF-8"), ("TMPDIR", homes[1].path),
                ]

                let green = try await run(arguments, in: first, user: nil, environment: firstEnvironment)
                #expect(green.status == 0, "\(green.output)\(green.errorOutput)")
                #expect(try packages(green).values.allSatisfy { $0["status"] as? String == "passed" })
                #expect(green.errorOutput.contains("; uploaded 2 results ("), "\(green.errorOutput)")

                let hit = try await run(arguments, in: second, user: user, environment: secondEnvironment)
                #expect(hit.status == 0, "\(hit.output)\(hit.errorOutput)")
                #expect(hit.errorOutput.contains("changed since green: 0 of 2 packages to test"), "\(hit.errorOutput)")
                for (package, result) in try packages(hit) {
                    #expect(result["status"] as? String == "unchanged", "\(package)")
                    #expect(result["cache"] as? String == "remote", "\(package)")
                    #expect((result["note"] as? String ?? "").contains("(shared cache: commit "), "\(package)")
                }
                #expect(!FileManager().fileExists(atPath: second.appendingPathComponent(".build/modules/logs").path))

                let feed = second.appendingPathComponent("Features/Feed/Sources/Feed/Feed.swift")
                try Data((try String(contentsOf: feed, encoding: .utf8) + "// one more line\n").utf8).write(to: feed)
                let changed = try await run(arguments, in: second, user: user, environment: secondEnvironment)
                #expect(changed.status == 0, "\(changed.output)\(changed.errorOutput)")
                let results = try packages(changed)
                #expect(results["Core/Base"]?["cache"] as? String == "remote")
                #expect(results["Features/Feed"]?["status"] as? String == "passed")
                #expect(results["Features/Feed"]?["cache"] == nil, "a package that ran has no cache field")
                #expect(changed.errorOutput.contains("changed since green: 1 of 2 packages to test"))
                #expect(changed.errorOutput.contains("; uploaded 1 result ("), "\(changed.errorOutput)")

                // Every AC entry decodes with protoc as an ActionResult whose blobs are in the CAS and match.
                let entries = try server.actionEntries()
                #expect(
                    entries.count == 6, "two passes, then FeedTests again with its new key; each in its run history")
                for (key, bytes) in entries {
                    let text = try await ProtocDecoder.decode(bytes, in: directory)
                    #expect(text.contains("path: \"outcome.json\""), "\(key)")
                    let message = try ActionResultMessage.decode(bytes)
                    #expect(message.exitCode == 0)
                    for file in message.outputFiles {
                        #expect(text.contains("hash: \"\(file.digest.hash)\""))
                        #expect(file.digest.matches(try Data(contentsOf: server.blobFile(file.digest))), "\(file.path)")
                    }
                }
            }
        }
    }
}

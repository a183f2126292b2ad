import Foundation
import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct LaunchFailureTests {
    @Test func aProgramMissingFromThePathCannotStart() async throws {
        try await withTemporaryDirectory { directory in
            let runner = SubprocessRunner(temporaryDirectory: directory, searchPath: directory.path)
            let error = await #expect(throws: ProcessLaunchError.self) {
                try await runner.run(ProcessInvocation(executable: "swift", arguments: ["--version"]))
            }
            #expect(error?.reason.contains("swift not found on PATH") == true)
        }
    }

    @Test(arguments: ["list", "lint", "graph"])
    func withoutSwiftEveryManifestCommandSaysSoOnceAndExits70(command: String) async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["Core/Logging", "Core/Models", "Features/Feed"])
            try Data(#"{"schemaVersion": 1}"#.utf8).write(to: repo.appendingPathComponent("modules.json"))
            let runner = SubprocessRunner(temporaryDirectory: directory, searchPath: "/nonexistent")
            let run = await runModules([command, "--repo", repo.path], in: repo, runner: runner)
            #expect(run.status == 70)
            #expect(run.output.isEmpty)
            let lines = run.errorOutput.split(separator: "\n")
            #expect(lines.count == 1, "\(run.errorOutput)")
            #expect(lines.first?.hasPrefix("modules: error: cannot run swift: swift not found on PATH") == true)
        }
    }
}

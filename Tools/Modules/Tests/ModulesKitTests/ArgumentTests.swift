import Foundation
import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct ArgumentTests {
    private let spec = TestCommand.spec

    @Test func readsOptionsFlagsAndPositionals() throws {
        let parsed = try ParsedArguments.parse(
            ["Core/Logging", "--jobs", "2", "--filter=A", "--filter", "B", "--json", "--", "--odd"],
            for: spec
        )
        #expect(parsed.positionals == ["Core/Logging", "--odd"])
        #expect(parsed.value("--jobs") == "2")
        #expect(parsed.all("--filter") == ["A", "B"])
        #expect(parsed.has("--json"))
        #expect(!parsed.has("--warnings-as-errors"))
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope'"),
        (["--jobs"], "needs a value"),
        (["--json=yes"], "takes no value"),
        (["--junit", "a", "--junit", "b"], "more than once"),
    ])
    func rejectsBadCommandLines(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) {
            try ParsedArguments.parse(arguments, for: spec)
        }
        #expect(error?.message.contains(message) == true)
    }

    @Test(arguments: [
        ["list", "--bogus"],
        ["lint", "extra"],
        ["list", "--format", "xml"],
        ["lint", "--json", "--format", "text"],
        ["test", "--jobs", "0"],
        ["test", "--shard", "3/2"],
        ["test", "--base", "HEAD"],
        ["affected"],
        ["plan", "--all", "--base", "HEAD"],
        ["plan", "--all", "--max-jobs", "0"],
        ["graph", "--format", "svg"],
        ["lint", "--format", "mermaid"],
        ["frobnicate"],
        [],
    ])
    func usageErrorsExit64WithOneErrorLineAndTheUsage(arguments: [String]) async throws {
        try await withTemporaryDirectory { directory in
            let run = await runModules(arguments + ["--repo", directory.path], in: directory, runner: refusingRunner)
            #expect(run.status == 64)
            #expect(run.output.isEmpty)
            let lines = run.errorOutput.split(separator: "\n")
            #expect(lines.first?.hasPrefix("modules: error:") == true)
            #expect(lines.contains { $0.hasPrefix("usage: modules") })
            #expect(lines.count { $0.hasPrefix("modules: error:") } <= 1)
        }
    }

    @Test(arguments: ["list", "graph", "lint", "affected", "test", "plan"])
    func everyCommandHasHelp(command: String) async {
        let run = await runModules([command, "--help"], in: URL(fileURLWithPath: "/"), runner: refusingRunner)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("usage: modules \(command)"))
        #expect(run.output.contains("--format ") && run.output.contains("json"))
        #expect(run.output.contains("--json"))
        #expect(run.output.contains("--repo DIR"))
    }

    @Test func generalHelpListsTheCommands() async {
        let run = await runModules(["--help"], in: URL(fileURLWithPath: "/"), runner: refusingRunner)
        #expect(run.status == 0)
        for command in Command.allCases.map(\.rawValue) {
            #expect(run.output.contains("  \(command) "))
        }
    }

    @Test(arguments: [["lint", "--repo", ""], ["list", "--repo="], ["graph", "--repo", " "]])
    func anEmptyRepoIsAUsageErrorNotTheCurrentDirectory(arguments: [String]) async throws {
        try await withTemporaryDirectory { directory in
            let run = await runModules(arguments, in: directory, runner: refusingRunner)
            #expect(run.status == 64)
            #expect(run.errorOutput.hasPrefix("modules: error: --repo needs a directory\n"))
        }
    }

    @Test func lintRunsWithoutModulesJSONButAMissingBaselineFileExits66() async throws {
        try await withTemporaryDirectory { directory in
            let run = await runModules(["lint", "--repo", directory.path], in: directory, runner: refusingRunner)
            #expect(run.status == 0, "\(run.errorOutput)")
            #expect(run.output.contains("No findings in 0 packages."))
            let missing = await runModules(
                ["lint", "--repo", directory.path, "--baseline", "nope.json"], in: directory, runner: refusingRunner)
            #expect(missing.status == 66)
            #expect(missing.errorOutput.contains("nope.json not found"))
        }
    }

    @Test func invalidModulesJSONExits65() async throws {
        try await withTemporaryDirectory { directory in
            try Data(#"{"layerz": []}"#.utf8).write(to: directory.appendingPathComponent("modules.json"))
            let run = await runModules(["lint", "--repo", directory.path], in: directory, runner: refusingRunner)
            #expect(run.status == 65)
            #expect(run.errorOutput.contains("'layerz'"))
        }
    }

    /// A runner for commands that must not start any process.
    private var refusingRunner: ScriptedRunner {
        ScriptedRunner { invocation in
            throw ProcessLaunchError(commandLine: invocation.commandLine, reason: "no process in this test")
        }
    }
}

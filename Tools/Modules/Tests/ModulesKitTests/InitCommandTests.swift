import Foundation
import Testing

@testable import ModulesKit

/// `modules init`: a starter modules.json that describes the graph as it is.
@Suite(.timeLimit(.minutes(10))) struct InitCommandTests {
    @Test func writesLayersFromFoldersInDependencyOrderAndEveryRuleAtWarning() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            try FileManager().removeItem(at: repo.appendingPathComponent("modules.json"))
            let run = await runModules(["init", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            #expect(run.output.contains("layer app: ."))
            let configuration = try ModulesConfiguration.load(from: repo.appendingPathComponent("modules.json"))
            #expect(configuration.layers.map(\.name) == ["app", "features", "core", "samples"])
            #expect(
                configuration.layers.map { $0.packages.map(\.pattern) } == [
                    ["."], ["Features/**"], ["Core/**"], ["Samples/**"],
                ])
            #expect(configuration.layers.first { $0.name == "core" }?.allowsPeerDependencies == true, "Base uses Kit")
            #expect(configuration.setting(of: .layerOrder) == .warning)
            #expect(configuration.setting(of: .undeclaredImport) == .warning)
            #expect(configuration.setting(of: .remoteDependency) == .off)

            let lint = await runModules(
                ["lint", "--no-imports", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(lint.status == 0, "\(lint.output)")

            let again = await runModules(["init", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(again.status == 73)
            #expect(again.errorOutput.contains("exists; use --force"))
            let forced = await runModules(
                ["init", "--force", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(forced.status == 0)
        }
    }

    @Test func layersInACycleKeepAnOrderAndTheTopIsWhatNothingDependsOn() {
        #expect(
            InitCommand.layerOrder(
                ["Core", "app", "Features"], dependsOn: ["app": ["Features"], "Features": ["Core"]])
                == ["app", "Features", "Core"])
        #expect(InitCommand.layerOrder(["A", "B"], dependsOn: ["A": ["B"], "B": ["A"]]) == ["A", "B"])
    }
}

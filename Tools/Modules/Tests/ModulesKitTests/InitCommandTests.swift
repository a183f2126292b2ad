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

    @Test func aFolderNamedLikeTheRootsLayerGetsALayerOfItsOwnThatTheNextLintAccepts() async throws {
        try await withTemporaryDirectory { directory in
            let repo = directory.appendingPathComponent("repo", isDirectory: true)
            let files = [
                "Package.swift": """
                // swift-tools-version:6.2
                import PackageDescription

                let package = Package(
                    name: "Shop", dependencies: [.package(path: "App/Widget")],
                    targets: [.executableTarget(name: "Shop", dependencies: [.product(name: "Widget", package: "Widget")])])

                """,
                "Sources/Shop/main.swift": "import Widget\n\nprint(widget)\n",
                "App/Widget/Package.swift": """
                // swift-tools-version:6.2
                import PackageDescription

                let package = Package(
                    name: "Widget", products: [.library(name: "Widget", targets: ["Widget"])],
                    targets: [.target(name: "Widget")])

                """,
                "App/Widget/Sources/Widget/Widget.swift": "/// A widget.\npublic let widget = 1\n",
            ]
            try writeFiles(files, under: repo)
            let run = await runModules(["init", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            let configuration = try ModulesConfiguration.load(from: repo.appendingPathComponent("modules.json"))
            #expect(configuration.layers.map(\.name) == ["app", "app-2"])
            let lint = await runModules(
                ["lint", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(lint.status == 0, "\(lint.output)\(lint.errorOutput)")
            #expect((try jsonObject(lint.output)["findings"] as? [Any])?.isEmpty == true, "\(lint.output)")
        }
    }

    @Test func aRepositoryOfOnePackageGetsTargetLayersThatTheNextLintAccepts() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("SinglePackage", into: directory)
            try FileManager().removeItem(at: repo.appendingPathComponent("modules.json"))
            let run = await runModules(["init", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            let configuration = try ModulesConfiguration.load(from: repo.appendingPathComponent("modules.json"))
            #expect(configuration.layers.first?.name == "tests")
            #expect(configuration.layers.allSatisfy { !$0.targets.isEmpty })
            #expect(configuration.layers.count >= 3)
            #expect(Set(configuration.layers.map(\.name)).count == configuration.layers.count)
            #expect(configuration.layerIndex(of: ".") != nil)
            let lint = await runModules(
                ["lint", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(lint.status == 0, "\(lint.output)\(lint.errorOutput)")
            let rules = (try jsonObject(lint.output)["findings"] as? [[String: Any]] ?? []).compactMap {
                $0["rule"] as? String
            }
            // Every declared dependency points down; the fixture's undeclared import of a peer feature is still
            // found from its sources (a warning, as every rule starts).
            let layering = ["layer-order", "peer-dependency", "unlayered-package"]
            #expect(!rules.contains(where: layering.contains), "\(rules)")
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// `modules list` over fixture repositories, with the real `swift package dump-package`.
@Suite(.timeLimit(.minutes(10))) struct ListCommandTests {
    @Test func findsThePackagesAndSkipsBuildHiddenAndExcludedDirectories() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            let manager = FileManager()
            for stray in [".build/checkouts/Stray", "Core/Base/.build/Stray", ".hidden/Stray"] {
                let url = repo.appendingPathComponent(stray, isDirectory: true)
                try manager.createDirectory(at: url, withIntermediateDirectories: true)
                try Data("this is not a manifest".utf8).write(to: url.appendingPathComponent("Package.swift"))
            }
            let run = await runModules(
                ["list", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            let listing = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
            #expect(listing?["schemaVersion"] as? Int == 1)
            let packages = listing?["packages"] as? [[String: Any]] ?? []
            #expect(packages.map { $0["path"] as? String } == [".", "Core/Base", "Core/Kit", "Features/Feed"])
            #expect(packages.map { $0["layer"] as? String } == ["app", "core", "core", "features"])
            #expect(packages.map { $0["name"] as? String } == ["App", "Base", "Kit", "Feed"])

            let feed = try #require(packages.last)
            let local = (feed["localDependencies"] as? [[String: Any]] ?? []).map { $0["path"] as? String }
            #expect(local == ["Core/Base", "Core/Kit"])
            let targets = feed["targets"] as? [[String: Any]] ?? []
            #expect(targets.map { $0["name"] as? String } == ["Feed", "FeedTests"])
            #expect(targets.map { $0["type"] as? String } == ["regular", "test"])
            let testDependencies = (targets.last?["dependencies"] as? [[String: Any]] ?? []).map {
                $0["name"] as? String
            }
            #expect(testDependencies == ["Feed", "BaseTestSupport", "Kit"])
            let base = packages[1]
            #expect(
                (base["products"] as? [[String: Any]] ?? []).map { $0["name"] as? String } == [
                    "Base", "BaseTestSupport",
                ])
        }
    }

    @Test func theRepositoryItselfNeverListsFixturesOrBuildDirectories() throws {
        let repo = Fixtures.packageDirectory.deletingLastPathComponent().deletingLastPathComponent()
        let configuration = try ModulesConfiguration.load(from: repo.appendingPathComponent("modules.json"))
        let paths = try PackageDiscovery().packagePaths(in: repo, isExcluded: configuration.isExcluded)
        #expect(paths.contains("Tools/Modules"))
        #expect(paths.first == ".")
        #expect(!paths.contains { $0.contains("Fixtures") || $0.contains(".build") || $0.hasPrefix(".") && $0 != "." })
    }

    @Test func aManifestThatFailsToLoadIsNamedWithTheToolsMessage() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("FeatureToFeature", into: directory)
            let manifest = repo.appendingPathComponent("Features/Search/Package.swift")
            try Data("// swift-tools-version:6.2\nimport PackageDescription\nlet package = Package(name: \n".utf8)
                .write(to: manifest)
            let run = await runModules(["list", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 1)
            #expect(run.output.contains("Features/Feed  Feed  [features]"))
            #expect(run.errorOutput.contains("error: Features/Search/Package.swift: manifest failed to load"))
            #expect(run.errorOutput.contains("Package.swift:4"))
            #expect(!run.errorOutput.contains("compiled with"))
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// Files that build nothing (`ignore` of modules.json, with defaults) change no hash and no action key.
@Suite(.timeLimit(.minutes(10))) struct IgnoreListTests {
    private func hashes(_ repo: URL, in directory: URL) async throws -> [String: String] {
        let run = await runModules(["hash", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
        #expect(run.status == 0, "\(run.errorOutput)")
        let targets = try jsonObject(run.output)["targets"] as? [[String: Any]] ?? []
        return Dictionary(
            uniqueKeysWithValues: targets.compactMap { target in
                (target["id"] as? String).map { ($0, target["hash"] as? String ?? "") }
            })
    }

    @Test func aCMakeListsFileChangesNoHashAndAConfiguredGlobIsHonoured() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            let before = try await hashes(repo, in: directory)
            let sources = repo.appendingPathComponent("Core/Base/Sources/Base")
            try Data("add_library(Base Base.swift)\n".utf8).write(to: sources.appendingPathComponent("CMakeLists.txt"))
            #expect(try await hashes(repo, in: directory) == before, "CMakeLists.txt is ignored by default")

            try Data("notes\n".utf8).write(to: sources.appendingPathComponent("NOTES.txt"))
            let withNotes = try await hashes(repo, in: directory)
            #expect(withNotes["Core/Base:Base"] != before["Core/Base:Base"], "any other file counts")

            let config = repo.appendingPathComponent("modules.json")
            var object = try jsonObject(String(contentsOf: config, encoding: .utf8))
            object["ignore"] = ["**/NOTES.txt", "**/CMakeLists.txt"]
            try JSONSerialization.data(withJSONObject: object).write(to: config)
            let configured = try await hashes(repo, in: directory)
            #expect(configured["Core/Base:Base"] == before["Core/Base:Base"], "a configured glob is left out")
            #expect(configured["Core/Base:Base"] != withNotes["Core/Base:Base"])
        }
    }

    @Test func theDefaultsAndTheirMatches() throws {
        let configuration = try ModulesConfiguration.parse(Data("{}".utf8), path: "modules.json")
        for file in [
            "CMakeLists.txt", "Core/Logging/Sources/Logging/CMakeLists.txt", "Core/Logging/.editorconfig",
            "Core/Logging/.swiftpm/xcode/package.xcworkspace/contents.xcworkspacedata",
        ] {
            #expect(configuration.isIgnored(file), "\(file)")
        }
        #expect(!configuration.isIgnored("ShopApp.xcodeproj/project.pbxproj"), "an app's project: owners maps it")
        #expect(ModulesConfiguration.isInXcodeProject("Core/Logging/Logging.xcodeproj/project.pbxproj"))
        #expect(!ModulesConfiguration.isInXcodeProject("Core/Logging/Sources/Logging/Logger.swift"))
        #expect(!configuration.isIgnored("Core/Logging/Sources/Logging/Logger.swift"))
        let none = try ModulesConfiguration.parse(Data(#"{"ignore": []}"#.utf8), path: "modules.json")
        #expect(!none.isIgnored("CMakeLists.txt"), "an empty list replaces the defaults")
    }
}

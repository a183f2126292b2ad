import Foundation
import Testing

@testable import ModulesKit

/// `modules new`: the scaffolded packages parse, are wired into the App and lint clean at once.
@Suite(.timeLimit(.minutes(10))) struct ScaffoldTests {
    @Test func aNewFeatureLintsCleanAndIsWiredIntoTheApp() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Scaffold", into: directory)
            let run = await runModules(
                ["new", "feature", "Wishlist", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
            let result = try jsonObject(run.output)
            #expect(result["package"] as? String == "Features/Wishlist")
            #expect(result["dependencies"] as? [String] == ["Core/Models", "Core/Networking", "DesignSystem"])
            let lint = result["lint"] as? [String: Any]
            #expect(lint?["errorCount"] as? Int == 0)
            #expect(lint?["warningCount"] as? Int == 0, "\(lint ?? [:])")
            let created = result["created"] as? [String] ?? []
            for part in ["API/WishlistDTO", "Domain/WishlistItem", "Data/WishlistRepository", "WishlistFeature"] {
                #expect(created.contains("Features/Wishlist/Sources/Wishlist/\(part).swift"))
            }
            #expect(created.contains("Features/Wishlist/Sources/Wishlist/Screens/WishlistView.swift"))
            #expect(created.contains("Features/Wishlist/Tests/WishlistTests/Fixtures/wishlist-page.json"))
            #expect(created.contains("Sources/ShopApp/WishlistScreen.swift"))
            #expect(result["edited"] as? [String] == ["Package.swift"])

            let manifest = try String(contentsOf: repo.appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(manifest.contains(".package(path: \"Features/Wishlist\")"))
            #expect(manifest.contains(".product(name: \"Wishlist\", package: \"Wishlist\")"))

            let swiftFiles = created.filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Package.swift") }
            let parse = try await liveRunner(directory).run(
                ProcessInvocation(
                    executable: liveToolchain.swiftc,
                    arguments: ["-frontend", "-parse", "-swift-version", "6"]
                        + swiftFiles.map { repo.appendingPathComponent($0).path }))
            #expect(parse.succeeded, "\(parse.standardErrorText)")
        }
    }

    @Test func aNewCorePackageAndTheNamesItRefuses() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Scaffold", into: directory)
            let core = await runModules(
                ["new", "core", "Cache", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(core.status == 0, "\(core.output)\(core.errorOutput)")
            #expect(core.output.hasPrefix("created Core/Cache/Package.swift\n"))
            // The fixture has no feature yet, so its `Features/*` layer glob matches nothing: a warning only.
            #expect(core.output.contains("0 errors, 1 warning in 5 packages."))
            #expect(core.output.contains("[unmatched-configuration-glob]"))
            #expect(FileManager().fileExists(atPath: repo.appendingPathComponent("Core/Cache/Tests/CacheTests").path))

            let taken = await runModules(
                ["new", "feature", "Networking", "--no-lint", "--repo", repo.path], in: repo,
                runner: liveRunner(directory))
            #expect(taken.status == 1)
            #expect(taken.errorOutput.contains("package identity 'networking'"))
            // A tab is the feature entry contract's; the fixture's template (storefront-feature) has none.
            let tab = await runModules(
                ["new", "feature", "Wishlist", "--tab", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(tab.status == 64)
            #expect(tab.errorOutput.contains("--tab needs a feature of the feature-entry template"))
            #expect(!FileManager().fileExists(atPath: repo.appendingPathComponent("Features/Wishlist").path))
            for arguments in [["new", "feature", "wishlist"], ["new", "thing", "X"], ["new", "feature"]] {
                let bad = await runModules(arguments + ["--repo", repo.path], in: repo, runner: liveRunner(directory))
                #expect(bad.status == 64)
            }
        }
    }

    /// Another repository: no `scaffold` settings, so no guessing which target of its root manifest is the app.
    @Test func withoutAppTargetSettingsTheRootManifestIsNeverEditedAndTheCommandSaysWhatToConfigure() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Scaffold", into: directory)
            try FileManager().removeItem(at: repo.appendingPathComponent("modules.json"))
            let manifestBefore = try String(contentsOf: repo.appendingPathComponent("Package.swift"), encoding: .utf8)
            let refused = await runModules(
                ["new", "feature", "Wishlist", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(refused.status == 1)
            #expect(refused.errorOutput.contains("set scaffold.appTarget in modules.json to one of"))
            #expect(refused.errorOutput.contains("ShopApp"))
            #expect(!FileManager().fileExists(atPath: repo.appendingPathComponent("Features/Wishlist").path))

            let alone = await runModules(
                ["new", "feature", "Wishlist", "--no-app", "--json", "--repo", repo.path], in: repo,
                runner: liveRunner(directory))
            #expect(alone.status == 0, "\(alone.errorOutput)")
            let result = try jsonObject(alone.output)
            #expect(result["edited"] as? [String] == [])
            #expect(result["dependencies"] as? [String] == [], "the library template uses nothing it cannot know")
            #expect(
                try String(contentsOf: repo.appendingPathComponent("Package.swift"), encoding: .utf8) == manifestBefore)
            let created = result["created"] as? [String] ?? []
            #expect(created.contains("Features/Wishlist/Sources/Wishlist/Wishlist.swift"))
        }
    }

    @Test func theLibraryTemplateIsAddedToTheConfiguredAppTargetAndCompiles() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Scaffold", into: directory)
            try Data(#"{"scaffold": {"featuresDirectory": "Modules", "appTarget": "ShopApp"}}"#.utf8)
                .write(to: repo.appendingPathComponent("modules.json"))
            let run = await runModules(
                ["new", "feature", "Wishlist", "--no-lint", "--json", "--repo", repo.path], in: repo,
                runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            let result = try jsonObject(run.output)
            #expect(result["package"] as? String == "Modules/Wishlist")
            #expect((result["created"] as? [String] ?? []).contains("Sources/ShopApp/WishlistLink.swift"))
            let manifest = try String(contentsOf: repo.appendingPathComponent("Package.swift"), encoding: .utf8)
            #expect(manifest.contains(".package(path: \"Modules/Wishlist\")"))
            // The app's new file type-checks against the new library.
            let library = repo.appendingPathComponent("Modules/Wishlist/Sources/Wishlist/Wishlist.swift").path
            let build = try await liveRunner(directory).run(
                ProcessInvocation(
                    executable: liveToolchain.swiftc,
                    arguments: [
                        "-emit-module", "-module-name", "Wishlist", "-swift-version", "6", library,
                        "-emit-module-path", directory.appendingPathComponent("Wishlist.swiftmodule").path,
                    ],
                    workingDirectory: directory))
            #expect(build.succeeded, "\(build.standardErrorText)")
            let check = try await liveRunner(directory).run(
                ProcessInvocation(
                    executable: liveToolchain.swiftc,
                    arguments: [
                        "-typecheck", "-swift-version", "6", "-I", directory.path,
                        repo.appendingPathComponent("Sources/ShopApp/WishlistLink.swift").path,
                    ]))
            #expect(check.succeeded, "\(check.standardErrorText)")

            try Data(#"{"scaffold": {"appTarget": "Nope"}}"#.utf8).write(
                to: repo.appendingPathComponent("modules.json"))
            let unknown = await runModules(
                ["new", "feature", "Cart", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(unknown.status == 65)
            #expect(unknown.errorOutput.contains("scaffold.appTarget 'Nope'"))
        }
    }

    @Test func aRepositoryWithoutCorePackagesGetsAFeatureThatNeedsNone() {
        let feature = FeatureTemplate(name: "OrderHistory", dependencies: ScaffoldDependencies())
        #expect(feature.path == "order-history")
        #expect(feature.lower == "orderHistory")
        let sources = feature.sources.map(\.1).joined()
        #expect(!sources.contains("import Networking") && !sources.contains("import Models"))
        #expect(!sources.contains("Endpoint") && !sources.contains("TerminalView"))
        #expect(sources.contains("public var id: String"))
        let manifest = PackageTemplate(name: "OrderHistory", packagePath: "Features/OrderHistory")
            .featureManifest(ScaffoldDependencies())
        #expect(manifest.contains("    dependencies: [],\n"))
        #expect(manifest.contains("        .target(name: \"OrderHistory\"),\n"))
    }
}

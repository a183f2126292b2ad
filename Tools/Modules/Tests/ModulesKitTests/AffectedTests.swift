import Foundation
import Testing

@testable import ModulesKit

/// `modules affected`: which packages and targets a change selects, and why.
@Suite(.timeLimit(.minutes(10))) struct AffectedTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String]
        /// Package path → text its first reason starts with.
        var expected: [String: String]
        var ignored: [String] = []

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "one feature's source: the feature and the App",
            files: ["Features/Feed/Sources/Feed/FeedFeature.swift"],
            expected: [
                "Features/Feed": "changed: Features/Feed/Sources/Feed/FeedFeature.swift",
                ".": "depends on Features/Feed",
            ]),
        Case(
            name: "a leaf: everything above it, with the chain",
            files: ["Core/Logging/Sources/Logging/Logger.swift"],
            expected: [
                "Core/Logging": "changed: Core/Logging/Sources/Logging/Logger.swift",
                "Core/Networking": "depends on Core/Logging",
                "Features/Feed": "depends on Core/Networking → Core/Logging",
                "Features/Search": "depends on Core/Networking → Core/Logging",
                ".": "depends on Features/",
            ]),
        Case(
            name: "a feature's tests only: nothing depends on them",
            files: ["Features/Feed/Tests/FeedTests/FeedTests.swift"],
            expected: ["Features/Feed": "changed: Features/Feed/Tests/FeedTests/FeedTests.swift"]),
        Case(
            name: "a manifest: the whole package and its dependents",
            files: ["Core/Networking/Package.swift"],
            expected: [
                "Core/Networking": "changed: Core/Networking/Package.swift",
                "Features/Feed": "depends on Core/Networking",
                "Features/Search": "depends on Core/Networking",
                ".": "depends on Features/",
            ]),
        Case(
            name: "test-only dependency: its dependents through tests",
            files: ["Core/TestSupport/Sources/TestSupport/Clock.swift"],
            expected: [
                "Core/TestSupport": "changed: Core/TestSupport/Sources/TestSupport/Clock.swift",
                "Features/Search": "depends on Core/TestSupport",
            ]),
        Case(
            name: "documentation: nothing",
            files: ["Core/Logging/README.md", "README.md"],
            expected: [:],
            ignored: ["Core/Logging/README.md", "README.md"]),
        Case(
            name: "files that build nothing (the default ignore list, a package's Xcode project): nothing",
            files: [
                "CMakeLists.txt", "Core/Logging/.editorconfig", "Core/Logging/Logging.xcodeproj/project.pbxproj",
                "Core/Logging/Sources/Logging/CMakeLists.txt",
            ],
            expected: [:],
            ignored: [
                "CMakeLists.txt", "Core/Logging/.editorconfig", "Core/Logging/Logging.xcodeproj/project.pbxproj",
                "Core/Logging/Sources/Logging/CMakeLists.txt",
            ]),
        Case(
            name: "a root file outside every target: the root package",
            files: [".gitignore"],
            expected: [".": "changed: .gitignore"]),
    ]

    @Test(arguments: cases)
    func selectsThePackagesWithTheirReasons(_ expected: Case) async throws {
        try await withTemporaryDirectory { root in
            let scan = try Self.repository(root).scan()
            let report = AffectedReport(
                changes: ChangeSet(base: "main", mergeBase: "abc", files: expected.files),
                scan: scan,
                graph: TargetGraph(scan: scan)
            )
            #expect(Set(report.packagePaths) == Set(expected.expected.keys), "\(report.packages)")
            for package in report.packages {
                let prefix = try #require(expected.expected[package.package])
                #expect(package.reasons.first?.hasPrefix(prefix) == true, "\(package.package): \(package.reasons)")
            }
            #expect(report.ignoredFiles.map(\.file) == expected.ignored)
            #expect(!report.everything)
        }
    }

    @Test(arguments: ["Makefile", "scripts/ensure-system-packages.sh", ".github/workflows/modules.yml"])
    func aRootFileEveryPackageUsesSelectsEverythingAndSaysSo(file: String) async throws {
        try await withTemporaryDirectory { root in
            let scan = try Self.repository(root).scan()
            let report = AffectedReport(
                changes: ChangeSet(base: "main", mergeBase: "abc", files: [file, "Core/Logging/README.md"]),
                scan: scan,
                graph: TargetGraph(scan: scan)
            )
            #expect(report.everything)
            #expect(report.packagePaths == scan.packagePaths)
            #expect(report.targets.count == TargetGraph(scan: scan).nodes.count)
            #expect(report.packages.allSatisfy { $0.reasons == ["changed: \(file) (affects every package)"] })
        }
    }

    @Test func aTargetChangeSelectsOnlyTheTargetsThatDependOnIt() async throws {
        try await withTemporaryDirectory { root in
            let scan = try Self.repository(root).scan()
            let report = AffectedReport(
                changes: ChangeSet(base: "main", mergeBase: "abc", files: ["Features/Search/Sources/Search/S.swift"]),
                scan: scan,
                graph: TargetGraph(scan: scan)
            )
            #expect(
                report.targets.map(\.id) == [
                    ".:App", ".:AppTests", "Features/Search:Search", "Features/Search:SearchTests",
                ])
            let tests = try #require(report.targets.first { $0.id == "Features/Search:SearchTests" })
            #expect(tests.reasons == ["depends on Features/Search:Search"])
            #expect(tests.testCode)
        }
    }

    /// The end-to-end case of the issue, on a fixture: a commit touching only one feature's source lists that
    /// feature and the App, with reasons, read from git.
    @Test func aCommitToOneFeatureListsTheFeatureAndTheApp() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            try commitEverything(in: repo)
            let source = repo.appendingPathComponent("Features/Feed/Sources/Feed/Feed.swift")
            try Data(((try String(contentsOf: source, encoding: .utf8)) + "// changed\n").utf8).write(to: source)
            try git(["commit", "-q", "-am", "change the feed"], in: repo)

            let run = await runModules(
                ["affected", "--base", "HEAD~1", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            let lines = run.output.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Changed since HEAD~1 (merge base ") == true)
            #expect(lines.contains { $0.hasPrefix(".") && $0.hasSuffix("depends on Features/Feed") })
            #expect(lines.contains("Features/Feed  changed: Features/Feed/Sources/Feed/Feed.swift"))
            #expect(lines.last == "2 of 4 packages affected")

            let json = await runModules(
                ["affected", "--base", "HEAD~1", "--json", "--repo", repo.path], in: repo,
                runner: liveRunner(directory))
            let report = try jsonObject(json.output)
            #expect(report["schemaVersion"] as? Int == 1)
            #expect(report["changedFiles"] as? [String] == ["Features/Feed/Sources/Feed/Feed.swift"])
            let packages = report["packages"] as? [[String: Any]] ?? []
            #expect(packages.map { $0["package"] as? String } == [".", "Features/Feed"])
            #expect(packages.map { $0["changed"] as? Bool } == [false, true])

            let unknown = await runModules(
                ["affected", "--base", "no-such-branch", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(unknown.status == 66)
            #expect(unknown.errorOutput.contains("'no-such-branch' is not a commit"))
        }
    }

    /// One package with many targets: the results are targets.
    @Test func aSinglePackageRepositoryGetsTargetLevelResults() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("SinglePackage", into: directory)
            try commitEverything(in: repo)
            let source = repo.appendingPathComponent("Sources/DesignSystem/DesignSystem.swift")
            try Data("// changed, not committed\n".utf8).write(to: source)
            let run = await runModules(
                ["affected", "--base", "HEAD", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            let names = run.output.split(separator: "\n").dropFirst().dropLast().compactMap {
                $0.split(separator: " ").first.map(String.init)
            }
            #expect(names == [".:DesignSystem", ".:Feed", ".:Search", ".:App", ".:FeedTests"])
            #expect(run.output.contains("\n.:Feed          depends on .:DesignSystem\n"))
            #expect(run.output.hasSuffix("1 of 1 package affected, 5 targets\n"))
        }
    }

    /// Core/Logging ← Core/Networking ← Features/Feed, Features/Search ← the App; DesignSystem under the features;
    /// Core/TestSupport used by Search's tests only.
    @Test func modulesJSONAndTheBaselineChangeNothing() async throws {
        try await withTemporaryDirectory { root in
            let scan = try Self.repository(root).scan()
            let report = AffectedReport(
                changes: ChangeSet(base: "main", mergeBase: "abc", files: ["modules.json", "modules-baseline.json"]),
                scan: scan, graph: TargetGraph(scan: scan))
            #expect(!report.everything)
            #expect(report.packages.isEmpty)
            #expect(report.ignoredFiles.map(\.file) == ["modules.json", "modules-baseline.json"])
        }
    }

    /// A repository of packages with an Xcode app folder outside all of them and no root package.
    @Test func filesOutsideEveryPackageAreListedOrMappedByOwners() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Logging")
            try graph.add("Features/Feed", uses: ["Core/Logging"])
            let files = ["ShopApp/Sources/AppDelegate.swift", "ShopApp.xcodeproj/project.pbxproj", "docs/guide.md"]
            let unmapped = AffectedReport(
                changes: ChangeSet(base: "main", mergeBase: "abc", files: files), scan: graph.scan(),
                graph: TargetGraph(scan: graph.scan()))
            #expect(unmapped.packages.isEmpty)
            #expect(
                unmapped.notInAnyPackage == ["ShopApp/Sources/AppDelegate.swift", "ShopApp.xcodeproj/project.pbxproj"])
            #expect(unmapped.ignoredFiles.map(\.file) == ["docs/guide.md"])
            let text = AffectedCommand.text(unmapped, targets: false)
            #expect(text.contains("not in any package (map them with owners in modules.json): 2 files"))
            #expect(text.contains("  ShopApp/Sources/AppDelegate.swift"))
            let json = String(decoding: try JSONEncoder().encode(unmapped), as: UTF8.self)
            #expect(json.contains(#""notInAnyPackage":["ShopApp\/Sources\/AppDelegate.swift""#))

            graph.configuration = try ModulesConfiguration.parse(
                Data(#"{"owners": {"ShopApp/**": ["Features/Feed"], "ShopApp.xcodeproj/**": ["Features/Feed"]}}"#.utf8),
                path: "modules.json")
            let owned = AffectedReport(
                changes: ChangeSet(base: "main", mergeBase: "abc", files: files), scan: graph.scan(),
                graph: TargetGraph(scan: graph.scan()))
            #expect(owned.notInAnyPackage.isEmpty)
            #expect(owned.packagePaths == ["Features/Feed"])
            #expect(
                owned.targets.first?.reasons.first == "changed: ShopApp/Sources/AppDelegate.swift (owners: ShopApp/**)")
        }
    }

    static func repository(_ root: URL) throws -> GraphBuilder {
        var graph = GraphBuilder(root: root)
        try graph.add(".", uses: ["Features/Feed", "Features/Search"])
        try graph.add("Core/Logging")
        try graph.add("Core/Networking", uses: ["Core/Logging"])
        try graph.add("Core/TestSupport")
        try graph.add("DesignSystem")
        try graph.add("Features/Feed", uses: ["Core/Networking", "DesignSystem"])
        try graph.add("Features/Search", uses: ["Core/Networking"], testUses: ["Core/TestSupport"])
        return graph
    }
}

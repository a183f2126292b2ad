import Foundation
import Testing

@testable import ModulesKit

/// `modules lint` over the fixture repositories, with the real `swift package dump-package`.
@Suite(.timeLimit(.minutes(10))) struct FixtureLintTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var rule: String
        var package: String
        var otherPackage: String
        var target: String?
        /// Text on the manifest line the finding must point at.
        var lineText: String?

        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        Case(
            fixture: "FeatureToFeature", rule: "peer-dependency", package: "Features/Feed",
            otherPackage: "Features/Search", target: "Feed", lineText: ".product(name: \"Search\""
        ),
        Case(
            fixture: "CoreToFeature", rule: "layer-order", package: "Core/Base", otherPackage: "Features/Feed",
            target: "Base", lineText: ".product(name: \"Feed\""
        ),
        Case(
            fixture: "SharedIdentity", rule: "duplicate-identity", package: "Features/Shared",
            otherPackage: "Core/Shared", target: nil, lineText: nil
        ),
        Case(
            fixture: "TestCycle", rule: "dependency-cycle", package: "Core/Alpha", otherPackage: "Core/Beta",
            target: "AlphaTests", lineText: ".product(name: \"Beta\""
        ),
        Case(
            fixture: "TestOnlyMisuse", rule: "test-only-package", package: "Features/Feed", otherPackage: "Core/Kit",
            target: "Feed", lineText: ".product(name: \"Kit\""
        ),
        Case(
            fixture: "TestOnlyMisuse", rule: "test-only-product", package: "Features/Feed", otherPackage: "Core/Net",
            target: "Feed", lineText: ".product(name: \"NetTestSupport\""
        ),
    ]

    @Test(arguments: cases)
    func aBrokenRuleExits1NamingTheRuleThePackagesAndTheManifest(_ expected: Case) async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy(expected.fixture, into: directory)
            let json = await runModules(
                ["lint", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(json.status == 1, "\(json.errorOutput)")
            let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
            #expect(report?["schemaVersion"] as? Int == 1)
            let findings = report?["findings"] as? [[String: Any]] ?? []
            let finding = try #require(findings.first { $0["rule"] as? String == expected.rule }, "\(findings)")
            let manifest = "\(expected.package)/Package.swift"
            #expect(finding["severity"] as? String == "error")
            #expect(finding["package"] as? String == expected.package)
            #expect(finding["otherPackage"] as? String == expected.otherPackage)
            #expect(finding["target"] as? String == expected.target)
            #expect(finding["manifest"] as? String == manifest)
            if let lineText = expected.lineText {
                let source = try String(contentsOf: repo.appendingPathComponent(manifest), encoding: .utf8)
                let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                let line = try #require(finding["line"] as? Int)
                #expect(lines[line - 1].contains(lineText))
            }

            let text = await runModules(["lint", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(text.status == 1)
            let line = try #require(text.output.split(separator: "\n").first { $0.contains("[\(expected.rule)]") })
            #expect(line.hasPrefix(manifest))
            #expect(line.contains(expected.package) && line.contains(expected.otherPackage))
        }
    }

    @Test func aCleanRepositoryPasses() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            let run = await runModules(["lint", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
            #expect(run.output == "No findings in 4 packages.\n")
        }
    }
}

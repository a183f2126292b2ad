import Foundation
import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct ConfigurationRulesTests {
    @Test func aPackagesKeyThatNamesNoPackageIsAnError() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            graph.configuration.packages["Core/Model"] = .init(allowedDependencies: [])
            try graph.add("Core/Models")
            try Data("{\n  \"packages\": {\n    \"Core/Model\": {}\n  }\n}\n".utf8)
                .write(to: root.appendingPathComponent("modules.json"))
            let findings = Linter().lint(graph.scan()).findings.filter { $0.severity == .error }
            #expect(findings.map(\.rule) == [.unknownConfiguredPackage])
            #expect(findings.first?.manifest == "modules.json")
            #expect(findings.first?.line == 3)
            #expect(findings.first?.message.contains("'Core/Model'") == true)
        }
    }

    @Test func layerGlobsAndExcludesThatMatchNothingAreWarnings() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(
                root: root,
                configuration: ModulesConfiguration(
                    exclude: [Glob("Samples"), Glob("Fixturez")],
                    layers: [
                        .init(name: "features", packages: [Glob("Feature/*")], allowsPeerDependencies: false),
                        .init(name: "core", packages: [Glob("Core/*")], allowsPeerDependencies: true),
                    ]
                )
            )
            try graph.add("Core/Models")
            try FileManager().createDirectory(
                at: root.appendingPathComponent("Samples/Demo"), withIntermediateDirectories: true)
            try Data("// swift-tools-version:6.2\n".utf8)
                .write(to: root.appendingPathComponent("Samples/Demo/Package.swift"))
            let loader = ManifestLoader(
                runner: ScriptedRunner { _ in ProcessResult(status: 1) }, swiftExecutable: "swift")
            let scan = try await RepositoryScanner(loader: loader, concurrency: 1)
                .scan(root: root, configuration: graph.configuration)
            #expect(scan.unmatchedExcludes == ["Fixturez"])
            var withExcludes = graph.scan()
            withExcludes.unmatchedExcludes = scan.unmatchedExcludes
            let findings = Linter().lint(withExcludes).findings
            #expect(findings.map(\.rule) == [.unmatchedConfigurationGlob, .unmatchedConfigurationGlob])
            #expect(findings.allSatisfy { $0.severity == .warning && $0.manifest == "modules.json" })
            #expect(Set(findings.map(\.package)) == ["Feature/*", "Fixturez"])
            #expect(Linter().lint(withExcludes).exitCode == 0)
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// The import checks of `modules lint`, with the real compiler (`swiftc -frontend -emit-imported-modules`).
@Suite(.timeLimit(.minutes(10))) struct ImportCheckTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var rule: String
        var severity: String
        var file: String
        /// Text on the line the finding must point at.
        var lineText: String
        var module: String

        var testDescription: String { rule }
    }

    static let expected: [Expected] = [
        Expected(
            rule: "upward-import", severity: "error", file: "Core/Networking/Sources/Networking/Upward.swift",
            lineText: "import Feed", module: "Feed"),
        Expected(
            rule: "transitive-import", severity: "error", file: "Features/Feed/Sources/Feed/Transitive.swift",
            lineText: "import Logging", module: "Logging"),
        Expected(
            rule: "undeclared-import", severity: "error", file: "Features/Feed/Sources/Feed/Undeclared.swift",
            lineText: "import DesignSystem", module: "DesignSystem"),
        Expected(
            rule: "unused-dependency", severity: "warning", file: "Features/Feed/Package.swift",
            lineText: ".product(name: \"Logging\"", module: "Logging"),
    ]

    @Test func eachImportCaseIsFoundAtItsFileAndLineAndNothingElse() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Imports", into: directory)
            let run = await runModules(
                ["lint", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 1, "\(run.errorOutput)")
            let report = try jsonObject(run.output)
            let findings = report["findings"] as? [[String: Any]] ?? []
            #expect(findings.count == Self.expected.count, "\(findings)")
            #expect(report["errorCount"] as? Int == 3)
            #expect(report["warningCount"] as? Int == 1)
            for expected in Self.expected {
                let finding = try #require(findings.first { $0["rule"] as? String == expected.rule }, "\(findings)")
                #expect(finding["severity"] as? String == expected.severity)
                #expect(finding["module"] as? String == expected.module)
                let path = (finding["file"] ?? finding["manifest"]) as? String
                #expect(path == expected.file)
                let source = try String(contentsOf: repo.appendingPathComponent(expected.file), encoding: .utf8)
                let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                let line = try #require(finding["line"] as? Int)
                #expect(lines[line - 1].contains(expected.lineText), "\(expected.rule) points at line \(line)")
            }
            #expect(!run.output.contains("Ignored.swift"))
        }
    }

    @Test func githubFormatAnnotatesEachFindingAndExplainsTheRules() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Imports", into: directory)
            let run = await runModules(
                ["lint", "--format", "github", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 1)
            let lines = run.output.split(separator: "\n").map(String.init)
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "::error file=Features/Feed/Sources/Feed/Transitive.swift,line=2,"
                            + "title=modules lint [transitive-import]::target Feed of Features/Feed imports Logging")
                })
            #expect(lines.contains { $0.hasPrefix("::warning file=Features/Feed/Package.swift,line=22,") })
            #expect(lines.last == "3 errors, 1 warning in 4 packages.")
            #expect(lines.contains { $0.contains("through Networking") })
        }
    }

    @Test func manifestOnlyLintSkipsTheSources() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Imports", into: directory)
            let run = await runModules(
                ["lint", "--no-imports", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output == "No findings in 4 packages.\n")
        }
    }

    /// Toolchain modules, `_`-prefixed modules, `@testable` imports, a system-library target, an executable
    /// dependency that is only built, and a test target's own declared dependencies: nothing to report.
    @Test func toolchainSystemLibraryAndExecutableDependenciesAreNotFindings() async throws {
        try await withTemporaryDirectory { root in
            let files = [
                "Core/Store/Sources/CStore/module.modulemap": "module CStore [system] {\n    link \"z\"\n}\n",
                "Core/Store/Sources/Store/Store.swift": """
                import CStore
                import Dispatch
                import Foundation
                import Observation
                import Synchronization
                import _Concurrency
                #if canImport(FoundationNetworking)
                    import FoundationNetworking
                #endif
                #if canImport(Glibc)
                    import Glibc
                #elseif canImport(Darwin)
                    import Darwin
                #endif
                #if canImport(os)
                    import os
                #endif
                """,
                "Core/Store/Sources/store-probe/main.swift": "import Store\nprint(1)\n",
                "Core/Store/Tests/StoreTests/StoreTests.swift": """
                import Testing
                import XCTest
                @testable import Store
                @testable import store_probe
                """,
                "Core/Store/Tests/StoreTests/ProbeRunner.swift": "import Foundation\n",
            ]
            try writeFiles(files, under: root)
            let manifest = PackageManifest(
                name: "Store",
                toolsVersion: "6.2.0",
                products: [.init(name: "Store", type: "library", targets: ["Store"])],
                targets: [
                    .init(name: "CStore", type: "system"),
                    .init(name: "Store", type: "regular", dependencies: [.init(kind: .byName, name: "CStore")]),
                    .init(name: "store-probe", type: "executable", dependencies: [.init(kind: .byName, name: "Store")]),
                    .init(
                        name: "StoreTests", type: "test",
                        dependencies: [.init(kind: .byName, name: "Store"), .init(kind: .byName, name: "store-probe")]
                    ),
                ]
            )
            let scan = RepositoryScan(
                root: root,
                configuration: ModulesConfiguration(layers: GraphBuilder.layers),
                packagePaths: ["Core/Store"],
                packages: [
                    ScannedPackage(path: "Core/Store", manifestPath: "Core/Store/Package.swift", manifest: manifest)
                ],
                failures: []
            )
            let findings = await importFindings(scan)
            #expect(findings == [])
        }
    }

    @Test func aFileTheCompilerCannotReadIsAnError() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Logging")
            let file = root.appendingPathComponent("Core/Logging/Sources/Logging/Broken.swift")
            try FileManager().createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("import Foundation\nfunc (\n".utf8).write(to: file)
            let findings = await importFindings(graph.scan())
            #expect(findings.map(\.rule) == [.importScanFailed])
            #expect(findings.first?.message.contains("Broken.swift:2") == true)
        }
    }

    /// A repository target that shares its name with an SDK module (`Charts`, `Network`) is the module its
    /// importers get, so its imports are checked like any other.
    @Test func aRepositoryTargetNamedLikeAnSDKModuleIsChecked() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Charts")
            try graph.add("Features/Shop")
            try writeFiles(
                [
                    "Core/Charts/Sources/Charts/Charts.swift": "/// A chart.\npublic struct Chart {}\n",
                    "Features/Shop/Sources/Shop/Shop.swift": "import Charts\nimport SwiftUI\n\nlet chart = Chart()\n",
                ], under: root)
            let findings = await importFindings(graph.scan())
            #expect(findings.map(\.rule) == [.undeclaredImport], "\(findings)")
            #expect(findings.first?.module == "Charts")
            #expect(findings.first?.target == "Shop")
        }
    }

    private func importFindings(_ scan: RepositoryScan) async -> [Finding] {
        await ImportLinter(
            scan: scan,
            graph: TargetGraph(scan: scan),
            scanner: ImportScanner(runner: liveRunner(scan.root), swiftc: liveToolchain.swiftc, root: scan.root),
            toolchainModules: liveToolchain.modules(),
            external: ExternalPackages(),
            concurrency: 2
        ).findings()
    }
}

/// Where `import` declarations are, in text the compiler has already judged.
@Suite(.timeLimit(.minutes(10))) struct ImportLocatorTests {
    @Test func skipsCommentsAndStringsAndFindsEveryImportForm() {
        let source = ##"""
            // import Commented
            /* import Block /* import Nested */ import StillBlock */
            let plain = "import InString \(value("import InInterpolation"))"
            let block = """
                import InMultiline
                """
            let raw = #"import InRaw \#(x) "quoted""#
            import Foundation
            @testable import Networking
            import struct Models.Money
            public import Exported; import SameLine
            import
                Spread
            let call = value.import
            """##
        let locator = ImportLocator(source: source)
        #expect(
            locator.declarations.map(\.module) == [
                "Foundation", "Networking", "Models", "Exported", "SameLine", "Spread",
            ])
        #expect(locator.line(of: "Foundation") == 8)
        #expect(locator.line(of: "Models") == 10)
        #expect(locator.line(of: "SameLine") == 11)
        #expect(locator.line(of: "Spread") == 12)
        #expect(locator.line(of: "InString") == nil)
        #expect(locator.line(of: "InMultiline") == nil)
    }

    @Test(arguments: [
        ("persistence-probe", "persistence_probe"),
        ("Logging", "Logging"),
        ("2fa", "_2fa"),
        ("a.b c", "a_b_c"),
    ])
    func moduleNamesFollowSwiftPM(target: String, module: String) {
        #expect(TargetLayout.c99Name(target) == module)
    }
}

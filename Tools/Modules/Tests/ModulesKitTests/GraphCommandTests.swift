import Foundation
import Testing

@testable import ModulesKit

/// `modules graph`: the graph's model, its four renderings, and target-level graphs.
@Suite(.timeLimit(.minutes(10))) struct GraphCommandTests {
    @Test func packageGraphHasLayersTargetsAndTestOnlyEdges() async throws {
        try await withTemporaryDirectory { root in
            let scan = try AffectedTests.repository(root).scan()
            let report = GraphReport(scan: scan, graph: TargetGraph(scan: scan), level: .packages)
            #expect(report.schemaVersion == 1)
            #expect(report.layers.map(\.name) == ["app", "features", "design-system", "core"])
            #expect(report.nodes.map(\.id).first == ".")
            #expect(report.nodes.map(\.layer).last == "core")
            let search = try #require(
                report.edges.first { $0.from == "Features/Search" && $0.to == "Core/TestSupport" })
            #expect(search.testOnly)
            #expect(search.targets == ["SearchTests"])
            let feed = try #require(report.edges.first { $0.from == "Features/Feed" && $0.to == "Core/Networking" })
            #expect(!feed.testOnly)

            let text = GraphCommand.text(report)
            #expect(text.hasPrefix("app\n  . (App) → Features/Feed, Features/Search\nfeatures\n"))
            #expect(text.contains("  Features/Search (Search) → Core/Networking, Core/TestSupport (tests)\n"))
            #expect(text.hasSuffix("7 packages, 7 dependencies\n"))

            let mermaid = GraphCommand.mermaid(report)
            #expect(mermaid.hasPrefix("graph TD\n  subgraph layer_app[\"app\"]\n    n0[\".\"]\n  end\n"))
            #expect(mermaid.contains("subgraph layer_design_system[\"design-system\"]"))
            #expect(mermaid.contains(" -.-> "))
            #expect(mermaid.split(separator: "\n").count { $0.contains("-->") || $0.contains("-.->") } == 7)

            let dot = GraphCommand.dot(report)
            #expect(dot.hasPrefix("digraph modules {\n"))
            #expect(dot.contains("  \"Features/Search\" -> \"Core/TestSupport\" [style=dashed];\n"))
            #expect(dot.contains("    label=\"features\";\n"))
            #expect(dot.hasSuffix("}\n"))
        }
    }

    @Test func targetGraphHasOneEdgePerTargetOfAProduct() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add(
                "Core/Networking",
                products: [.init(name: "NetworkingAll", type: "library", targets: ["Networking", "NetworkingExtras"])],
                targets: [.init(name: "NetworkingExtras", type: "regular")])
            try graph.add(
                "Features/Feed", extraDependencies: ["Core/Networking"],
                targets: [
                    .init(
                        name: "FeedLive", type: "regular",
                        dependencies: [
                            .init(kind: .product, name: "NetworkingAll", package: "Networking"),
                            .init(kind: .byName, name: "Feed"),
                        ])
                ])
            let scan = graph.scan()
            let report = GraphReport(scan: scan, graph: TargetGraph(scan: scan), level: .targets)
            let fromLive = report.edges.filter { $0.from == "Features/Feed:FeedLive" }
            #expect(
                fromLive.map(\.to) == [
                    "Core/Networking:Networking", "Core/Networking:NetworkingExtras", "Features/Feed:Feed",
                ])
            #expect(fromLive.map(\.product) == ["NetworkingAll", "NetworkingAll", nil])
            let tests = try #require(report.nodes.first { $0.id == "Features/Feed:FeedTests" })
            #expect(tests.testCode == true && tests.type == "test" && tests.layer == "features")
            #expect(report.edges.first { $0.from == "Features/Feed:FeedTests" }?.testOnly == true)
        }
    }

    /// One package with many targets: `graph` is at target level without being asked, with the target layers.
    @Test func aSinglePackageRepositoryGraphsItsTargets() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("SinglePackage", into: directory)
            let run = await runModules(
                ["graph", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            let report = try jsonObject(run.output)
            #expect(report["schemaVersion"] as? Int == 1)
            #expect(report["level"] as? String == "targets")
            let nodes = report["nodes"] as? [[String: Any]] ?? []
            #expect(
                nodes.map { $0["id"] as? String } == [
                    ".:FeedTests", ".:NetworkingTests", ".:App", ".:Feed", ".:Search", ".:DesignSystem", ".:Logging",
                    ".:Networking",
                ])
            #expect(nodes.map { $0["layer"] as? String }.first == "tests")
            let edges = report["edges"] as? [[String: Any]] ?? []
            #expect(edges.contains { $0["from"] as? String == ".:App" && $0["to"] as? String == ".:Search" })

            let lint = await runModules(["lint", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(lint.status == 1)
            #expect(
                lint.output.hasPrefix(
                    "Sources/Search/OpenFeed.swift:2: error: [upward-import] target Search of . imports Feed "
                        + "(target Feed of .): targets of layer 'features' must not depend on each other"))
            #expect(lint.output.hasSuffix("1 error, 0 warnings in 1 package.\n"))
        }
    }

    @Test func aDependencyBetweenTargetLayersOfOnePackageIsChecked() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            graph.configuration.layers = [
                .init(name: "app", packages: [Glob(".")], allowsPeerDependencies: false, targets: [Glob("App")]),
                .init(name: "core", packages: [], allowsPeerDependencies: false, targets: [Glob("Core*")]),
            ]
            try graph.add(
                ".",
                targets: [
                    .init(name: "CoreBase", type: "regular", dependencies: [.init(kind: .target, name: "App")]),
                    .init(name: "CoreMore", type: "regular", dependencies: [.init(kind: .byName, name: "CoreBase")]),
                ])
            let findings = graph.lint()
            #expect(findings.map(\.rule) == [.layerOrder, .peerDependency])
            #expect(findings.map(\.target) == ["CoreBase", "CoreMore"])
        }
    }
}

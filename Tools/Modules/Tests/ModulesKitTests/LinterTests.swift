import Foundation
import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct LinterTests {
    @Test func aLayeredGraphHasNoFinding() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Logging")
            try graph.add("Core/Networking", uses: ["Core/Logging"])
            try graph.add("DesignSystem")
            try graph.add("Features/Feed", uses: ["Core/Networking", "DesignSystem"])
            try graph.add(".", uses: ["Features/Feed", "Core/Logging"])
            #expect(graph.lint() == [])
        }
    }

    @Test func aDependencyOnAHigherLayerBreaksLayerOrder() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Models", uses: ["DesignSystem"])
            try graph.add("DesignSystem")
            let findings = graph.lint()
            #expect(findings.map(\.rule) == [.layerOrder])
            #expect(findings.first?.package == "Core/Models")
            #expect(findings.first?.otherPackage == "DesignSystem")
            #expect(findings.first?.target == "Models")
            #expect(findings.first?.manifest == "Core/Models/Package.swift")
        }
    }

    @Test func featuresNeverDependOnFeaturesButCorePeersMay() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Logging")
            try graph.add("Core/Networking", uses: ["Core/Logging"])
            try graph.add("Features/Feed", testUses: ["Features/Search"])
            try graph.add("Features/Search")
            let findings = graph.lint()
            #expect(findings.map(\.rule) == [.peerDependency])
            #expect(findings.first?.target == "FeedTests")
        }
    }

    @Test func allowedDependenciesMakeALeaf() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            graph.configuration.packages["Core/Logging"] = .init(allowedDependencies: [])
            graph.configuration.packages["Core/Networking"] = .init(allowedDependencies: [Glob("Core/Logging")])
            try graph.add("Core/Logging", uses: ["Core/Models"])
            try graph.add("Core/Models")
            try graph.add("Core/Networking", uses: ["Core/Logging", "Core/Models"])
            let findings = graph.lint()
            #expect(findings.map(\.rule) == [.disallowedDependency, .disallowedDependency])
            #expect(Set(findings.map(\.package)) == ["Core/Logging", "Core/Networking"])
            #expect(findings.allSatisfy { $0.otherPackage == "Core/Models" })
            let leaf = findings.first { $0.package == "Core/Logging" }?.message ?? ""
            #expect(leaf.hasSuffix("Core/Logging must not depend on any package of the repository"))
            #expect(!findings.contains { $0.message.contains("only on nothing") })
        }
    }

    @Test func onlyTheAllowedDependentsMayUseAPackage() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            graph.configuration.layers.insert(
                .init(name: "tools", packages: [Glob("Tools/*")], allowsPeerDependencies: false),
                at: 1
            )
            graph.configuration.packages["Tools/SampleBackend"] = .init(allowedDependents: [Glob(".")])
            try graph.add("Tools/SampleBackend")
            try graph.add("Tools/Other", uses: ["Tools/SampleBackend"])
            try graph.add(".", testUses: ["Tools/SampleBackend"])
            let findings = graph.lint()
            let dependents = findings.filter { $0.rule == .disallowedDependent }
            #expect(dependents.map(\.package) == ["Tools/Other"])
            #expect(dependents.first?.otherPackage == "Tools/SampleBackend")
        }
    }

    @Test func testOnlyPackagesAndProductsAreForTestCode() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            graph.configuration.packages["Core/TestSupport"] = .init(testOnly: true)
            graph.configuration.testOnlyProducts = [Glob("*TestSupport")]
            try graph.add("Core/TestSupport")
            // Networking's test-support target may use TestSupport: only a test-only product exports it.
            try graph.add(
                "Core/Networking",
                testUses: ["Core/TestSupport"],
                extraDependencies: ["Core/TestSupport"],
                products: [.init(name: "NetworkingTestSupport", type: "library", targets: ["NetworkingTestSupport"])],
                targets: [
                    .init(
                        name: "NetworkingTestSupport",
                        type: "regular",
                        dependencies: [.init(kind: .product, name: "TestSupport", package: "TestSupport")]
                    )
                ]
            )
            try graph.add(
                "Features/Feed",
                uses: ["Core/TestSupport"],
                extraDependencies: ["Core/Networking"],
                targets: [
                    .init(
                        name: "FeedLive",
                        type: "regular",
                        dependencies: [.init(kind: .product, name: "NetworkingTestSupport", package: "Networking")]
                    )
                ]
            )
            let findings = graph.lint()
            #expect(findings.map(\.rule) == [.testOnlyPackage, .testOnlyProduct])
            #expect(findings.map(\.target) == ["Feed", "FeedLive"])
            #expect(findings.allSatisfy { $0.package == "Features/Feed" })
        }
    }

    @Test func aCycleThroughATestTargetIsReportedWithItsPath() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/A", testUses: ["Core/B"])
            try graph.add("Core/B", uses: ["Core/C"])
            try graph.add("Core/C", uses: ["Core/A"])
            let findings = graph.lint()
            #expect(findings.map(\.rule) == [.dependencyCycle])
            #expect(findings.first?.cycle == ["Core/A", "Core/B", "Core/C", "Core/A"])
            #expect(findings.first?.target == "ATests")
            let path = "Core/A (ATests) → Core/B (B) → Core/C (C) → Core/A"
            #expect(findings.first?.message.contains(path) == true)
        }
    }

    @Test func sameDirectoryNamesCollideWhateverTheCaseWhenInOneGraph() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Shared")
            try graph.add("Features/shared")
            #expect(graph.lint().isEmpty, "never in one graph, so no conflict")
            try graph.add(".", uses: ["Core/Shared", "Features/shared"])
            let findings = graph.lint().filter { $0.rule != .unknownProduct }  // NB: both products are named Shared.
            #expect(findings.map(\.rule) == [.duplicateIdentity])
            #expect(findings.first?.package == "Features/shared")
            #expect(findings.first?.otherPackage == "Core/Shared")
            #expect(findings.first?.message.contains("in the graph of .") == true)
        }
    }

    /// Cloned into a directory named `modules`, the root package has the identity of Tools/Modules; they are never in
    /// one graph.
    @Test func theRootAndAToolWithItsNameInSeparateGraphsDoNotCollide() async throws {
        try await withTemporaryDirectory { parent in
            let root = parent.appendingPathComponent("modules", isDirectory: true)
            var graph = GraphBuilder(root: root)
            try graph.add(".", uses: ["Core/Logging"])
            try graph.add("Core/Logging")
            try graph.add("Tools/Modules")
            #expect(!graph.lint().contains { $0.rule == .duplicateIdentity })
            try graph.add("Tools/Report", uses: ["Tools/Modules", "."])
            #expect(graph.lint().contains { $0.rule == .duplicateIdentity && $0.package == "Tools/Modules" })
        }
    }

    @Test func packagesOutsideEveryLayerAreReported() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Experiments/Scratch")
            #expect(graph.lint().map(\.rule) == [.unlayeredPackage])
        }
    }

    @Test func pathDependenciesMustNameAPackageOfTheRepository() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Models", uses: ["/elsewhere/Outside", "Core/Missing"])
            let findings = graph.lint()
            #expect(Set(findings.map(\.rule)) == [.pathOutsideRepository, .missingDependencyPath])
            #expect(findings.contains { $0.otherPackage == "/elsewhere/Outside" })
            #expect(findings.contains { $0.otherPackage == "Core/Missing" })
        }
    }

    @Test func productsMustBeDeclaredByTheirPackage() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Logging")
            try graph.add(
                "Core/Models",
                extraDependencies: ["Core/Logging"],
                targets: [
                    .init(
                        name: "ModelsExtras",
                        type: "regular",
                        dependencies: [
                            .init(kind: .product, name: "LoggingKit", package: "Logging"),
                            .init(kind: .product, name: "Thing", package: "nowhere"),
                            .init(kind: .byName, name: "Mystery"),
                        ]
                    )
                ]
            )
            let findings = graph.lint()
            #expect(
                findings.map(\.rule).sorted { $0.rawValue < $1.rawValue } == [
                    .unknownPackageReference, .unknownProduct, .unknownProduct,
                ])
            #expect(findings.allSatisfy { $0.target == "ModelsExtras" })
            #expect(findings.contains { $0.otherPackage == "Core/Logging" && $0.message.contains("LoggingKit") })
        }
    }

    @Test func aManifestThatFailsToLoadIsAnErrorNamingIt() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            try graph.add("Core/Logging")
            try graph.addFailure("Core/Models")
            let report = Linter().lint(graph.scan())
            #expect(report.findings.filter { $0.severity == .error }.map(\.rule) == [.manifestLoadFailed])
            #expect(report.findings.first?.manifest == "Core/Models/Package.swift")
            #expect(report.exitCode == 1)
            #expect(report.packageCount == 2)
        }
    }

    @Test func locatesDeclarationsInManifestText() {
        let source = """
            let package = Package(
                name: "Feed",
                dependencies: [
                    .package(path: "../Search"),
                ],
                targets: [
                    .target(
                        name: "Feed",
                        dependencies: [
                            .product(name: "Search", package: "Search"),
                        ]
                    ),
                    .testTarget(name: "FeedTests", dependencies: ["Feed", .product(name: "Search", package: "Search")]),
                ]
            )
            """
        let locator = ManifestLocator(source: source)
        let directory = URL(fileURLWithPath: "/repo/Features/Feed")
        #expect(locator.pathDependencyLine(packageDirectory: directory, dependencyPath: "/repo/Features/Search") == 4)
        #expect(locator.referenceLine(target: "Feed", name: "Search") == 10)
        #expect(locator.referenceLine(target: "FeedTests", name: "Search") == 13)
        #expect(locator.referenceLine(target: "FeedTests", name: "Feed") == 13)
    }
}

import Foundation
import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct TestSupportTargetTests {
    @Test func aNonTestTargetMustNotUseTheTestSupportTargetOfItsOwnPackage() async throws {
        try await withTemporaryDirectory { root in
            var graph = GraphBuilder(root: root)
            graph.configuration.testOnlyProducts = [Glob("*TestSupport")]
            try graph.add(
                "Core/Persistence",
                products: [
                    .init(name: "PersistenceTestSupport", type: "library", targets: ["PersistenceTestSupport"])
                ],
                targets: [
                    .init(name: "PersistenceTestSupport", type: "regular", dependencies: []),
                    .init(
                        name: "persistence-probe", type: "executable",
                        dependencies: [.init(kind: .byName, name: "PersistenceTestSupport")]),
                    .init(
                        name: "PersistenceFixtures", type: "regular",
                        dependencies: [.init(kind: .target, name: "PersistenceTestSupport")]),
                    .init(
                        name: "PersistenceSpecs", type: "test",
                        dependencies: [.init(kind: .byName, name: "PersistenceTestSupport")]),
                ]
            )
            // A target named like a test-only product is test support even when no product exports it.
            try graph.add(
                "Features/Feed",
                targets: [
                    .init(name: "FeedTestSupport", type: "regular", dependencies: []),
                    .init(
                        name: "FeedLive", type: "regular",
                        dependencies: [.init(kind: .byName, name: "FeedTestSupport")]),
                ]
            )
            let findings = graph.lint()
            #expect(findings.map(\.rule) == [.testOnlyProduct, .testOnlyProduct, .testOnlyProduct])
            #expect(
                Set(findings.map { "\($0.package):\($0.target ?? "")" })
                    == [
                        "Core/Persistence:persistence-probe", "Core/Persistence:PersistenceFixtures",
                        "Features/Feed:FeedLive",
                    ])
            #expect(findings.allSatisfy { $0.severity == .error && $0.message.contains("test-support") })
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct RemoteDependencyTests {
    @Test func aRemoteDependencyIsOffByDefaultAndWhenSwitchedOnNamesThePackageTheURLAndTheManifest() async throws {
        try await withTemporaryDirectory { root in
            let url = "https://github.com/apple/swift-collections.git"
            let source = """
                // swift-tools-version:6.2
                import PackageDescription

                let package = Package(
                    name: "Models",
                    dependencies: [
                        .package(url: "\(url)", from: "1.1.0")
                    ],
                    targets: [.target(name: "Models", dependencies: [.product(name: "Collections", package: "swift-collections")])]
                )
                """
            let directory = root.appendingPathComponent("Core/Models")
            try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: directory.appendingPathComponent("Package.swift"))
            let package = ScannedPackage(
                path: "Core/Models",
                manifestPath: "Core/Models/Package.swift",
                manifest: PackageManifest(
                    name: "Models",
                    dependencies: [.init(kind: .sourceControl, identity: "swift-collections", location: url)],
                    products: [.init(name: "Models", type: "library", targets: ["Models"])],
                    targets: [
                        .init(
                            name: "Models", type: "regular",
                            dependencies: [.init(kind: .product, name: "Collections", package: "swift-collections")])
                    ]
                ),
                source: source
            )
            let scan = RepositoryScan(
                root: root,
                configuration: ModulesConfiguration(layers: GraphBuilder.layers, rules: [.remoteDependency: .error]),
                packagePaths: ["Core/Models"], packages: [package], failures: [])
            var offByDefault = scan
            offByDefault.configuration.rules = [:]
            #expect(!Linter().lint(offByDefault).findings.contains { $0.rule == .remoteDependency })
            let findings = Linter().lint(scan).findings.filter { $0.severity == .error }
            #expect(findings.map(\.rule) == [.remoteDependency])
            #expect(findings.first?.package == "Core/Models")
            #expect(findings.first?.otherPackage == url)
            #expect(findings.first?.manifest == "Core/Models/Package.swift")
            #expect(findings.first?.line == 7)
            #expect(findings.first?.message.contains(url) == true)
        }
    }
}

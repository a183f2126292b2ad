import Foundation
import Testing

@testable import ModulesKit

/// A repository that is one package with a hundred targets, written by the test (plus a tooling manifest without
/// targets, which does not make it a multi-package repository).
@Suite(.timeLimit(.minutes(10))) struct LargePackageTests {
    static let count = 100

    /// `Layer0` … `Layer99`, each depending on and importing the one before, and one test target over the top.
    private func write(in directory: URL) throws -> URL {
        let repo = directory.appendingPathComponent("Large", isDirectory: true)
        let manager = FileManager()
        var targets: [String] = []
        for index in 0..<Self.count {
            let name = "Layer\(index)"
            let dependencies = index == 0 ? "" : ", dependencies: [\"Layer\(index - 1)\"]"
            targets.append("        .target(name: \"\(name)\"\(dependencies)),")
            let folder = repo.appendingPathComponent("Sources/\(name)", isDirectory: true)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let importLine = index == 0 ? "" : "import Layer\(index - 1)\n\n"
            try Data("\(importLine)/// Layer \(index).\npublic let layer\(index) = \(index)\n".utf8)
                .write(to: folder.appendingPathComponent("\(name).swift"))
        }
        targets.append("        .testTarget(name: \"LargeTests\", dependencies: [\"Layer\(Self.count - 1)\"]),")
        let tests = repo.appendingPathComponent("Tests/LargeTests", isDirectory: true)
        try manager.createDirectory(at: tests, withIntermediateDirectories: true)
        try Data("import Layer\(Self.count - 1)\nimport Testing\n\n@Test func top() {}\n".utf8)
            .write(to: tests.appendingPathComponent("LargeTests.swift"))
        let manifest = """
            // swift-tools-version:6.2
            import PackageDescription

            let package = Package(
                name: "Large",
                targets: [
            \(targets.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try Data(manifest.utf8).write(to: repo.appendingPathComponent("Package.swift"))
        let tooling = repo.appendingPathComponent("Tooling", isDirectory: true)
        try manager.createDirectory(at: tooling, withIntermediateDirectories: true)
        try Data(
            "// swift-tools-version:6.2\nimport PackageDescription\n\nlet package = Package(name: \"Tooling\")\n".utf8
        )
        .write(to: tooling.appendingPathComponent("Package.swift"))
        return repo
    }

    @Test func aHundredTargetPackageIsGraphedLintedAndAffectedTargetByTarget() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try write(in: directory)
            let runner = liveRunner(directory)
            let graph = await runModules(["graph", "--json", "--repo", repo.path], in: repo, runner: runner)
            #expect(graph.status == 0, "\(graph.errorOutput)")
            let report = try jsonObject(graph.output)
            #expect(report["level"] as? String == "targets", "the tooling manifest holds no target")
            #expect((report["nodes"] as? [Any])?.count == Self.count + 1)
            #expect((report["edges"] as? [Any])?.count == Self.count)

            let lint = await runModules(["lint", "--json", "--repo", repo.path], in: repo, runner: runner)
            #expect(lint.status == 0, "\(lint.output)")
            let findings = try jsonObject(lint.output)["findings"] as? [Any] ?? []
            #expect(findings.isEmpty, "\(findings)")

            try commitEverything(in: repo)
            let bottom = repo.appendingPathComponent("Sources/Layer0/Layer0.swift")
            try Data("/// Layer 0, changed.\npublic let layer0 = 0\n".utf8).write(to: bottom)
            let affected = await runModules(
                ["affected", "--base", "HEAD", "--json", "--repo", repo.path], in: repo, runner: runner)
            let targets = try jsonObject(affected.output)["targets"] as? [[String: Any]] ?? []
            #expect(targets.count == Self.count + 1, "every layer above Layer0 and the test target")
        }
    }
}

import Foundation
import Testing

@testable import ModulesKit

/// The repository's workflow and `modules plan`'s GitLab and Buildkite outputs pass the published schemas, as
/// check-jsonschema ships them (`--builtin-schema vendor.github-workflows`, `vendor.gitlab-ci`, `vendor.buildkite`),
/// pinned from PyPI in the venv `scripts/ensure-check-jsonschema.sh` installs under `.build/` (`make test` runs it
/// first). Without the venv the suite is skipped, except in CI (`CI=true`), where that is a failure.
@Suite(.timeLimit(.minutes(10)), .enabled(if: SchemaChecker.url != nil || SchemaChecker.isCI))
struct SchemaTests {
    static let repository = SchemaChecker.repository

    /// Runs check-jsonschema with `schema` on `files` (one process: each start costs seconds on a loaded machine).
    static func check(_ schema: String, _ files: [URL], in directory: URL) async throws -> ProcessResult {
        let checker = try #require(
            SchemaChecker.url,
            "check-jsonschema is not installed: run scripts/ensure-check-jsonschema.sh (make test does)")
        return try await liveRunner(directory).run(
            ProcessInvocation(executable: checker.path, arguments: ["--builtin-schema", schema] + files.map(\.path)))
    }

    /// A plan with a suite split, a remainder with skips, a `'` and a `$` in the command, and a plain package.
    static let pipeline: CIPipeline = {
        let split = PlanShard(
            plan: "0123456789abcdef", index: 1, count: 2, buildSeconds: 300, testSeconds: 40,
            packages: [
                .init(package: ".", targets: [], suites: ["AppTests.Outer.Inner", "AppTests.Beta"]),
                .init(package: "Core/Logging"),
            ])
        let rest = PlanShard(
            plan: "0123456789abcdef", index: 2, count: 2, buildSeconds: 290, testSeconds: 45,
            packages: [
                .init(package: ".", targets: ["AppTests"], skipSuites: ["AppTests.Beta", "AppTests.Outer.Inner"])
            ])
        var pipeline = CIPipeline(jobs: [
            .init(name: "shard 1 of 2", reason: "2 affected packages", shard: split),
            .init(name: "shard 2 of 2", reason: "1 affected package", shard: rest),
        ])
        pipeline.command = "make ci-shard SHARD=\"$MODULES_PLAN_SHARD\" NOTE='it''s'"
        return pipeline
    }()

    @Test func theRepositorysWorkflowPassesGitHubsSchema() async throws {
        try await withTemporaryDirectory { directory in
            let workflow = Self.repository.appendingPathComponent(".github/workflows/modules.yml")
            let result = try await Self.check("vendor.github-workflows", [workflow], in: directory)
            #expect(result.succeeded, "\(result.standardOutputText)\(result.standardErrorText)")
        }
    }

    @Test func theGitLabAndBuildkiteOutputsPassTheirSchemas() async throws {
        try await withTemporaryDirectory { directory in
            var withImage = Self.pipeline
            withImage.image = "swift:6.3.1-bookworm"
            let outputs: [(String, String, String)] = [
                ("gitlab.yml", "vendor.gitlab-ci", withImage.gitlab(header: "a plan")),
                ("gitlab-empty.yml", "vendor.gitlab-ci", CIPipeline(jobs: []).gitlab(header: "nothing")),
                ("buildkite.yml", "vendor.buildkite", Self.pipeline.buildkite(header: "a plan")),
                ("buildkite-empty.yml", "vendor.buildkite", CIPipeline(jobs: []).buildkite(header: "nothing")),
            ]
            for schema in ["vendor.gitlab-ci", "vendor.buildkite"] {
                var files: [URL] = []
                for (name, _, text) in outputs.filter({ $0.1 == schema }) {
                    files.append(directory.appendingPathComponent(name))
                    try Data(text.utf8).write(to: files[files.count - 1])
                }
                let result = try await Self.check(schema, files, in: directory)
                #expect(result.succeeded, "\(schema): \(result.standardOutputText)\(result.standardErrorText)")
            }
            // The check can fail: a GitLab job whose `when` is no value GitLab knows.
            let broken = directory.appendingPathComponent("broken.yml")
            try Data("stages: [test]\nshard:\n  stage: test\n  when: sometimes\n  script: [make]\n".utf8).write(
                to: broken)
            #expect(try await !Self.check("vendor.gitlab-ci", [broken], in: directory).succeeded)
        }
    }

    @Test func theYAMLCarriesTheShardAndTheCommandUnchanged() throws {
        let gitlab = Self.pipeline.gitlab(header: "a plan")
        let json = Self.pipeline.jobs[0].shard.json()
        #expect(gitlab.contains("      value: '\(json)'\n      expand: false\n"))
        #expect(gitlab.contains("    - 'make ci-shard SHARD=\"$MODULES_PLAN_SHARD\" NOTE=''it''''s'''\n"))
        let buildkite = Self.pipeline.buildkite(header: "a plan")
        #expect(buildkite.contains("    command: 'make ci-shard SHARD=\"$$MODULES_PLAN_SHARD\" NOTE=''it''''s'''\n"))
        #expect(buildkite.contains("      MODULES_PLAN_SHARD: '\(json)'\n"))
        let decoded = try JSONDecoder().decode(PlanShard.self, from: Data(json.utf8))
        #expect(decoded == Self.pipeline.jobs[0].shard)
        #expect(decoded.packages[0].filters == ["^AppTests\\.Outer/Inner(/|$)", "^AppTests\\.Beta(/|$)"])
    }
}

/// Where the pinned check-jsonschema is, and whether this is CI (where its absence fails instead of skipping).
enum SchemaChecker {
    static let repository = Fixtures.packageDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The check-jsonschema of the version the script pins, when it is installed.
    static var url: URL? {
        guard
            let script = try? String(
                contentsOf: repository.appendingPathComponent("scripts/ensure-check-jsonschema.sh"), encoding: .utf8),
            let line = script.split(separator: "\n").first(where: { $0.hasPrefix("CHECK_JSONSCHEMA_VERSION=") })
        else { return nil }
        let version = line.dropFirst("CHECK_JSONSCHEMA_VERSION=".count)
        let url = repository.appendingPathComponent(".build/check-jsonschema-\(version)/bin/check-jsonschema")
        return FileManager().isExecutableFile(atPath: url.path) ? url : nil
    }
}

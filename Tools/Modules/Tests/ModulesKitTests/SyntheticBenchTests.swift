import Foundation
import Testing

@testable import ModulesKit

/// `modules bench --synthetic N`: the synthetic repository's shape (deterministic, layered, skewed fan-in, real
/// manifests that load and lint clean) and the benchmark's rounds over a scripted `swift` and `modules`.
@Suite(.timeLimit(.minutes(10))) struct SyntheticBenchTests {
    typealias Recorder = BenchCommandTests.Recorder

    @Test func theRepositoryIsTheSameForTheSameCountAndLayeredDownwards() throws {
        let first = SyntheticRepository(count: 200)
        #expect(first.files == SyntheticRepository(count: 200).files)
        #expect(first.files != SyntheticRepository(count: 201).files)
        #expect(first.packages.count == 200)
        #expect(SyntheticRepository.layerSizes(200).reduce(0, +) == 200)
        let layer = Dictionary(first.packages.map { ($0.path, $0.layer) }) { a, _ in a }
        var fanIn: [String: Int] = [:]
        for package in first.packages {
            for dependency in package.dependencies {
                #expect((layer[dependency] ?? -1) > package.layer, "\(package.path) → \(dependency)")
                fanIn[dependency, default: 0] += 1
            }
            if package.layer > 0, package.layer < 5 {
                #expect(package.dependencies.count >= 5 - package.layer)
            }
        }
        // Skewed: the most depended-on core package has several times the median fan-in of its layer.
        let core = first.packages.filter { $0.layer == 4 }.map { fanIn[$0.path] ?? 0 }.sorted()
        #expect((core.last ?? 0) >= 4 * max(1, core[core.count / 2]))
        #expect(first.packages.contains { $0.hasSupport } && first.packages.contains { !$0.hasSupport })
        // TestKit is foundation's own peer: only packages above that layer test with it.
        #expect(first.packages.contains { $0.testsUseTestKit })
        #expect(first.packages.allSatisfy { !$0.testsUseTestKit || (1..<5).contains($0.layer) })
        let files = first.files
        let service = try #require(first.packages.first { $0.layer == 3 })
        let manifest = try #require(files["\(service.path)/Package.swift"])
        for dependency in service.dependencies {
            #expect(manifest.contains(".package(path: \"../../\(dependency)\")"))
        }
        #expect(first.targetCount == first.packages.reduce(0) { $0 + ($1.layer == 0 ? 1 : $1.hasSupport ? 3 : 2) })
    }

    @Test func theWrittenRepositoryLoadsAndLintsCleanWithTheRealToolchain() async throws {
        try await withTemporaryDirectory { directory in
            let repository = SyntheticRepository(count: SyntheticRepository.minimumCount)
            let root = directory.appendingPathComponent("synthetic", isDirectory: true)
            #expect(!repository.isWritten(at: root))
            try await repository.write(to: root, runner: liveRunner(directory))
            #expect(repository.isWritten(at: root))
            let lint = await runModules(
                ["lint", "--json", "--repo", root.path], in: root, runner: liveRunner(directory))
            #expect(lint.status == 0, "\(lint.output)\(lint.errorOutput)")
            let report = try jsonObject(lint.output)
            #expect((report["findings"] as? [Any])?.isEmpty == true, "\(lint.output)")
            let affected = await runModules(
                ["affected", "--base", "HEAD~1", "--json", "--repo", root.path], in: root,
                runner: liveRunner(directory))
            #expect(affected.status == 0, "\(affected.errorOutput)")
            let changed = repository.changedFile.path
            #expect(affected.output.contains(changed), "\(affected.output)")
        }
    }

    @Test func roundsTimeEveryWarmCommandAndTheRepositoryIsKept() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["."])
            let recorder = Recorder()
            let run = await runModules(
                ["bench", "--synthetic", "12", "--runs", "2", "--json", "--repo", repo.path], in: repo,
                runner: recorder.runner, executablePath: "/opt/bin/modules")
            #expect(run.status == 0, "\(run.errorOutput)")
            let report = try jsonObject(run.output)
            for key in ["graph", "affected", "lint", "lintImports", "hash"] {
                // The stepping clock makes every timed span exactly one second.
                #expect(report[key] as? Double == 1.0, "\(key)")
            }
            #expect(report["packages"] as? Int == 12)
            #expect(report["written"] as? Bool == true)
            let synthetic = repo.appendingPathComponent(".build/modules/bench/synthetic-12")
            #expect(report["repository"] as? String == synthetic.path)
            #expect(FileManager().fileExists(atPath: synthetic.appendingPathComponent("modules.json").path))

            let invocations = recorder.invocations
            // Twelve cold manifests, and one dump-package per round.
            let dumps = invocations.filter { $0.arguments.contains("dump-package") }
            #expect(dumps.count == 12 + 2)
            let timed = invocations.filter { $0.executable == "/opt/bin/modules" }.map(\.arguments)
            // One cold lint, then five commands per round, every one on the synthetic repository.
            #expect(timed.count == 1 + 2 * 5)
            #expect(timed.allSatisfy { $0.suffix(2) == ["--repo", synthetic.path] })
            #expect(timed.filter { $0.first == "lint" && !$0.contains("--no-imports") }.count == 3)
            #expect(timed.contains(["affected", "--base", "HEAD~1", "--repo", synthetic.path]))
            #expect(run.errorOutput.contains("[12/12] manifests read"))

            // Kept: a second run writes nothing and says so.
            let second = await runModules(
                ["bench", "--synthetic", "12", "--runs", "1", "--repo", repo.path], in: repo,
                runner: recorder.runner, executablePath: "/opt/bin/modules")
            #expect(second.status == 0)
            #expect(second.output.contains("kept from an earlier run"))
            #expect(second.output.contains("lint --no-imports"))
            #expect(second.output.contains("≤ 2 s"))
            #expect(second.errorOutput.contains("using the synthetic repository kept at"))
        }
    }

    @Test func badSyntheticOptionsAreUsageErrors() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try makeRepository(in: directory, packages: ["."])
            for arguments in [
                ["--synthetic", "0"], ["--synthetic", "5"], ["--synthetic", "x"],
                ["--synthetic", "20", "--limit", "1"],
            ] {
                let run = await runModules(
                    ["bench", "--repo", repo.path] + arguments, in: repo, runner: Recorder().runner,
                    executablePath: "/opt/bin/modules")
                #expect(run.status == 64, "\(arguments): \(run.errorOutput)")
            }
        }
    }
}

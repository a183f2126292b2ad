import Foundation
import Testing

@testable import ModulesKit

/// `modules build-times` with a scripted `swift build` (and real git for the compared worktree): interleaving,
/// medians, ratios and the regression threshold, blast radius, hotspots, outputs.
@Suite(.timeLimit(.minutes(10))) struct BuildTimesTests {
    @Test func comparesBothTreesInterleavedAndFailsAboveTheThreshold() async throws {
        try await withTemporaryDirectory { directory in
            let (repo, swift) = try makeBuildRepository(in: directory)
            let runner = RoutingRunner(git: liveRunner(directory), other: swift.runner)
            let run = await runModules(
                ["build-times", "Core/A", "--runs", "2", "--compare", "HEAD", "--repo", repo.path],
                in: repo, runner: runner, stopwatch: swift.clock.stopwatch)
            #expect(run.status == 1, "\(run.output)\(run.errorOutput)")
            #expect(
                run.output.contains("Core/A      3.00    2.00  1.50×           3.00    2.00  1.50×"), "\(run.output)")
            #expect(run.output.contains("Regression: Core/A clean build: 1.50× > 1.25×"))
            #expect(run.output.contains("Core/A   implementation     3.00    2.00  1.50×  App"))
            #expect(run.output.contains("Core/A   interface          3.00    2.00  1.50×  App"))
            #expect(run.output.hasSuffix("SVG chart: .build/modules/build-times.svg\n"))
            // Package builds alternate which tree goes first from one run to the next.
            let sides = swift.builds.filter { !$0.package.hasSuffix("/repo") }.map(\.side)
            #expect(
                Array(sides.prefix(8)) == ["current", "current", "base", "base", "base", "base", "current", "current"])
            let svg = try String(
                contentsOf: repo.appendingPathComponent(".build/modules/build-times.svg"), encoding: .utf8)
            #expect(svg.hasPrefix("<svg ") && svg.contains(">Core/A</text>") && svg.contains("1.50×"))
            // The repository itself is never changed, and the worktree is gone.
            let probe = try String(contentsOf: repo.appendingPathComponent("Core/A/Sources/A/A.swift"), encoding: .utf8)
            #expect(!probe.contains("build-times probe"))
            let work = repo.appendingPathComponent(".build/modules/build-times")
            #expect(((try? FileManager().contentsOfDirectory(atPath: work.path)) ?? []).isEmpty)

            let relaxed = await runModules(
                [
                    "build-times", "Core/A", "--runs", "1", "--compare", "HEAD", "--threshold", "2", "--json",
                    "--no-blast-radius", "--repo", repo.path,
                ],
                in: repo, runner: runner, stopwatch: swift.clock.stopwatch)
            #expect(relaxed.status == 0, "\(relaxed.errorOutput)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(relaxed.output.utf8)) as? [String: Any])
            #expect(report["schemaVersion"] as? Int == 1)
            #expect(report["regressions"] as? [String] == [])
            let package = try #require((report["packages"] as? [[String: Any]])?.first)
            let clean = package["clean"] as? [String: Any]
            #expect(clean?["ratio"] as? Double == 1.5)
            #expect((clean?["current"] as? [String: Any])?["samples"] as? [Double] == [3])
            #expect(package["probeFile"] as? String == "Core/A/Sources/A/A.swift")
            let functions = (report["hotspots"] as? [String: Any])?["functions"] as? [[String: Any]] ?? []
            #expect(functions.first?["file"] as? String == "Core/A/Sources/A/A.swift")
            #expect(functions.first?["line"] as? Int == 3)
            #expect(functions.first?["milliseconds"] as? Double == 12.5)
        }
    }

    @Test func withoutComparisonThereAreNoRatiosAndNoFailure() async throws {
        try await withTemporaryDirectory { directory in
            let (repo, swift) = try makeBuildRepository(in: directory)
            let run = await runModules(
                ["build-times", "--runs", "1", "--format", "md", "--repo", repo.path],
                in: repo, runner: RoutingRunner(git: liveRunner(directory), other: swift.runner),
                stopwatch: swift.clock.stopwatch)
            #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
            #expect(run.output.contains("| PACKAGE | CLEAN s | INCREMENTAL s |\n| --- | --- | --- |\n"))
            #expect(run.output.contains("| Core/A | 3.00 | 3.00 |"))
            #expect(run.output.contains("No comparison (use --compare REF for ratios)."))
            #expect(run.errorOutput.contains("[1/"))
        }
    }

    @Test func readsTheCompilersTimingOutputs() throws {
        let output = """
            Building for debugging...
            23.79ms\t/t/Core/A/Sources/A/A.swift:6:13\tglobal function A.(file).slow()@/t/Core/A/Sources/A/A.swift:6:13
            23.79ms\t/t/Core/A/Sources/A/A.swift:6:13\tglobal function A.(file).slow()@/t/Core/A/Sources/A/A.swift:6:13
            0.10ms\t/t/Core/A/Sources/A/B.swift:2:1\tgetter A.(file).x@/t/Core/A/Sources/A/B.swift:2:1
            Build complete!
            """
        let bodies = BuildMeasurer.functionBodies(in: output)
        #expect(bodies.count == 2)
        #expect(
            bodies.first
                == .init(
                    milliseconds: 23.79, file: "/t/Core/A/Sources/A/A.swift", line: 6,
                    declaration: "global function A.(file).slow()"))
        #expect(BuildTimesReport.Measure(samples: [3, 1, 2]).median == 2)
        #expect(BuildTimesReport.Measure(samples: [4, 1, 2, 3]).median == 2.5)
        // Ratios pair the two builds of each run: [10/5, 30/30] → median 1.5, not 20 ÷ 17.5.
        let paired = BuildTimesReport.Comparison(current: .init(samples: [10, 30]), base: .init(samples: [5, 30]))
        #expect(paired.ratio == 1.5)
        let unpaired = BuildTimesReport.Comparison(current: .init(samples: [10, 30]), base: .init(samples: [16]))
        #expect(unpaired.ratio == 1.25)
    }

    @Test func aRatioItsOwnRunsSpreadExplainsIsNoRegression() {
        // Two runs on unchanged sources: 1.35× on the median, but one run 1.54× and the other 1.17×.
        let noisy = BuildTimesReport.Comparison(current: .init(samples: [20, 14]), base: .init(samples: [13, 12]))
        #expect(noisy.ratio == 1.353)
        #expect(noisy.current?.spread == 0.353)
        #expect((noisy.noise ?? 0) >= 0.35)
        #expect(!noisy.regresses(above: 1.25))
        // Steady runs: the same ratio is a regression.
        let steady = BuildTimesReport.Comparison(
            current: .init(samples: [15, 15.3]), base: .init(samples: [10, 10.1]))
        #expect((steady.noise ?? 1) < 0.05)
        #expect(steady.regresses(above: 1.25))
        // One run has no spread: the threshold alone decides, as before.
        let single = BuildTimesReport.Comparison(current: .init(samples: [13]), base: .init(samples: [10]))
        #expect(single.noise == 0)
        #expect(single.regresses(above: 1.25))
        #expect(!single.regresses(above: 1.4))
    }

    @Test func compilerTimePerModuleCountsASharedDependencyOnce() {
        let sample = { (frontend: [String: Double]) in
            BuildSample(
                seconds: 1, succeeded: true, recompiled: frontend.keys.sorted(), frontendSeconds: frontend,
                functionBodies: [], failure: nil)
        }
        // Core/A's and Core/B's clean builds both compile Shared.
        let hotspots = BuildTimesReport.hotspots(
            of: [sample(["A": 1, "Shared": 4]), sample(["B": 2, "Shared": 4.2])], tree: URL(fileURLWithPath: "/t"))
        #expect(hotspots.modules.map(\.module) == ["Shared", "B", "A"])
        #expect(hotspots.modules.first?.seconds == 4.2)
        #expect(hotspots.modules.reduce(0) { $0 + $1.seconds } == 7.2)
    }
}

/// A repository of the App (`.`, depending on Core/A) and Core/A, committed, with a scripted `swift` that answers
/// `dump-package` for both and `swift build` by writing compiler statistics and function-body timings; builds in
/// the working tree's copy take 3 s, builds in the compared worktree 2 s.
func makeBuildRepository(in directory: URL) throws -> (URL, FakeBuildSwift) {
    let repo = directory.appendingPathComponent("repo", isDirectory: true)
    let files = [
        "Package.swift": "// swift-tools-version:6.2\n",
        "Sources/App/main.swift": "import A\n",
        "Core/A/Package.swift": "// swift-tools-version:6.2\n",
        "Core/A/Sources/A/A.swift": "/// A.\npublic struct A {\n    public init() {}\n}\n",
        "modules.json": #"{"layers": [{"name": "app", "packages": ["."]}, {"name": "core", "packages": ["Core/*"]}]}"#,
        ".gitignore": ".build/\n",
    ]
    try writeFiles(files, under: repo)
    try commitEverything(in: repo)
    return (repo, FakeBuildSwift(repo: repo))
}

/// A clock that the scripted `swift build` moves forward by the build's duration.
final class ScriptedClock: @unchecked Sendable {
    // Sound: `elapsed` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var elapsed = Duration.zero

    func advance(by seconds: Int) {
        lock.withLock { elapsed += .seconds(seconds) }
    }

    var stopwatch: Stopwatch {
        Stopwatch { [self] in lock.withLock { elapsed } }
    }
}

/// See ``makeBuildRepository(in:)``.
final class FakeBuildSwift: @unchecked Sendable {
    // Sound: `recorded` is only touched while `lock` is held; `repo` and `clock` are immutable references.
    private let lock = NSLock()
    private var recorded: [(package: String, side: String)] = []
    let repo: URL
    let clock = ScriptedClock()

    init(repo: URL) {
        self.repo = repo
    }

    /// Every `swift build`: the package directory and the tree (`current` or `base`), in order.
    var builds: [(package: String, side: String)] {
        lock.withLock { recorded }
    }

    var runner: ScriptedRunner {
        ScriptedRunner { [self] invocation in try self.answer(invocation) }
    }

    private func answer(_ invocation: ProcessInvocation) throws -> ProcessResult {
        if invocation.arguments.contains("dump-package") {
            let isRoot = invocation.workingDirectory?.lastPathComponent == "repo"
            let json =
                isRoot
                ? #"{"name": "App", "dependencies": [{"fileSystem": [{"identity": "a", "path": "\#(repo.path)/Core/A"}]}], "products": [], "targets": [{"name": "App", "type": "executable", "dependencies": [{"product": ["A", "A", null, null]}]}]}"#
                : #"{"name": "A", "dependencies": [], "products": [{"name": "A", "targets": ["A"], "type": {"library": ["automatic"]}}], "targets": [{"name": "A", "type": "regular", "dependencies": []}]}"#
            return ProcessResult(status: 0, standardOutput: Data(json.utf8))
        }
        guard invocation.arguments.first == "build", let package = invocation.value(of: "--package-path"),
            let flag = invocation.arguments.firstIndex(of: "-stats-output-dir"), flag + 2 < invocation.arguments.count
        else { return ProcessResult(status: 2) }
        let statistics = invocation.arguments[flag + 2]  // NB: `-stats-output-dir -Xswiftc DIR`.
        let side = package.contains("/current/") ? "current" : "base"
        lock.withLock { recorded.append((package, side)) }
        clock.advance(by: side == "current" ? 3 : 2)
        let module = package.hasSuffix("/A") ? "A" : "App"
        let stats = #"{"time.swift-frontend.\#(module)-all-x86_64-o-Onone.wall": 0.5}"#
        try Data(stats.utf8).write(
            to: URL(fileURLWithPath: statistics).appendingPathComponent(
                "stats-1-swift-frontend-\(module)-all-x86_64_unknown_linux_gnu-o-Onone-1.json"))
        let body = "12.5ms\t\(package)/Sources/A/A.swift:3:5\tinitializer A.(file).A.init()@\(package)/x.swift:3:5\n"
        return ProcessResult(status: 0, standardOutput: Data((module == "A" ? body : "").utf8))
    }
}

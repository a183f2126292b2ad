import Foundation
import Testing

@testable import ModulesKit

/// The shard planner over in-memory packages and durations: cold builds, balance, splitting, suite filters.
@Suite(.timeLimit(.minutes(1))) struct ShardPlannerTests {
    static func package(_ path: String, tests: [String], closure: [String]) -> CostModel.Package {
        CostModel.Package(path: path, testTargets: tests.map { ($0, $0) }, closure: Set(closure))
    }

    static func entry(tests: Double, product: Double = 1, suites: [String: Double]? = nil) -> DurationStore.Entry {
        .init(seconds: tests, status: "passed", testSeconds: tests, productSeconds: product, suites: suites)
    }

    @Test func aColdBuildCountsEachModuleOnceAndEachTestProduct() {
        let durations = DurationStore(
            entries: ["Core/A": Self.entry(tests: 1, product: 2), "Core/B": Self.entry(tests: 1, product: 3)],
            modules: [
                "Base": .init(seconds: 10, files: 4), "A": .init(seconds: 20, files: 2),
                "B": .init(seconds: 30, files: 2),
            ])
        let model = CostModel(durations: durations)
        let a = Self.package("Core/A", tests: ["ATests"], closure: ["Base", "A", "ATests"])
        let b = Self.package("Core/B", tests: ["BTests"], closure: ["Base", "B", "BTests"])
        // ATests and BTests are unknown: each is the median of the three known modules (20 s).
        #expect(model.buildSeconds([a]) == 10 + 20 + 20 + 2)
        #expect(model.buildSeconds([a, b]) == 10 + 20 + 30 + 20 + 20 + 2 + 3)
        #expect(model.buildSeconds([a, a]) == model.buildSeconds([a]))
        #expect(!CostModel(durations: DurationStore()).knowsBuilds)
        #expect(CostModel(durations: DurationStore()).buildSeconds([a]) == 0)
    }

    @Test func packagesThatShareAClosureMeetAndShardsAreBalanced() {
        var entries: [String: DurationStore.Entry] = [:]
        var packages: [CostModel.Package] = []
        for (index, seconds) in [40.0, 35, 30, 25, 20, 15, 10, 5].enumerated() {
            let path = "Features/F\(index)"
            entries[path] = Self.entry(tests: seconds)
            packages.append(
                Self.package(path, tests: ["F\(index)Tests"], closure: ["Core", "F\(index)", "F\(index)Tests"]))
        }
        let modules = Dictionary(
            packages.flatMap(\.closure).map {
                ($0, DurationStore.ModuleBuild(seconds: $0 == "Core" ? 50 : 2, files: 1))
            }
        ) { first, _ in first }
        let model = CostModel(durations: DurationStore(entries: entries, modules: modules))
        let shards = TestShardPlanner(model: model).plan(packages, count: 3)
        #expect(shards.count == 3)
        let placed = shards.flatMap { $0.packages.map(\.package) }.sorted()
        #expect(placed == packages.map(\.path).sorted(), "every package exactly once")
        let seconds = shards.map(\.seconds)
        let mean = seconds.reduce(0, +) / 3
        #expect((seconds.max() ?? 0) <= 1.2 * mean, "\(seconds)")
        // Each shard builds Core once (50 s) whatever it tests.
        for shard in shards {
            let paths = Set(shard.packages.map(\.package))
            let count = Double(packages.filter { paths.contains($0.path) }.count)
            let expected: Double = 50 + count * 5  // each package: its module, its tests' module, its test product
            #expect(abs(shard.buildSeconds - expected) < 1e-9)
        }
        #expect(TestShardPlanner(model: model).plan(packages, count: 3) == shards, "deterministic")
        #expect(TestShardPlanner(model: model).plan(Array(packages.prefix(2)), count: 5).count == 2)
    }

    @Test func aPackageWhoseTestsDominateIsSplitByTestTarget() {
        let durations = DurationStore(
            entries: [
                "Core/Big": Self.entry(
                    tests: 200, suites: ["BigTests.S": 100, "BigTests.T": 0.001, "MoreTests.S": 100]),
                "Core/Small": Self.entry(tests: 10),
            ],
            modules: ["Big": .init(seconds: 5, files: 1)])
        let big = Self.package(
            "Core/Big", tests: ["BigTests", "MoreTests"], closure: ["Big", "BigTests", "MoreTests"])
        let small = Self.package("Core/Small", tests: ["SmallTests"], closure: ["Small", "SmallTests"])
        let shards = TestShardPlanner(model: CostModel(durations: durations)).plan([big, small], count: 2)
        let bigEntries = shards.flatMap(\.packages).filter { $0.package == "Core/Big" }
        #expect(bigEntries.count == 2)
        #expect(Set(bigEntries.compactMap(\.targets).map { $0 }) == [["BigTests"], ["MoreTests"]])
        #expect(bigEntries.allSatisfy { $0.suites == nil && $0.skipSuites == nil })
        #expect(bigEntries.map(\.filters).sorted { $0[0] < $1[0] } == [["^BigTests\\."], ["^MoreTests\\."]])
    }

    @Test func aTestTargetThatStillDominatesIsSplitBySuiteAndOneShardRunsTheRest() throws {
        let suites: [String: Double] = [
            "AppTests.Slow": 60, "AppTests.Outer": 10, "AppTests.Outer.Inner": 30, "AppTests.Mid": 30,
            "AppTests.Quick": 5,
        ]
        let durations = DurationStore(
            entries: [".": Self.entry(tests: 135, suites: suites), "Core/A": Self.entry(tests: 5)],
            modules: ["App": .init(seconds: 10, files: 1)])
        let root = Self.package(".", tests: ["AppTests"], closure: ["App", "AppTests", "A"])
        let core = Self.package("Core/A", tests: ["ATests"], closure: ["A", "ATests"])
        let model = CostModel(durations: durations)
        // The nested suite folds into the suite around it (a filter on Outer runs Inner too).
        #expect(
            model.suites(package: ".", module: "AppTests").map(\.name) == [
                "AppTests.Slow", "AppTests.Outer", "AppTests.Mid", "AppTests.Quick",
            ])
        let shards = TestShardPlanner(model: model).plan([root, core], count: 3)
        let rootEntries = shards.flatMap(\.packages).filter { $0.package == "." }
        #expect(rootEntries.count == 3)
        // One shard runs the whole target but the others' suites; the others run their suites alone.
        let rest = try #require(rootEntries.first { $0.skipSuites != nil })
        #expect(rest.targets == ["AppTests"])
        let single = rootEntries.filter { $0.skipSuites == nil }.flatMap { $0.suites ?? [] }
        #expect(Set(rest.skipSuites ?? []) == Set(single))
        #expect(rest.suites == nil)
        let all = Set(model.suites(package: ".", module: "AppTests").map(\.name))
        #expect(Set(single).isSubset(of: all) && !single.contains("AppTests.Slow"))
        #expect(rest.filters == ["^AppTests\\."])
        #expect(rest.skips.sorted() == single.sorted().map(PlanShard.Package.suiteFilter))
    }

    @Test func suiteFiltersNameSwiftTestingAndXCTestIdentifiers() {
        #expect(PlanShard.Package.suiteFilter("AppTests.Outer.Inner") == "^AppTests\\.Outer/Inner(/|$)")
        #expect(PlanShard.Package.suiteFilter("AppTests.Legacy") == "^AppTests\\.Legacy(/|$)")
        #expect(PlanShard.Package(package: ".", targets: ["My-Tests"]).filters == ["^My_Tests\\."])
        #expect(PlanShard.Package(package: ".").filters.isEmpty)
    }

    @Test func maxShardSecondsTakesTheFewestShardsWithinTheLimit() {
        let entries = Dictionary(uniqueKeysWithValues: (0..<6).map { ("P\($0)", Self.entry(tests: 30, product: 0)) })
        let packages = (0..<6).map { Self.package("P\($0)", tests: ["T\($0)"], closure: []) }
        let model = CostModel(durations: DurationStore(entries: entries))
        let (plan, met) = TestPlan.make(packages, reasons: [:], model: model, mode: .maxShardSeconds(61), maxJobs: 10)
        #expect(met && plan.jobs.count == 3 && plan.longest == 60)
        let (capped, cappedMet) = TestPlan.make(
            packages, reasons: [:], model: model, mode: .maxShardSeconds(20), maxJobs: 4)
        // Four shards would end no sooner than three (60 s): the fewer shards win.
        #expect(!cappedMet && capped.jobs.count == 3 && capped.longest == 60)
        let (single, _) = TestPlan.make(packages, reasons: [:], model: model, mode: .perPackage, maxJobs: 256)
        #expect(single.jobs.map(\.name).sorted() == packages.map(\.path))
        #expect(Set(single.jobs.map(\.shard.plan)).count == 1 && single.id.count == 16)
        #expect(single.jobs.map(\.shard.index).sorted() == Array(1...6))
    }
}

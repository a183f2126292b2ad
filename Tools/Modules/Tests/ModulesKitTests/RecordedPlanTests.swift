import Foundation
import Testing

@testable import ModulesKit

/// `modules plan --shards 4` over this repository's durations as one full `make test` recorded them (cold build
/// in one scratch directory, every package's tests; Samples/storefront-durations.json) and its package graph
/// (Samples/storefront-graph.json).
///
/// The planning is in memory and takes well under a second alone; its limit is a hang detector only, sized for a
/// 2-core machine running the whole suite in parallel beside other builds (over 60 s seen at a load average of 70).
@Suite(.timeLimit(.minutes(3))) struct RecordedPlanTests {
    static func recorded() throws -> (DurationStore, [CostModel.Package]) {
        let durations = try DurationStore.decode(try sample("storefront-durations.json"))
        let graph = try JSONDecoder().decode(RecordedGraph.self, from: try sample("storefront-graph.json"))
        return (durations, graph.planned)
    }

    @Test func fourShardsOfThisRepositoryAreWithinOnePointTwoTimesTheMean() throws {
        let (durations, packages) = try Self.recorded()
        #expect(durations.modules.count > 40 && packages.count > 10)
        let model = CostModel(durations: durations)
        let (plan, _) = TestPlan.make(packages, reasons: [:], model: model, mode: .shards(4), maxJobs: 256)
        #expect(plan.jobs.count == 4)
        let estimates = plan.jobs.map { Double($0.shard.estSeconds) }
        let mean = estimates.reduce(0, +) / Double(estimates.count)
        #expect((estimates.max() ?? 0) <= 1.2 * mean, "shard estimates \(estimates)")
        // Every test target of every package runs: whole, or suite by suite with one shard running the rest.
        for package in packages {
            let entries = plan.jobs.flatMap(\.shard.packages).filter { $0.package == package.path }
            #expect(!entries.isEmpty, "\(package.path) is in no shard")
            for target in package.testTargets.map(\.name) {
                let whole = entries.filter { $0.targets == nil || $0.targets?.contains(target) == true }
                #expect(whole.count == 1, "\(package.path) \(target) runs whole in \(whole.count) shards")
            }
        }
        // The estimates include each shard's cold build, which is most of a shard here.
        #expect(plan.jobs.allSatisfy { $0.shard.buildSeconds > 0 })
    }

    @Test func withoutBuildTimesOrSplitsTheSameDataIsFarLessBalanced() throws {
        let (durations, packages) = try Self.recorded()
        let model = CostModel(durations: durations)
        let shards = TestShardPlanner(model: model).plan(packages, count: 4, split: false)
        let seconds = shards.map(\.seconds)
        let mean = seconds.reduce(0, +) / Double(seconds.count)
        // Tools/Modules' tests alone are most of the work: unsplit, its shard is far above the mean.
        #expect((seconds.max() ?? 0) > 1.2 * mean, "\(seconds)")
    }
}

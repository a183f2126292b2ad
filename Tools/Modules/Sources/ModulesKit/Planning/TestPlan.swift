import Foundation

/// The jobs of `modules plan`, computed once: without a shard count one job per package (balanced groups above
/// `maxJobs`); with one, that many balanced shards (``TestShardPlanner``). Every job's ``PlanShard`` carries the
/// plan's identity, so the records its run leaves in the shared cache can be found by `modules durations merge`.
struct TestPlan {
    /// The jobs, longest first.
    var jobs: [CIPipeline.Job]
    /// The plan's identity (16 hexadecimal digits; empty when there is no job).
    var id: String

    /// How the jobs are cut.
    enum Mode: Equatable {
        /// One job per package, `maxJobs` balanced groups above that.
        case perPackage
        /// Exactly this many shards (fewer when there is less work).
        case shards(Int)
        /// The fewest shards (at most `maxJobs`) whose longest estimate is at most this many seconds.
        case maxShardSeconds(Double)
    }

    /// The seconds of the longest job, and of their mean.
    var longest: Int { jobs.map(\.shard.estSeconds).max() ?? 0 }
    var mean: Double { jobs.isEmpty ? 0 : Double(jobs.reduce(0) { $0 + $1.shard.estSeconds }) / Double(jobs.count) }

    /// Plans `packages` (in repository order, with their reasons).
    /// - Returns: the plan, and for ``Mode/maxShardSeconds(_:)`` whether the bound was met.
    static func make(
        _ packages: [CostModel.Package], reasons: [String: String], model: CostModel, mode: Mode, maxJobs: Int
    ) -> (plan: TestPlan, met: Bool) {
        let planner = TestShardPlanner(model: model)
        var met = true
        let shards: [TestShardPlanner.Shard]
        switch mode {
        case .perPackage:
            if packages.count <= maxJobs {
                shards = packages.map { planner.plan([$0], count: 1, split: false) }.joined().sorted {
                    $0.seconds > $1.seconds
                }
            } else {
                shards = planner.plan(packages, count: maxJobs, split: false)
            }
        case .shards(let count):
            shards = planner.plan(packages, count: min(count, maxJobs))
        case .maxShardSeconds(let limit):
            var best: [TestShardPlanner.Shard] = []
            met = false
            for count in 1...max(1, maxJobs) {
                let candidate = planner.plan(packages, count: count)
                if best.isEmpty || (candidate.first?.seconds ?? 0) < (best.first?.seconds ?? 0) - 1e-9 {
                    best = candidate
                }
                if (candidate.first?.seconds ?? 0) <= limit {
                    best = candidate
                    met = true
                    break
                }
                if candidate.count < count { break }  // NB: more shards than units change nothing.
            }
            shards = best
        }
        let grouped = mode == .perPackage && packages.count > maxJobs
        return (numbered(shards, reasons: reasons, mode: grouped ? .shards(0) : mode, grouped: grouped), met)
    }

    private static func numbered(
        _ shards: [TestShardPlanner.Shard], reasons: [String: String], mode: Mode, grouped: Bool
    ) -> TestPlan {
        let count = shards.count
        let draft = shards.enumerated().map { index, shard in
            PlanShard(
                plan: "", index: index + 1, count: count, buildSeconds: shard.buildSeconds,
                testSeconds: shard.testSeconds, packages: shard.packages)
        }
        let id = count == 0 ? "" : String(BlobDigest.sha256(draft.map { $0.json() }.joined(separator: "\n")).prefix(16))
        let jobs = draft.map { shard in
            var shard = shard
            shard.plan = id
            let paths = shard.packages.map(\.package)
            let single = Set(paths).count == 1 && mode == .perPackage
            let name =
                single ? paths[0] : grouped ? "group \(shard.index) of \(count)" : "shard \(shard.index) of \(count)"
            let reason =
                single
                ? reasons[paths[0]] ?? "" : "\(Set(paths).count) affected package\(Set(paths).count == 1 ? "" : "s")"
            return CIPipeline.Job(name: name, reason: reason, shard: shard)
        }
        return TestPlan(jobs: jobs, id: id)
    }

    /// The plan for people: one line per job, then the totals.
    func text(buildsKnown: Bool) -> String {
        let width = (jobs.map(\.name.count).max() ?? 0) + 2
        var lines = jobs.map { job in
            let contents = job.shard.packages.map { entry in
                var parts: [String] = []
                if let targets = entry.targets, !targets.isEmpty { parts.append(targets.joined(separator: ", ")) }
                if let suites = entry.suites { parts.append("\(suites.count) suite\(suites.count == 1 ? "" : "s")") }
                if let skips = entry.skipSuites {
                    parts.append("all but \(skips.count) suite\(skips.count == 1 ? "" : "s")")
                }
                return entry.package + (parts.isEmpty ? "" : " (\(parts.joined(separator: "; ")))")
            }
            return job.name + String(repeating: " ", count: width - job.name.count)
                + "~\(job.shard.estSeconds) s (build \(job.shard.buildSeconds) s, tests \(job.shard.testSeconds) s)  "
                + contents.joined(separator: ", ")
        }
        var summary = "\(jobs.count) job\(jobs.count == 1 ? "" : "s")"
        if !jobs.isEmpty {
            summary += String(
                format: "; longest ~%d s, mean ~%.0f s (%.2fx the mean); plan %@", longest, mean,
                mean > 0 ? Double(longest) / mean : 1, id)
        }
        if !buildsKnown { summary += "; no recorded build times: estimates leave the cold build out" }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }
}

import Foundation

/// Splits the test work of some packages into shards for as many CI machines, each a fresh machine that builds the
/// dependency closure of what it tests before testing it.
///
/// 1. **Units.** Each package is one unit, unless its tests dominate (more than the total tests divided by the
///    shard count): then each of its test targets is a unit, and a test target that still dominates is split into
///    its recorded suites (the root package of an app, one test target with many suites).
/// 2. **Placement.** Units go longest first (by the cost of testing them alone on a fresh machine) to the shard
///    whose estimate grows the least with them: a shard that already builds a unit's closure takes it for the cost
///    of its tests, so packages that share dependencies meet, and a unit goes to a fresh shard only when that ends
///    sooner. Ties go to the lower index. Deterministic for the same input.
/// 3. **Suites.** The shards of a test target split by suite run `--filter` per suite, except the one with its
///    largest share, which runs the whole target with `--skip` for the suites the others run: a suite without a
///    record still runs, exactly once.
struct TestShardPlanner {
    let model: CostModel

    /// One planned shard before it is numbered.
    struct Shard: Equatable {
        var packages: [PlanShard.Package]
        var buildSeconds: Double
        var testSeconds: Double
        var seconds: Double { buildSeconds + testSeconds }
    }

    private struct Unit {
        var package: CostModel.Package
        /// The test target's name, or `nil` for the whole package.
        var target: String?
        var module: String?
        /// The suite, or `nil` for the whole target.
        var suite: String?
        var testSeconds: Double
        var alone: Double
        var name: String { [package.path, target, suite].compactMap { $0 }.joined(separator: " ") }
    }

    /// At most `count` shards of `packages` (fewer when there are fewer units), longest first; empty shards are
    /// left out. Without `split`, every package is one unit.
    func plan(_ packages: [CostModel.Package], count: Int, split: Bool = true) -> [Shard] {
        let count = max(1, count)
        let units = self.units(packages, count: split ? count : 1).sorted { ($1.alone, $0.name) < ($0.alone, $1.name) }
        var bins = [[Unit]](repeating: [], count: count)
        var tests = [Double](repeating: 0, count: count)
        var builds = [Double](repeating: 0, count: count)
        for unit in units {
            var best = 0
            var bestSeconds = Double.infinity
            for index in bins.indices {
                let build = model.buildSeconds(Self.distinct(bins[index].map(\.package) + [unit.package]))
                let seconds = build + tests[index] + unit.testSeconds
                if seconds < bestSeconds - 1e-9 {
                    best = index
                    bestSeconds = seconds
                }
            }
            bins[best].append(unit)
            tests[best] += unit.testSeconds
            builds[best] = model.buildSeconds(Self.distinct(bins[best].map(\.package)))
        }
        let order = Dictionary(packages.enumerated().map { ($1.path, $0) }) { first, _ in first }
        var shards = bins.indices.filter { !bins[$0].isEmpty }.map { index in
            Shard(packages: [], buildSeconds: builds[index], testSeconds: tests[index])
        }
        let used = bins.filter { !$0.isEmpty }
        for (index, bin) in used.enumerated() {
            shards[index].packages = entries(bin, all: used, order: order, packages: packages)
        }
        return shards.sorted { $0.seconds > $1.seconds }
    }

    private func units(_ packages: [CostModel.Package], count: Int) -> [Unit] {
        func unit(
            _ package: CostModel.Package, _ target: (name: String, module: String)?, _ suite: String?, _ seconds: Double
        )
            -> Unit
        {
            Unit(
                package: package, target: target?.name, module: target?.module, suite: suite, testSeconds: seconds,
                alone: model.buildSeconds([package]) + seconds)
        }
        let perTarget = packages.map { package in
            package.testTargets.map { model.testSeconds(package: package, module: $0.module) }
        }
        let share = perTarget.joined().reduce(0, +) / Double(count)
        var units: [Unit] = []
        for (package, seconds) in zip(packages, perTarget) {
            let total = seconds.reduce(0, +)
            guard count > 1, total > share, share > 0 else {
                units.append(unit(package, nil, nil, total))
                continue
            }
            for (target, targetSeconds) in zip(package.testTargets, seconds) {
                let suites = model.suites(package: package.path, module: target.module)
                guard targetSeconds > share, suites.count > 1 else {
                    units.append(unit(package, target, nil, targetSeconds))
                    continue
                }
                units += suites.map { unit(package, target, $0.name, $0.seconds) }
            }
        }
        return units
    }

    /// The package entries of one shard: a package all of whose units are here runs whole (or its listed targets);
    /// a target split by suite runs its suites here, or everything but the others' suites in its largest shard.
    private func entries(
        _ bin: [Unit], all bins: [[Unit]], order: [String: Int], packages: [CostModel.Package]
    ) -> [PlanShard.Package] {
        var result: [PlanShard.Package] = []
        for (path, units) in Dictionary(grouping: bin, by: \.package.path).sorted(by: {
            order[$0.key]! < order[$1.key]!
        }) {
            let everywhere = bins.joined().filter { $0.package.path == path }
            if everywhere.count == units.count {
                let split = units.contains { $0.target != nil } || units[0].package.narrowed
                result.append(
                    .init(
                        package: path,
                        targets: split
                            ? (units[0].package.narrowed && !units.contains { $0.target != nil }
                                ? units[0].package.testTargets.map(\.name) : Self.targetNames(units)) : nil))
                continue
            }
            var targets: [String] = []
            var suites: [String] = []
            var skips: [String] = []
            for (target, pieces) in Dictionary(grouping: units, by: { $0.target ?? "" }).sorted(by: { $0.key < $1.key })
            {
                let allPieces = everywhere.filter { ($0.target ?? "") == target }
                if pieces.count == allPieces.count {
                    targets.append(target)
                    continue
                }
                let largest = allPieces.max { ($0.testSeconds, $1.name) < ($1.testSeconds, $0.name) }
                let here = Set(pieces.compactMap(\.suite))
                if let largest, let suite = largest.suite, here.contains(suite) {
                    targets.append(target)
                    skips += allPieces.compactMap(\.suite).filter { !here.contains($0) }.sorted()
                } else {
                    suites += here.sorted()
                }
            }
            result.append(
                .init(
                    package: path, targets: targets, suites: suites.isEmpty ? nil : suites,
                    skipSuites: skips.isEmpty ? nil : skips))
        }
        return result
    }

    private static func targetNames(_ units: [Unit]) -> [String] {
        Array(Set(units.compactMap(\.target))).sorted()
    }

    private static func distinct(_ packages: [CostModel.Package]) -> [CostModel.Package] {
        var seen: Set<String> = []
        return packages.filter { seen.insert($0.path).inserted }
    }
}

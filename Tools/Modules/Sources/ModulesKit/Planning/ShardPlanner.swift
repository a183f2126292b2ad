/// Splits packages across machines so that each gets about the same total time: longest first, each to the
/// machine with the least work so far (ties to the lower index). Deterministic for the same input.
public enum ShardPlanner {
    /// The packages of each of `count` shards, each shard in the order of `packages`.
    /// - Parameters:
    ///   - packages: the packages to split, in repository order.
    ///   - count: how many shards (at least 1).
    ///   - seconds: the estimated seconds of each package.
    public static func shards(_ packages: [String], count: Int, seconds: [String: Double]) -> [[String]] {
        let count = max(1, count)
        var totals = [Double](repeating: 0, count: count)
        var assigned = [[String]](repeating: [], count: count)
        let longestFirst = packages.sorted { lhs, rhs in
            let left = seconds[lhs] ?? 0
            let right = seconds[rhs] ?? 0
            return left != right ? left > right : lhs < rhs
        }
        for package in longestFirst {
            let target = totals.indices.min { totals[$0] != totals[$1] ? totals[$0] < totals[$1] : $0 < $1 } ?? 0
            totals[target] += seconds[package] ?? 0
            assigned[target].append(package)
        }
        let position = Dictionary(packages.enumerated().map { ($1, $0) }) { first, _ in first }
        return assigned.map { shard in shard.sorted { (position[$0] ?? 0) < (position[$1] ?? 0) } }
    }

    /// Reads `I/N` (1-based: `2/3` is the second of three).
    /// - Throws: ``UsageError`` for anything else.
    static func parse(_ text: String) throws(UsageError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
            index <= count
        else {
            throw UsageError(message: "--shard takes I/N with 1 ≤ I ≤ N (like 2/3), not '\(text)'")
        }
        return (index, count)
    }
}

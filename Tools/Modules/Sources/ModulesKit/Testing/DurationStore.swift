import Foundation

/// The last recorded build-and-test duration of each package, kept in a JSON file (by default
/// `.build/modules/durations.json`) that `modules test` updates after every run, and that `--shard` and `plan`
/// read to balance the work.
///
/// Shape (schema version 1): `{"schemaVersion": 1, "packages": {"Core/Logging": {"seconds": 12.3,
/// "status": "passed"}}}`. A file that is missing or unreadable counts as empty: durations are a hint, never a
/// reason to fail.
public struct DurationStore: Sendable, Equatable {
    /// One package's last run.
    public struct Entry: Sendable, Equatable, Codable {
        /// Build plus test time, in seconds.
        public var seconds: Double
        /// The run's status (`passed`, `failed`, …).
        public var status: String
    }

    private struct File: Codable {
        var schemaVersion: Int
        var packages: [String: Entry]
    }

    /// The default place, relative to the repository root.
    public static let defaultPath = ".build/modules/durations.json"

    /// The recorded durations by package path.
    public private(set) var entries: [String: Entry]

    /// Creates a store holding `entries`.
    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// Reads the store at `url` (empty when the file is missing or not a store).
    public static func load(from url: URL) -> DurationStore {
        guard let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data)
        else { return DurationStore() }
        return DurationStore(entries: file.packages)
    }

    /// Records the runs of `results` (packages that did not build are left as they were: their time says nothing
    /// about how long their tests take).
    public mutating func record(_ results: [PackageTestResult]) {
        for result in results where result.status != .buildFailed && result.status != .unchanged {
            entries[result.package] = Entry(
                seconds: (result.seconds * 10).rounded() / 10, status: result.status.rawValue)
        }
    }

    /// Writes the store to `url` atomically, creating its directory.
    /// - Throws: the file system's error.
    public func save(to url: URL) throws {
        try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = try JSONOutput.string(File(schemaVersion: 1, packages: entries))
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// The estimate for each of `packages`: its recorded seconds, else the median of the recorded ones, else
    /// `fallback`.
    public func estimates(for packages: [String], fallback: Double = 60) -> [String: Double] {
        let known = entries.values.map(\.seconds).sorted()
        let typical = known.isEmpty ? fallback : known[known.count / 2]
        return Dictionary(packages.map { ($0, entries[$0]?.seconds ?? typical) }) { first, _ in first }
    }
}

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

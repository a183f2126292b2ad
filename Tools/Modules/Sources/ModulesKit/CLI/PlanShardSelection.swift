import Foundation

/// What `modules test --plan-shard` runs: exactly the packages, test targets and suites of one shard of a plan.
struct PlanShardSelection {
    /// The shard as given.
    var shard: PlanShard
    /// The packages, in the shard's order.
    var packages: [String]
    /// `swift test --filter` values by package (absent: the whole package).
    var filters: [String: [String]]
    /// `swift test --skip` values by package.
    var skips: [String: [String]]
    /// For packages run suite by suite, the test targets (modules) that ran whole (for the durations record).
    var partial: [String: Set<String>]

    /// Reads the shard and checks that every package it names is a package of this repository.
    /// - Throws: ``CommandFailure`` for a shard that cannot be read or names a package that is not here (exit 65).
    init(_ argument: String, paths: [String], relativeTo directory: URL) throws {
        shard = try PlanShard.read(argument, relativeTo: directory)
        let known = Set(paths)
        if let stray = shard.packages.first(where: { !known.contains($0.package) }) {
            throw CommandFailure(
                message: "plan \(shard.plan) shard \(shard.index) names \(stray.package), which is no package of this "
                    + "repository (was it planned on another commit?)",
                status: ExitStatus.dataError)
        }
        packages = []
        filters = [:]
        skips = [:]
        partial = [:]
        for entry in shard.packages where !packages.contains(entry.package) {
            packages.append(entry.package)
            if !entry.filters.isEmpty { filters[entry.package] = entry.filters }
            if !entry.skips.isEmpty { skips[entry.package] = entry.skips }
            if entry.suites != nil || entry.skipSuites != nil {
                let skipped = Set((entry.skipSuites ?? []).map(DurationStore.Entry.module(ofSuite:)))
                partial[entry.package] = Set((entry.targets ?? []).map(PassingTargets.module(of:))).subtracting(skipped)
            }
        }
    }

    /// The selection of `--plan-shard`, when it is given (its line is printed); `nil` without it.
    /// - Throws: ``UsageError`` when PACKAGE, `--affected`, `--shard` or `--filter` is given with it, and what
    ///   ``init(_:paths:relativeTo:)`` throws.
    static func parse(
        _ arguments: ParsedArguments, paths: [String], environment: CommandEnvironment
    ) throws -> PlanShardSelection? {
        guard let argument = arguments.value("--plan-shard") else { return nil }
        if let option = ["--affected", "--shard", "--filter"].first(where: arguments.has) {
            throw UsageError(message: "--plan-shard runs what the plan says; it does not take \(option)")
        }
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "--plan-shard runs what the plan says; it takes no PACKAGE")
        }
        let selection = try PlanShardSelection(argument, paths: paths, relativeTo: environment.currentDirectory)
        environment.errorOutput.writeLine(selection.summary)
        return selection
    }

    /// The line saying what this job runs.
    var summary: String {
        "plan \(shard.plan) shard \(shard.index)/\(shard.count): "
            + (packages.isEmpty ? "no package" : packages.joined(separator: " "))
            + " (about \(shard.estSeconds) s: build \(shard.buildSeconds) s, tests \(shard.testSeconds) s)"
    }
}

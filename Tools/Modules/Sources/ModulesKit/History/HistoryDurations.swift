import Foundation

/// The planner's durations from the history: each package's newest `modules test` record (by time recorded) over
/// the durations file, which stays the fallback for packages the history has not seen and the source of per-suite
/// times (the history keeps per-target, not per-suite, seconds).
enum HistoryDurations {
    /// `durations` with every package of `records` that has a `modules test` record set to its newest one: build
    /// plus test seconds, each of them, and the status. Target records and `build-times` records are left out.
    static func overlay(_ durations: DurationStore, records: [HistoryRecord]) -> DurationStore {
        var newest: [String: HistoryRecord] = [:]
        for record in records where record.source == "test" && !record.isTarget && record.testSeconds != nil {
            if let known = newest[record.module], known.recordedAt >= record.recordedAt { continue }
            newest[record.module] = record
        }
        var result = durations
        for (package, record) in newest {
            let build = record.buildSeconds ?? 0
            let test = record.testSeconds ?? 0
            var entry = result.entries[package] ?? .init(seconds: 0, status: record.outcome)
            entry.seconds = HistoryRun.rounded(build + test)
            entry.status = record.outcome
            entry.buildSeconds = record.buildSeconds ?? entry.buildSeconds
            entry.testSeconds = record.testSeconds
            result.entries[package] = entry
        }
        return result
    }

    /// How many commits of `git log` the planner reads the shared history of.
    static let sharedCommits = 20

    /// The records the planner reads: the local store's, and with `options` those the shared cache holds for the
    /// last ``sharedCommits`` commits of `HEAD` (a cache that fails is one warning line).
    static func records(_ context: CommandContext, options: SharedTestCache.Options?) async -> [HistoryRecord] {
        var records = HistoryRecording.store(context).all().values.flatMap { $0 }
        guard let options else { return records }
        let commits = await Git.lines(["log", "-n", "\(sharedCommits)", "--format=%H"], context)
        let (shared, problem) = await SharedHistory(options: options).read(commits: commits)
        if let problem {
            context.environment.errorOutput.writeLine(
                "modules: warning: shared cache \(options.url): history: \(problem)")
        }
        let seen = Set(records.map { "\($0.run) \($0.module)" })
        records += shared.filter { !seen.contains("\($0.run) \($0.module)") }
        return records
    }
}

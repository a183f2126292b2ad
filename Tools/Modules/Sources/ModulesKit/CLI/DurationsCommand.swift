import Foundation

/// `modules durations merge`: folds recorded durations together (the files CI jobs left, or the records the jobs of
/// one plan stored in the shared cache) into the local record and the shared cache's summary, which the next
/// `modules plan` reads.
enum DurationsCommand {
    static let spec = CommandSpec(
        name: "durations",
        summary: "Merge recorded test and build durations (CI jobs' files or a plan's records in the shared cache).",
        synopsis: "durations merge [FILE...] [--plan-shard FILE-OR-JSON] [--durations FILE] "
            + "[--cache-url URL [--cache-read-only] [--cache-timeout SECONDS]] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec(
                "--plan-shard", value: "FILE-OR-JSON",
                help: "any shard of a plan: merge the records every shard of that plan stored in the shared cache"),
            OptionSpec(
                "--durations", value: "FILE",
                help: "the local record to merge into and write (default: .build/modules/durations.json)"),
            OptionSpec("--cache-url", value: "URL", help: "the shared cache (also MODULES_CACHE_URL, cache.url)"),
            OptionSpec("--cache-read-only", help: "read the shared cache, do not write its summary"),
            OptionSpec("--cache-timeout", value: "SECONDS", help: "the limit for one request to the shared cache"),
        ],
        positionals: "merge [FILE...]",
        details: """
            Order: the shared cache's summary, then the local record, then each FILE (durations.json files that
            `modules test` wrote, in the order given), then each shard's record of the plan (by index). A newer
            record replaces a package's figures, its suites replace those of the test targets it ran whole and
            update the others one by one, and a module's compile time is kept from the most complete build of it.
            The result is written to the local record and, with a cache URL, to the summary. A missing or unusable
            record is one warning line; the rest is merged. Two merges at once can drop one's new figures (the later
            summary wins): the next run measures them again.
            """
    )

    /// What one merge read and wrote (schema version 1).
    struct Report: Encodable {
        var schemaVersion = 1
        var packages: Int
        var modules: Int
        var files: [String]
        var shardsMerged: [Int]
        var shardsMissing: [Int]
        var summary: String
    }

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        guard arguments.positionals.first == "merge" else {
            throw UsageError(message: "durations takes the subcommand merge")
        }
        let environment = context.environment
        let localURL = PlanCommand.durationsURL(context, arguments)
        var store = DurationStore.load(from: localURL)
        var files: [String] = []
        for path in arguments.positionals.dropFirst() {
            let url = URL(fileURLWithPath: path, relativeTo: environment.currentDirectory).standardizedFileURL
            guard let data = try? Data(contentsOf: url) else {
                throw CommandFailure(message: "\(path): no such file", status: ExitStatus.noInput)
            }
            do {
                let record = try DurationStore.decode(data)
                files.append(path)
                store.merge(record)
            } catch {
                throw CommandFailure(
                    message: "\(url.path) is not a durations file of `modules test` (\(error))",
                    status: ExitStatus.dataError)
            }
        }
        let shard = try arguments.value("--plan-shard").map {
            try PlanShard.read($0, relativeTo: environment.currentDirectory)
        }
        let options = try SharedTestCache.Options.parse(context, arguments)
        if shard != nil, options == nil {
            throw UsageError(message: "--plan-shard reads the shared cache: give --cache-url (or MODULES_CACHE_URL)")
        }
        var merged: [Int] = []
        var missing: [Int] = []
        var summaryNote = "local only"
        if let options {
            let shared = SharedDurations(options: options)
            do {
                // NB: the summary goes under the files and shard records, which are newer.
                var combined = try await shared.read(SharedDurations.summaryKey) ?? DurationStore()
                combined.merge(store)
                store = combined
                if let shard {
                    for index in 1...shard.count {
                        do {
                            if let record = try await shared.read(
                                SharedDurations.shardKey(plan: shard.plan, index: index))
                            {
                                store.merge(record)
                                merged.append(index)
                            } else {
                                missing.append(index)
                            }
                        } catch .unusableEntry(let reason) {
                            environment.errorOutput.writeLine("modules: warning: shard \(index): \(reason)")
                            missing.append(index)
                        }
                    }
                }
                if options.readOnly {
                    summaryNote = "summary not written (read-only)"
                } else {
                    try await shared.write(store, key: SharedDurations.summaryKey)
                    summaryNote = "summary written to \(options.url)"
                }
            } catch {
                environment.errorOutput.writeLine(
                    "modules: warning: shared cache \(options.url): \(error); merged locally only")
                summaryNote = "shared cache unavailable"
            }
            if !missing.isEmpty, let shard {
                environment.errorOutput.writeLine(
                    "modules: warning: no durations recorded for shard\(missing.count == 1 ? "" : "s") "
                        + "\(missing.map(String.init).joined(separator: ", ")) of \(shard.count) of plan \(shard.plan) "
                        + "(the job stopped before it recorded, or its upload failed); their packages keep their "
                        + "previous durations")
            }
        }
        do {
            try store.save(to: localURL)
        } catch {
            throw CommandFailure(
                message: "cannot write \(localURL.path): \(error.localizedDescription)", status: ExitStatus.cannotCreate
            )
        }
        let report = Report(
            packages: store.entries.count, modules: store.modules.count, files: files, shardsMerged: merged,
            shardsMissing: missing, summary: summaryNote)
        switch context.format {
        case .json: try context.writeJSON(report)
        default:
            var line = "merged durations: \(report.packages) packages, \(report.modules) modules"
            if !files.isEmpty { line += "; \(files.count) file\(files.count == 1 ? "" : "s")" }
            if let shard { line += "; \(merged.count) of \(shard.count) shards of plan \(shard.plan)" }
            environment.output.write(
                line + "; \(summaryNote); \(RepoPath.relative(localURL, to: context.root) ?? localURL.path)\n")
        }
        return ExitStatus.success
    }
}

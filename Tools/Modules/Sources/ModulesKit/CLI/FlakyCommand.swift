import Foundation

/// `modules flaky`: the tests whose outcome differed between runs with the same inputs, from the shared cache's run
/// history.
enum FlakyCommand {
    static let spec = CommandSpec(
        name: "flaky",
        summary: "List the tests whose recorded runs with the same inputs disagree (shared cache), with their history.",
        synopsis: "flaky [PACKAGE...] [--cache-url URL] [--cache-timeout SECONDS] [--sanitize NAME]... "
            + "[--warnings-as-errors] [--coverage] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec(
                "--cache-url", value: "URL",
                help: "the shared cache (also MODULES_CACHE_URL, cache.url of modules.json)"),
            OptionSpec(
                "--cache-timeout", value: "SECONDS",
                help: "the limit for one request to the shared cache (default 10; retried once)"),
            OptionSpec(
                "--sanitize", value: "NAME", repeatable: true,
                help: "the runs of `modules test --sanitize NAME` (their keys differ from plain runs)"),
            OptionSpec("--warnings-as-errors", help: "the runs of `modules test --warnings-as-errors`"),
            OptionSpec("--coverage", help: "the runs of `modules test --coverage`"),
        ],
        positionals: "PACKAGE",
        details: """
            Reads, for each test target of the PACKAGEs (all when none is given), the runs the shared cache recorded
            under its current action key (`modules test --changed-since-green` records every run of a test target it
            uploads), and lists each test that failed in one run and passed in another, or failed and then passed on
            a rerun (--retries): a flaky test, with every run (commit, branch, machine, time, outcome, message). A
            test that failed every time is never listed. The flags that go into action keys (--sanitize,
            --warnings-as-errors, --coverage) select the runs made with them. Exit status: 0, also when there are
            flaky tests; 1 when the shared cache cannot be read; 64 without a cache URL.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        guard let options = try SharedTestCache.Options.parse(context, arguments) else {
            throw UsageError(
                message: "modules flaky reads the shared cache: give --cache-url URL (or MODULES_CACHE_URL, cache.url)")
        }
        let scan = try await context.scan()
        let packages = try await PackageSelection.select(
            arguments.positionals, from: scan.packagePaths, context: context)
        guard let cache = await SharedTestCache.open(context, options, arguments, scan: scan) else {
            return ExitStatus.failure
        }
        let ids = packages.flatMap { package in
            TestCommand.testTargets(of: package, in: scan).map { TargetRef(package: package, target: $0).description }
        }
        let histories = await cache.histories(ids)
        if let warning = await cache.warning() {
            context.environment.errorOutput.writeLine(warning)
        }
        guard await cache.health.isAvailable else { return ExitStatus.failure }
        let report = FlakyReport(cache: cache.client.baseURL, ids: ids, keys: cache.keys, histories: histories)
        switch context.format {
        case .json: try context.writeJSON(report)
        default: context.environment.output.write(report.text)
        }
        return ExitStatus.success
    }
}

import Foundation

/// `modules test`: builds and tests packages, writes JUnit XML and logs, prints a summary.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test",
        summary: "Build and test packages (all when none is given), with a summary, logs and JUnit XML.",
        synopsis: "test [PACKAGE...] [--affected --base REF] [--shard I/N] [--coverage] [--jobs N] [--junit DIR] "
            + "[--logs DIR] [--warnings-as-errors] [--filter PATTERN]... [--scratch-path DIR] [--sanitize NAME]... "
            + "[--durations FILE] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec("--jobs", alias: "-j", value: "N", help: "packages built and tested at once (default: 1)"),
            OptionSpec(
                "--junit", value: "DIR",
                help: "where JUnit XML goes, one file per package "
                    + "(default: .build/modules/junit)"),
            OptionSpec(
                "--logs", value: "DIR", help: "where each package's full log goes (default: .build/modules/logs)"),
            OptionSpec("--warnings-as-errors", help: "build with -Xswiftc -warnings-as-errors"),
            OptionSpec("--filter", value: "PATTERN", repeatable: true, help: "passed to swift test --filter"),
            OptionSpec("--scratch-path", value: "DIR", help: "one build directory shared by every package"),
            OptionSpec(
                "--sanitize", value: "NAME", repeatable: true,
                help: "build and run with a sanitizer: thread, address or undefined"),
            OptionSpec("--affected", help: "only the packages affected since --base (see `modules affected`)"),
            OptionSpec("--base", value: "REF", help: "with --affected: the git revision to compare with"),
            OptionSpec("--shard", value: "I/N", help: "only the I-th of N shards, balanced by recorded durations"),
            OptionSpec("--coverage", help: "line coverage of each package's Sources/ (the toolchain's llvm-cov)"),
            OptionSpec(
                "--durations", value: "FILE",
                help: "where durations are recorded and read (default: .build/modules/durations.json)"),
        ],
        positionals: "PACKAGE",
        details: """
            A PACKAGE is a repository-relative path (Core/Logging, . for the root package), a directory name, or a
            manifest's package name. Each package runs `swift build --build-tests`, then `swift test --skip-build
            --xunit-output`; its log keeps both. Exit status: 1 when any package fails, does not build, crashes
            or runs no test (with --filter, a package where nothing matches is skipped, but some test must run).
            --affected keeps the packages `modules affected --base REF` lists (in a repository of one package: its
            affected test targets, as --filter); --shard I/N then keeps the I-th of N balanced shards. An empty
            selection exits 0. Every run records each package's seconds for --shard and `modules plan`.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let environment = context.environment
        var jobs = 1
        if let text = arguments.value("--jobs") {
            guard let value = Int(text), value >= 1 else {
                throw UsageError(message: "--jobs needs a whole number of at least 1, not '\(text)'")
            }
            jobs = value
        }
        let root = context.root
        let configuration = context.configuration ?? ModulesConfiguration()
        let paths: [String]
        do {
            paths = try PackageDiscovery().packagePaths(in: root, isExcluded: configuration.isExcluded)
        } catch {
            throw CommandFailure(message: "cannot read \(root.path): \(error)", status: ExitStatus.noInput)
        }
        var packages = try await PackageSelection.select(arguments.positionals, from: paths, context: context)
        var filters = arguments.all("--filter")
        var scan: RepositoryScan?
        if arguments.has("--affected") {
            let (report, fullScan) = try await AffectedCommand.analyze(
                context, base: try AffectedCommand.requireBase(arguments))
            scan = fullScan
            packages = packages.filter(Set(report.packagePaths).contains)
            environment.errorOutput.writeLine(
                "affected since \(report.base): \(report.packages.count) of \(report.packageCount) packages"
                    + (report.everything ? " (everything)" : ""))
            if fullScan.packagePaths.count == 1, !report.everything, filters.isEmpty, !packages.isEmpty {
                let tests = report.targets.filter(\.testCode).map(\.target)
                filters = tests.map { "^" + NSRegularExpression.escapedPattern(for: $0) + "\\." }
                packages = tests.isEmpty ? [] : packages
                environment.errorOutput.writeLine("affected test targets: \(tests.joined(separator: ", "))")
            }
        } else if arguments.has("--base") {
            throw UsageError(message: "--base is for --affected")
        }
        let durationsURL =
            arguments.value("--durations").map {
                URL(fileURLWithPath: $0, relativeTo: environment.currentDirectory).standardizedFileURL
            } ?? root.appendingPathComponent(DurationStore.defaultPath)
        var durations = DurationStore.load(from: durationsURL)
        if let shard = arguments.value("--shard") {
            let (index, count) = try ShardPlanner.parse(shard)
            let estimates = durations.estimates(for: packages)
            packages = ShardPlanner.shards(packages, count: count, seconds: estimates)[index - 1]
            let seconds = packages.reduce(0) { $0 + (estimates[$1] ?? 0) }
            environment.errorOutput.writeLine(
                "shard \(index)/\(count): \(packages.isEmpty ? "no package" : packages.joined(separator: " ")) "
                    + "(about \(Int(seconds.rounded())) s by the recorded durations)")
        }
        guard !packages.isEmpty || !(arguments.has("--affected") || arguments.has("--shard")) else {
            environment.errorOutput.writeLine("No package to test.")
            if context.format == .json {
                try context.writeJSON(TestRunReport(repository: root.path, packages: []))
            }
            return ExitStatus.success
        }
        var packageNames: [String: String] = [:]
        if arguments.has("--coverage") {
            var loaded = scan
            if loaded == nil {
                loaded = try await context.scan()
            }
            packageNames = Dictionary((loaded?.packages ?? []).map { ($0.path, $0.manifest.name) }) { first, _ in first
            }
        }
        func directory(_ option: String, default path: String) -> URL {
            arguments.value(option).map {
                URL(fileURLWithPath: $0, relativeTo: environment.currentDirectory).standardizedFileURL
            } ?? root.appendingPathComponent(path, isDirectory: true)
        }
        let sanitizers = arguments.all("--sanitize")
        for name in sanitizers where !["thread", "address", "undefined"].contains(name) {
            throw UsageError(message: "--sanitize takes thread, address or undefined, not '\(name)'")
        }
        let settings = TestRunSettings(
            swiftExecutable: environment.swiftExecutable,
            warningsAsErrors: arguments.has("--warnings-as-errors"),
            filters: filters,
            scratchPath: arguments.value("--scratch-path").map {
                URL(fileURLWithPath: $0, relativeTo: environment.currentDirectory).standardizedFileURL
            },
            logDirectory: directory("--logs", default: ".build/modules/logs"),
            junitDirectory: directory("--junit", default: ".build/modules/junit"),
            sanitizers: sanitizers,
            coverage: arguments.has("--coverage"),
            packageNames: packageNames,
            toolchain: environment.toolchain
        )
        let style = ProgressStyle(environment)
        let session = TestSession(
            runner: PackageTestRunner(
                runner: environment.runner,
                stopwatch: environment.stopwatch,
                settings: settings,
                root: root
            ),
            jobs: jobs,
            progress: TestProgress(
                sink: environment.errorOutput,
                style: style,
                total: packages.count,
                stopwatch: environment.stopwatch
            ),
            isLive: style != .plain
        )
        let report = TestRunReport(repository: root.path, packages: await session.run(packages))
        durations.record(report.packages)
        do {
            try durations.save(to: durationsURL)
        } catch {
            environment.errorOutput.writeLine("warning: cannot record durations in \(durationsURL.path): \(error)")
        }
        switch context.format {
        case .json:
            try context.writeJSON(report)
            environment.errorOutput.writeLine(report.closingLine)
        default:
            environment.output.write(TestReportRenderer.text(report))
        }
        return report.exitCode
    }
}

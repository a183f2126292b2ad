import Foundation

/// `modules test`: builds and tests packages, writes JUnit XML and logs, prints a summary.
enum TestCommand {
    static let spec = CommandSpec(
        name: "test",
        summary: "Build and test packages (all when none is given), with a summary, logs and JUnit XML.",
        synopsis: "test [PACKAGE...] [--jobs N] [--junit DIR] [--logs DIR] [--warnings-as-errors] "
            + "[--filter PATTERN]... [--scratch-path DIR] [--sanitize NAME]... [--format text|json] [--repo DIR]",
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
        ],
        positionals: "PACKAGE",
        details: """
            A PACKAGE is a repository-relative path (Core/Logging, . for the root package), a directory name, or a
            manifest's package name. Each package runs `swift build --build-tests`, then `swift test --skip-build
            --xunit-output`; its log keeps both. Exit status: 1 when any package fails, does not build, crashes
            or runs no test (with --filter, a package where nothing matches is skipped, but some test must run).
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
        let packages = try await select(arguments.positionals, from: paths, context: context)
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
            filters: arguments.all("--filter"),
            scratchPath: arguments.value("--scratch-path").map {
                URL(fileURLWithPath: $0, relativeTo: environment.currentDirectory).standardizedFileURL
            },
            logDirectory: directory("--logs", default: ".build/modules/logs"),
            junitDirectory: directory("--junit", default: ".build/modules/junit"),
            sanitizers: sanitizers
        )
        let style: TestProgress.Style =
            environment.errorOutputIsTerminal ? .live(columns: environment.terminalColumns) : .plain
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
        switch context.format {
        case .json:
            try context.writeJSON(report)
            environment.errorOutput.writeLine(report.closingLine)
        default:
            environment.output.write(TestReportRenderer.text(report))
        }
        return report.exitCode
    }

    /// Resolves the PACKAGE arguments to repository-relative paths (all packages when none is given).
    /// - Throws: ``UsageError`` for a name that matches no package, or a directory name two packages share.
    static func select(_ requested: [String], from paths: [String], context: CommandContext) async throws -> [String] {
        guard !requested.isEmpty else { return paths }
        var selected: [String] = []
        var byName: [String: String]?
        for request in requested {
            let normalized = RepoPath.normalize(request)
            let fromCurrent = RepoPath.relative(
                URL(fileURLWithPath: request, relativeTo: context.environment.currentDirectory),
                to: context.root
            )
            var match = [normalized, fromCurrent].compactMap { $0 }.first { paths.contains($0) }
            if match == nil {
                let sameIdentity = paths.filter {
                    context.root.appendingPathComponent($0).lastPathComponent.lowercased() == normalized.lowercased()
                        && $0 != "."
                }
                guard sameIdentity.count <= 1 else {
                    throw UsageError(
                        message:
                            "'\(request)' names several packages (\(sameIdentity.joined(separator: ", "))); give a path"
                    )
                }
                match = sameIdentity.first
            }
            if match == nil {
                if byName == nil {
                    let scan = try await context.scan()
                    byName = Dictionary(
                        scan.packages.map { ($0.manifest.name, $0.path) },
                        uniquingKeysWith: { first, _ in first }
                    )
                }
                match = byName?[request]
            }
            guard let match else {
                throw UsageError(message: "no package '\(request)' in \(context.root.path)")
            }
            if !selected.contains(match) {
                selected.append(match)
            }
        }
        return selected
    }
}

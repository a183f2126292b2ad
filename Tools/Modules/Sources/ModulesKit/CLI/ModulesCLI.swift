import Foundation

/// The `modules` command line: parses the arguments, runs one command, and returns the exit status.
///
/// Commands: see ``Command``. Every command takes `--format` (`text` and `json` at least; `--json` for short),
/// `--repo DIR` and `--help`. A bad command line prints one error line and the usage to standard error and returns 64.
public struct ModulesCLI: Sendable {
    private let environment: CommandEnvironment

    /// Creates the command line over `environment`.
    public init(environment: CommandEnvironment) {
        self.environment = environment
    }

    /// Runs the command named by `arguments[0]` with the remaining arguments.
    /// - Returns: the exit status (see ``ExitStatus``).
    public func run(_ arguments: [String]) async -> Int32 {
        guard let name = arguments.first else {
            environment.errorOutput.write("modules: error: no command given\n" + Self.generalHelp)
            return ExitStatus.usage
        }
        if ["--help", "-h", "help"].contains(name), arguments.count == 1 {
            environment.output.write(Self.generalHelp)
            return ExitStatus.success
        }
        if name == "help", arguments.count == 2, let command = Command(rawValue: arguments[1]) {
            environment.output.write(command.spec.help)
            return ExitStatus.success
        }
        guard let command = Command(rawValue: name) else {
            environment.errorOutput.write("modules: error: unknown command '\(name)'\n" + Self.usageLines)
            return ExitStatus.usage
        }
        do {
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), for: command.spec)
            if parsed.has("--help") {
                environment.output.write(command.spec.help)
                return ExitStatus.success
            }
            let context = try await makeContext(parsed, spec: command.spec)
            switch command {
            case .list: return try await ListCommand.run(context)
            case .lint: return try await LintCommand.run(context, parsed)
            case .test: return try await TestCommand.run(context, parsed)
            case .flaky: return try await FlakyCommand.run(context, parsed)
            case .graph: return try await GraphCommand.run(context, parsed)
            case .affected: return try await AffectedCommand.run(context, parsed)
            case .plan: return try await PlanCommand.run(context, parsed)
            case .durations: return try await DurationsCommand.run(context, parsed)
            case .new: return try await NewCommand.run(context, parsed)
            case .buildTimes: return try await BuildTimesCommand.run(context, parsed)
            case .bench: return try await BenchCommand.run(context, parsed)
            case .hash: return try await HashCommand.run(context, parsed)
            case .initialize: return try await InitCommand.run(context, parsed)
            case .report: return try await ReportCommand.run(context, parsed)
            case .trends: return try await TrendsCommand.run(context, parsed)
            case .explain: return try await ExplainCommand.run(context, parsed)
            }
        } catch let error as UsageError {
            environment.errorOutput.write(
                "modules: error: \(error.message)\n\(command.spec.usageLine)\n"
                    + "Run 'modules \(command.rawValue) --help' for more.\n"
            )
            return ExitStatus.usage
        } catch let failure as CommandFailure {
            environment.errorOutput.writeLine("modules: error: \(failure.message)")
            return failure.status
        } catch {
            environment.errorOutput.writeLine("modules: error: \(error)")
            return ExitStatus.software
        }
    }

    private func makeContext(_ parsed: ParsedArguments, spec: CommandSpec) async throws -> CommandContext {
        var format = spec.formats.first ?? .text
        if let value = parsed.value("--format") {
            guard let chosen = OutputFormat(rawValue: value), spec.formats.contains(chosen) else {
                let names = spec.formats.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "unknown format '\(value)' (use \(names))")
            }
            format = chosen
        }
        if parsed.has("--json") {
            guard format == .json || !parsed.has("--format") else {
                throw UsageError(message: "--json and --format \(format.rawValue) contradict each other")
            }
            format = .json
        }
        let root = try await repositoryRoot(parsed.value("--repo"))
        let configURL = root.appendingPathComponent(ModulesConfiguration.fileName)
        var configuration: ModulesConfiguration?
        if FileManager().fileExists(atPath: configURL.path) {
            do {
                configuration = try ModulesConfiguration.load(from: configURL)
            } catch let error as ConfigurationError {
                throw CommandFailure(message: error.description, status: ExitStatus.dataError)
            }
        }
        var cacheDirectory: URL? = root.appendingPathComponent(".build/modules/cache", isDirectory: true)
        if let option = parsed.value("--cache-dir") {
            guard !option.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(message: "--cache-dir needs a directory")
            }
            guard !parsed.has("--no-cache") else {
                throw UsageError(message: "--cache-dir and --no-cache contradict each other")
            }
            cacheDirectory = URL(fileURLWithPath: option, relativeTo: environment.currentDirectory).standardizedFileURL
        }
        if parsed.has("--no-cache") {
            cacheDirectory = nil
        }
        return CommandContext(
            environment: environment, root: root, format: format, configuration: configuration,
            cacheDirectory: cacheDirectory)
    }

    /// `--repo DIR`, else the git top level of the current directory, else the current directory.
    private func repositoryRoot(_ option: String?) async throws -> URL {
        if let option {
            guard !option.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(message: "--repo needs a directory")
            }
            let url = URL(fileURLWithPath: option, relativeTo: environment.currentDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager().fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandFailure(message: "--repo \(option): no such directory", status: ExitStatus.noInput)
            }
            return url
        }
        let git = ProcessInvocation(
            executable: "git",
            arguments: ["rev-parse", "--show-toplevel"],
            workingDirectory: environment.currentDirectory
        )
        if let result = try? await environment.runner.run(git), result.succeeded {
            let path = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
            if !path.isEmpty {
                return URL(fileURLWithPath: path, isDirectory: true)
            }
        }
        return environment.currentDirectory
    }

    static let usageLines = """
        usage: modules <command> [options]
        Commands: \(Command.allCases.map(\.rawValue).joined(separator: ", ")). Run 'modules <command> --help' for more.

        """

    static var generalHelp: String {
        var lines = [
            "usage: modules <command> [options]", "",
            "The repository tool of a SwiftPM monorepo: finds its packages, graphs them, checks the layering",
            "rules of its modules.json and every import, works out what a change affects, runs and shards the",
            "tests, compares build times, and scaffolds new packages.", "", "Commands:",
        ]
        let width = (Command.allCases.map(\.rawValue.count).max() ?? 0) + 2
        for command in Command.allCases {
            let name = command.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("  \(name)\(command.spec.summary)")
        }
        lines += [
            "", "Every command takes --format (text and json at least; --json for short), --repo DIR, --cache-dir DIR,",
            "--no-cache and --help.",
            "Exit status: 0 success, 1 findings or failures, 64 usage error, 65 invalid modules.json,",
            "66 repository or modules.json missing, 70 internal error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The commands of `modules`.
enum Command: String, CaseIterable {
    case list
    case graph
    case lint
    case affected
    case test
    case flaky
    case plan
    case durations
    case buildTimes = "build-times"
    case new
    case initialize = "init"
    case hash
    case bench
    case report
    case trends
    case explain

    /// The options every command takes, with the formats it offers (the first is the default).
    static func commonOptions(_ formats: [OutputFormat] = [.text, .json]) -> [OptionSpec] {
        let names = formats.map(\.rawValue).joined(separator: "|")
        return [
            OptionSpec("--format", value: names, help: "output format (default: \(formats.first?.rawValue ?? "text"))"),
            OptionSpec("--json", help: "the same as --format json"),
            OptionSpec(
                "--repo", value: "DIR", help: "the repository (default: the git top level, else the current directory)"),
            OptionSpec(
                "--cache-dir", value: "DIR", help: "where recorded manifests are kept (default: .build/modules/cache)"),
            OptionSpec("--no-cache", help: "read every manifest through swift, ignoring and not writing the cache"),
            OptionSpec("--help", alias: "-h", help: "show this help"),
        ]
    }

    var spec: CommandSpec {
        switch self {
        case .list: ListCommand.spec
        case .lint: LintCommand.spec
        case .test: TestCommand.spec
        case .flaky: FlakyCommand.spec
        case .graph: GraphCommand.spec
        case .affected: AffectedCommand.spec
        case .plan: PlanCommand.spec
        case .durations: DurationsCommand.spec
        case .new: NewCommand.spec
        case .buildTimes: BuildTimesCommand.spec
        case .bench: BenchCommand.spec
        case .hash: HashCommand.spec
        case .initialize: InitCommand.spec
        case .report: ReportCommand.spec
        case .trends: TrendsCommand.spec
        case .explain: ExplainCommand.spec
        }
    }
}

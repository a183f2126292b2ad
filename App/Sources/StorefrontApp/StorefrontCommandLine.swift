import Logging

/// The `storefront` command line: global options, commands, help and the mapping to exit codes.
///
/// Usage errors print one line (`storefront: <what was wrong>`) followed by the usage to standard error and end
/// with `ExitCode.usage` (64, `EX_USAGE` in sysexits(3)).
public struct StorefrontCommandLine: Sendable {
    /// The program's name as shown in messages and help.
    public static let programName = "storefront"

    /// The options accepted before or after the command.
    public static let globalOptions = CommandOptions([
        .init("--help", help: "Show this help and exit."),
        .init("--version", help: "Print the version and exit."),
        .init(
            "--log-level",
            valueName: "LEVEL",
            help: "Lowest level logged to standard error (trace ... critical; default warning)."
        ),
        .init("--no-color", help: "Never write colour, whatever the terminal supports (NO_COLOR is honoured too)."),
    ])

    /// The commands this build offers, with one line of help each.
    public static let commands: [(name: String, help: String)] = [
        ("help", "Show this help."),
        ("version", "Print the version."),
    ]

    private let output: any TextOutput
    private let errorOutput: any TextOutput
    private let environment: [String: String]
    private let makeDependencies: @Sendable (AppConfiguration) -> AppDependencies

    /// Creates a command line that prints to `output` and `errorOutput`, reads `environment`, and builds the app's
    /// object graph with `makeDependencies` (the live composition root in the executable, a test graph in tests).
    public init(
        output: any TextOutput,
        errorOutput: any TextOutput,
        environment: [String: String],
        makeDependencies: @escaping @Sendable (AppConfiguration) -> AppDependencies
    ) {
        self.output = output
        self.errorOutput = errorOutput
        self.environment = environment
        self.makeDependencies = makeDependencies
    }

    /// Runs the command given by `arguments` (without the program name) and returns its exit code.
    public func run(_ arguments: [String]) async -> ExitCode {
        let parsed: ParsedArguments
        let configuration: AppConfiguration
        do {
            parsed = try Self.globalOptions.parse(arguments)
            configuration = try AppConfiguration(arguments: parsed, environment: environment)
        } catch {
            return usageFailure(error)
        }
        if parsed.has("--help") {
            output.write(Self.usage())
            return .success
        }
        if parsed.has("--version") {
            output.write("\(Self.programName) \(StorefrontVersion.current)\n")
            return .success
        }
        let dependencies = makeDependencies(configuration)
        dependencies.logger.debug("starting", metadata: ["arguments": .array(arguments.map { .string($0) })])
        guard let command = parsed.operands.first else {
            output.write(Self.usage())
            return .success
        }
        let operands = Array(parsed.operands.dropFirst())
        switch command {
        case "help":
            output.write(Self.usage())
            return .success
        case "version":
            guard operands.isEmpty else { return usageFailure(UsageError("'version' takes no arguments")) }
            output.write("\(Self.programName) \(StorefrontVersion.current)\n")
            return .success
        default:
            return usageFailure(UsageError("unknown command '\(command)'"))
        }
    }

    /// The usage text: synopsis, commands and global options, ending with a newline.
    public static func usage() -> String {
        var lines = [
            "Storefront: a shopping app with a social feed, search and checkout, in the terminal.",
            "",
            "Usage: \(programName) [OPTIONS] [COMMAND] [ARGUMENTS]",
            "",
            "Commands:",
        ]
        let commandWidth = commands.map(\.name.count).max() ?? 0
        for command in commands {
            lines.append("  " + command.name.padding(toLength: commandWidth + 2) + command.help)
        }
        lines += ["", "Options:"]
        let labels = globalOptions.options.map { option in
            option.name + (option.valueName.map { " \($0)" } ?? "")
        }
        let optionWidth = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, globalOptions.options) {
            lines.append("  " + label.padding(toLength: optionWidth + 2) + option.help)
        }
        lines += ["", "Exit status: 0 success, 1 the operation failed, 64 usage error."]
        return lines.joined(separator: "\n") + "\n"
    }

    private func usageFailure(_ error: any Error) -> ExitCode {
        errorOutput.write("\(Self.programName): \(error)\n\n" + Self.usage())
        return .usage
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

import FeatureKit
import Foundation
import TerminalUI

/// The `storefront` command line: global options, commands, help, the choice between the full-screen front end and
/// the command front end, and the mapping to exit codes.
///
/// Usage errors print one line (`storefront: <what was wrong>`) and `Run 'storefront --help' for usage.` to standard
/// error and end with `ExitCode.usage` (64, `EX_USAGE` in sysexits(3)); `storefront COMMAND --help` prints that
/// command's help. Every command builds the graph with `makeDependencies`,
/// runs, and shuts the graph down (drain loops stopped, databases closed, the embedded backend stopped).
@MainActor
public struct StorefrontCommandLine {
    /// The program's name as shown in messages and help.
    public nonisolated static let programName = "storefront"

    private let output: any TextOutput
    private let errorOutput: any TextOutput
    private let statusTerminal: (any TextOutput)?
    private let environment: [String: String]
    private let currentDirectory: URL
    private let terminal: Terminal
    private let entryTypes: [any FeatureEntry.Type]
    private let makeDependencies: @MainActor (AppConfiguration) throws(LaunchError) -> AppDependencies

    /// Creates a command line.
    ///
    /// - Parameters:
    ///   - output: Standard output (results); written through `TerminalSafeOutput`.
    ///   - errorOutput: Standard error (errors and usage); written through `TerminalSafeOutput`.
    ///   - statusTerminal: Standard error unfiltered, only when it is a terminal (nil otherwise): where a command shows
    ///     its transient progress line while the server is slow to answer (`ServerWaitLine`).
    ///   - environment: The process environment.
    ///   - currentDirectory: What a relative `--data-dir` is resolved against.
    ///   - terminal: The process's terminal; the full-screen front end runs when both its streams are terminals.
    ///   - entryTypes: The entries the graph registers (`AppEntries.all`): their commands are parsed here before the
    ///     graph exists.
    ///   - makeDependencies: Builds the graph (`AppDependencies.live` in the executable).
    public init(
        output: any TextOutput,
        errorOutput: any TextOutput,
        statusTerminal: (any TextOutput)?,
        environment: [String: String],
        currentDirectory: URL,
        terminal: Terminal,
        entryTypes: [any FeatureEntry.Type],
        makeDependencies: @escaping @MainActor (AppConfiguration) throws(LaunchError) -> AppDependencies
    ) {
        // Every line this program prints goes through one rule for control characters (`TerminalSafeOutput`):
        // a message may quote an argument, a path or a server's words.
        self.output = (output as? TerminalSafeOutput) ?? TerminalSafeOutput(output)
        self.errorOutput = (errorOutput as? TerminalSafeOutput) ?? TerminalSafeOutput(errorOutput)
        self.statusTerminal = statusTerminal
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.terminal = terminal
        self.entryTypes = entryTypes
        self.makeDependencies = makeDependencies
    }

    /// Runs the command given by `arguments` (without the program name) and returns its exit code.
    public func run(_ arguments: [String]) async -> ExitCode {
        let registry: FeatureRegistry
        do {
            registry = try FeatureRegistry(AppEntries.descriptors(entryTypes))
        } catch {
            errorOutput.write("\(Self.programName): \(error)\n")
            return .failure
        }
        let catalog = CommandCatalog(registry: registry)
        let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
        let parsed: ParsedArguments
        let configuration: AppConfiguration
        do {
            parsed = try catalog.allOptions.parse(arguments)
            configuration = try AppConfiguration(
                arguments: parsed, environment: environment, currentDirectory: currentDirectory)
            try AppConfiguration.checkFlagNames(parsed, known: registry.flags.map(\.name))
        } catch {
            return usageFailure(error, catalog, json: wantsJSON)
        }
        if parsed.has("--help") || parsed.operands.first == "help" {
            let words = parsed.operands.first == "help" ? Array(parsed.operands.dropFirst()) : parsed.operands
            if words.isEmpty {
                output.write(catalog.usage())
            } else if let (command, rest) = catalog.command(for: words),
                let unknown = catalog.unknownSubcommand(of: command, operands: rest)
            {
                return usageFailure(unknown, catalog, json: wantsJSON)
            } else if let help = catalog.help(for: words) {
                output.write(help)
            } else {
                // Help for something that is no command is a usage error, like running it.
                return usageFailure(catalog.unknownCommand(words), catalog, json: wantsJSON)
            }
            return .success
        }
        if parsed.has("--version") || parsed.operands.first == "version" {
            if parsed.operands.first == "version", parsed.operands.count > 1 {
                return usageFailure(UsageError("'version' takes no arguments"), catalog, json: wantsJSON)
            }
            output.write(
                wantsJSON
                    ? StorefrontVersion.json(programName: Self.programName)
                    : "\(Self.programName) \(StorefrontVersion.current)\n")
            return .success
        }
        guard !parsed.operands.isEmpty else {
            guard terminal.isInteractive else {
                output.write(catalog.usage())
                return .success
            }
            return await runInteractive(configuration, opening: nil, catalog: catalog)
        }
        guard let (command, operands) = catalog.command(for: parsed.operands) else {
            return usageFailure(catalog.unknownCommand(parsed.operands), catalog, json: wantsJSON)
        }
        do {
            if let unknown = catalog.unknownSubcommand(of: command, operands: operands) { throw unknown }
            try Self.check(parsed, operands: operands, for: command.spec)
        } catch {
            return usageFailure(error, catalog, json: wantsJSON)
        }
        if command.name == "open", terminal.isInteractive {
            do {
                let route = try DeepLink(registry: registry).route(from: operands[0])
                return await runInteractive(configuration, opening: route, catalog: catalog)
            } catch {
                return usageFailure(error, catalog, json: wantsJSON)
            }
        }
        guard let dependencies = buildGraph(configuration, json: wantsJSON) else { return .failure }
        dependencies.logger.debug("command", metadata: ["command": "\(command.name)"])
        if let statusTerminal {
            ServerWaitLine.attach(to: dependencies.serverWait, terminal: statusTerminal)
        }
        let invocation = CommandInvocation(
            spec: command.spec, arguments: parsed, operands: operands, output: output, errorOutput: errorOutput,
            isInputTerminal: terminal.isInputTerminal, programName: Self.programName,
            isSignedIn: dependencies.account.current.isSignedIn,
            sessionEndedMessage: dependencies.account.sessionEnded?.message, usageText: { catalog.usage() },
            outputColor: configuration.allowsColor
                ? ColorCapability.detect(environment: environment, isTerminal: terminal.isOutputTerminal) : .none,
            environment: environment, terminal: terminal.isInteractive ? terminal : nil)
        let status = await CommandRunner(dependencies: dependencies, catalog: catalog).run(
            invocation, feature: command.feature)
        await dependencies.shutdown()
        return status
    }

    // MARK: - Private

    /// Checks that only the global options and `command`'s own were given, with the right number of operands.
    private static func check(
        _ parsed: ParsedArguments, operands: [String], for command: CommandSpec
    ) throws(UsageError) {
        let allowed = Set((CommandCatalog.globalOptions + command.options).map(\.name))
        for name in parsed.flags.union(parsed.values.keys).sorted() where !allowed.contains(name) {
            throw UsageError("option '\(name)' does not apply to '\(command.name)'")
        }
        let expected = command.operands.count
        let fits = command.variadic ? operands.count >= expected : operands.count == expected
        guard fits else {
            if operands.count < expected {
                throw UsageError("'\(command.name)' needs \(command.operands.joined(separator: " "))")
            }
            throw UsageError("'\(command.name)' takes \(expected == 0 ? "no" : "\(expected)") arguments")
        }
        for (name, value) in zip(command.operands, operands) {
            if let problem = CommandSpec.identifierProblem(operand: name, value: value) {
                throw UsageError("\(problem) for '\(command.name)'")
            }
        }
    }

    /// The graph for `configuration`, or nil after printing why it cannot be built.
    private func buildGraph(_ configuration: AppConfiguration, json: Bool) -> AppDependencies? {
        do {
            return try makeDependencies(configuration)
        } catch {
            errorOutput.write("\(Self.programName): \(error)\n")
            if json {
                output.write(ErrorDocument.line(code: "launch_failed", message: "\(error)", requestID: nil))
            }
            return nil
        }
    }

    private func runInteractive(
        _ configuration: AppConfiguration, opening route: Route?, catalog: CommandCatalog
    ) async -> ExitCode {
        if case .linesOnly(let reason) = terminal.screenSupport {
            // On a terminal that cannot address the cursor (`TERM=dumb`, see `Terminal.screenSupport`): the commands,
            // then a one-line note, so the note is the last line the user sees.
            output.write(catalog.usage())
            errorOutput.write(
                "\(Self.programName): \(reason), so the full-screen app cannot run here; use the commands above.\n")
            return .success
        }
        guard let dependencies = buildGraph(configuration, json: false) else { return .failure }
        let app = InteractiveApp(dependencies: dependencies, terminal: terminal)
        let status: ExitCode
        do {
            try await app.run(opening: route)
            status = .success
        } catch {
            errorOutput.write("\(Self.programName): \(error)\n")
            status = .failure
        }
        await dependencies.shutdown()
        return status
    }

    private func usageFailure(_ error: any Error, _ catalog: CommandCatalog, json: Bool) -> ExitCode {
        errorOutput.write(UsageText.error("\(error)", programName: Self.programName))
        if json {
            output.write(ErrorDocument.line(code: "usage", message: "\(error)", requestID: nil))
        }
        return .usage
    }
}

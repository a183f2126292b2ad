import FeatureKit
import Foundation

/// The command front end: hands a command to the entry that declared it, with the same entries, repositories and
/// view-model values as the full-screen front end; runs the App's own commands (`open`, `flags`, `watch`).
@MainActor
struct CommandRunner {
    /// The graph.
    let dependencies: AppDependencies
    /// The commands and links.
    let catalog: CommandCatalog

    /// Runs `invocation` (its operands and options were checked already) with its spec's handler, on the entry
    /// named `feature`, or on the App when nil, and returns the exit code.
    func run(_ invocation: CommandInvocation, feature: String?) async -> ExitCode {
        guard let feature else {
            return await invocation.spec.handler.run(on: AppCommandReceiver(runner: self), invocation)
        }
        if dependencies.needsServerFlags(for: feature) {
            // A fresh data directory has no cached configuration: the checkout's flag comes from the server (the
            // command talks to it anyway), not from the defaults (`--shipping express` is offered).
            await dependencies.refreshRemoteConfig()
        }
        guard let entry = dependencies.entry(named: feature) else {
            return invocation.fail("the \(feature) feature is not part of this app")
        }
        return await invocation.spec.handler.run(on: entry, invocation)
    }

    /// `storefront open URL` without a terminal: prints what the link's screen shows, as its entry says.
    /// (On a terminal the full-screen app opens at the link instead.)
    func open(_ invocation: CommandInvocation) async -> ExitCode {
        let route: Route
        do {
            route = try dependencies.deepLinks.route(from: invocation.firstOperand)
        } catch {
            // The operand does not fit: a usage error, like any other bad value on the command line.
            return invocation.usage(error.description)
        }
        if dependencies.registry.pattern(of: route)?.requiresSignIn == true,
            let refused = invocation.requireSignIn(to: "open \(route.logDescription)")
        {
            return refused
        }
        guard let entry = dependencies.entry(named: route.feature) else {
            return invocation.fail("the \(route.feature) feature is not part of this app")
        }
        return await entry.print(route: route, to: invocation)
    }

    /// `storefront flags`: every flag's value and what decided it, with the server's configuration fetched now
    /// (and cached for the next launch).
    func flags(_ invocation: CommandInvocation) async -> ExitCode {
        let service = dependencies.flagService
        let config = await service.currentConfig()
        let evaluation = service.evaluate(config)
        var lines = evaluation.entries.map { entry in
            "\(entry.name.padding(toLength: 20))\(entry.value ? "on " : "off")  (\(entry.source.rawValue))  "
                + entry.summary
        }
        if config == nil {
            lines.append("The server could not be reached and no configuration is cached: defaults apply.")
        }
        for name in evaluation.unknownOverrides {
            invocation.warn("--flag \(name): this version has no such flag")
        }
        return invocation.emit(lines, json: FlagsOutput(flags: evaluation.entries, fetchedAt: config?.fetchedAt))
    }
}

/// What `flags --json` prints.
struct FlagsOutput: Encodable {
    let flags: [FlagEvaluation.Entry]
    let fetchedAt: Date?
}

/// What the App's own commands run on (`CommandCatalog.appCommands`' handlers): the command runner of this command
/// line.
@MainActor
final class AppCommandReceiver {
    /// The runner, with the graph and the catalog.
    let runner: CommandRunner

    /// A receiver for `runner`'s commands.
    init(runner: CommandRunner) {
        self.runner = runner
    }
}

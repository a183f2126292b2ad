/// `modules new feature NAME` / `modules new core NAME`: scaffolds a package that builds, tests and lints clean.
enum NewCommand {
    static let spec = CommandSpec(
        name: "new",
        summary: "Scaffold a feature (Features/NAME) or core (Core/NAME) package that builds, tests and lints clean.",
        synopsis: "new feature|core NAME [--no-lint] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec("--no-lint", help: "do not run `modules lint` on the result")
        ],
        positionals: "feature|core NAME",
        details: """
            A feature has the shape of the design brief: API/ (DTOs, endpoints), Domain/, Data/ (repository
            protocol, mapping, live repository), the @MainActor @Observable Feature, Screens/ (view model and
            console view), and tests with a JSON fixture. It depends on the Core and DesignSystem products the
            repository has (Models, Networking, DesignSystem and TerminalUI), and is added to the App target of the
            root manifest (swift package add-dependency / add-target-dependency) with a source file that imports
            it. A core package is a library with no dependency and its test. NAME is an UpperCamelCase identifier
            not used by another package or module. Exit status: 0 when the result lints without error.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        guard arguments.positionals.count == 2, ["feature", "core"].contains(arguments.positionals[0]) else {
            throw UsageError(message: "give what to create and its name: new feature NAME, or new core NAME")
        }
        let kind = arguments.positionals[0]
        let name = arguments.positionals[1]
        guard name.wholeMatch(of: /[A-Z][A-Za-z0-9]*/) != nil else {
            throw UsageError(message: "'\(name)' is not an UpperCamelCase Swift identifier (like Wishlist)")
        }
        let environment = context.environment
        let scaffolder = Scaffolder(
            runner: environment.runner, swiftExecutable: environment.swiftExecutable, root: context.root)
        var result = try await scaffolder.create(kind: kind, name: name, scan: try await context.scan())
        if !arguments.has("--no-lint"), context.configuration != nil {
            result.lint = await LintCommand.report(context, scan: try await context.scan(), imports: true)
        }
        switch context.format {
        case .json:
            try context.writeJSON(result)
        default:
            var lines = result.created.map { "created \($0)" } + result.edited.map { "edited  \($0)" }
            if !result.dependencies.isEmpty {
                lines.append("\(result.package) depends on \(result.dependencies.joined(separator: ", "))")
            }
            if let lint = result.lint {
                lines.append(LintCommand.text(lint).trimmingCharacters(in: .newlines))
            }
            lines.append("Next: swift test --package-path \(result.package)")
            environment.output.write(lines.joined(separator: "\n") + "\n")
        }
        return result.lint?.exitCode ?? ExitStatus.success
    }
}

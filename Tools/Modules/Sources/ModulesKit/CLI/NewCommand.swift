/// `modules new feature NAME` / `modules new core NAME`: scaffolds a package that builds, tests and lints clean.
enum NewCommand {
    static let spec = CommandSpec(
        name: "new",
        summary: "Scaffold a feature (Features/NAME) or core (Core/NAME) package that builds, tests and lints clean.",
        synopsis: "new feature|core NAME [--tab] [--no-lint] [--no-app] [--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec("--no-lint", help: "do not run `modules lint` on the result"),
            OptionSpec("--no-app", help: "do not add a new feature to the root manifest's app target"),
            OptionSpec("--tab", help: "give the new feature a tab and a badge (the feature-entry template)"),
        ],
        positionals: "feature|core NAME",
        details: """
            Where packages go, the feature template and the app target come from `scaffold` in modules.json
            (featuresDirectory, default Features; coreDirectory, default Core; featureTemplate, default library;
            appTarget). The library template is a library and its test, which builds anywhere. The feature-entry
            template (this repository's) writes a feature on contract v2 of the feature entry in the skeleton
            Domain/, Data/, Screens/, Entry/: a local SQLite repository, its destination (storefront://<name>), its
            commands with their handlers, a view model with one send(_:), its screen and tests, and with --tab a
            tab and a badge; it registers the feature in three lines (the root manifest's `let features = [` list,
            the App's `AppEntries.all` entry list and its import); it checks the lists, the products it needs and
            that the name is no screen or command of the app before writing anything. The
            storefront-feature template has the shape of this repository's design brief: API/ (DTOs, endpoints),
            Domain/, Data/, the @MainActor @Observable Feature, Screens/, and tests with a JSON fixture, over the
            repository's Models, Networking, DesignSystem and TerminalUI. A feature is added to scaffold.appTarget
            of the root manifest (swift package add-dependency / add-target-dependency) with a source file that
            uses it; without appTarget, a root package with targets is not edited and the command stops, naming
            what to configure (--no-app creates the package alone). A core package is a library and its test.
            NAME is an UpperCamelCase identifier not used by another package or module.
            Exit status: 0 when the result lints without error; 1 when the app target cannot be identified; 65
            when scaffold.appTarget names no target.
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
        var result = try await scaffolder.create(
            kind: kind, name: name, scan: try await context.scan(), addToApp: !arguments.has("--no-app"),
            tab: arguments.has("--tab"))
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

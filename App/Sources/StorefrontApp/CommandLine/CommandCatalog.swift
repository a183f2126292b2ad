import FeatureKit

/// Every command of the `storefront` command line, with its options and help, and the global options: the
/// registered entries' commands and the App's own (`open`, `flags`, `watch`, `help`, `version`), which the parser, the
/// dispatcher and the usage text share.
@MainActor
public struct CommandCatalog {
    /// One command and the entry that runs it (nil: the App itself).
    public struct Command {
        /// The command.
        public let spec: CommandSpec
        /// The entry that runs it, or nil for the App's own.
        public let feature: String?

        /// The command's name as typed: `cart add`.
        public var name: String { spec.name }
    }

    /// The options accepted anywhere on the command line.
    public nonisolated static let globalOptions: [CommandOptions.Option] = [
        .init("--help", help: "Show this help and exit."),
        .init("--version", help: "Print the version and exit."),
        .init("--json", help: "Print machine-readable JSON instead of text."),
        .init(
            "--api-url", valueName: "URL",
            help: "Talk to the API server at URL (or STOREFRONT_API_URL); default: the built-in sample server."),
        .init(
            "--ca-file", valueName: "PATH",
            help: "Trust the certificate authorities in the PEM file PATH for https (or STOREFRONT_CA_FILE)."),
        .init(
            "--data-dir", valueName: "DIR",
            help: "Keep data, config, cache and state under DIR instead of the XDG base directories."),
        .init(
            "--log-level", valueName: "LEVEL",
            help: "Lowest level written to the log file, trace ... critical (default info)."),
        .init("--no-color", help: "Never write colour, whatever the terminal supports (NO_COLOR is honoured too)."),
        .init(
            "--no-mouse",
            help:
                "Leave the mouse to the terminal (no clicks or wheel in the app; also \"mouse\": false in settings.json)."
        ),
        .init("--no-images", help: "Show no pictures on screens (the same as --flag pictures=off)."),
        .init(
            "--flag", valueName: "NAME=VALUE", repeatable: true,
            help: "Force a feature flag on or off for this run, such as express_shipping=on."),
        .init(
            "--request-timeout", valueName: "SECONDS",
            help: "Give each API request attempt up to SECONDS (1-600, or STOREFRONT_REQUEST_TIMEOUT; default 10)."),
        .init(
            "--server-fault", valueName: "RULE", repeatable: true,
            help: "Inject a fault into the built-in server, such as 'POST /v1/orders drop-after-commit times=1'."),
        .init(
            "--demo-posts-every", valueName: "S",
            help: "Demo: the built-in server adds a new post every S seconds (default off)."),
        .init(
            "--demo-orders-advance", valueName: "S",
            help: "Demo: the built-in server ships confirmed orders S seconds after they were placed (default off)."),
    ]

    /// The App's own commands, each with its handler (`help` and `version` are answered by the parser before any
    /// command runs; their handlers print the same).
    public nonisolated static let appCommands: [CommandSpec] = [
        CommandSpec(
            ["open"], operands: ["URL"], help: "Open a storefront:// link (full screen on a terminal).",
            run: .on(AppCommandReceiver.self) { await $0.runner.open($1) }),
        CommandSpec(
            ["flags"], help: "Show the feature flags and what decided each.",
            run: .on(AppCommandReceiver.self) { await $0.runner.flags($1) }),
        CommandSpec(
            ["watch"], options: [.init("--count", valueName: "N", help: "Exit after N events (default: never).")],
            help: "Print live events (new posts, like counts, your orders' status) as they arrive.",
            run: .on(AppCommandReceiver.self) { await $0.runner.watch($1) }),
        CommandSpec(
            ["help"], help: "Show this help.",
            run: .on(AppCommandReceiver.self) { _, invocation in
                invocation.output.write(invocation.usageText())
                return .success
            }),
        CommandSpec(
            ["version"], help: "Print the version.",
            run: .on(AppCommandReceiver.self) { _, invocation in
                invocation.print(StorefrontVersion.current)
                return .success
            }),
    ]

    /// Every command, in the order help lists them: the entries' in registration order, then the App's.
    public let commands: [Command]
    /// Every route pattern, for the help of `open`.
    public let routes: [RoutePattern]

    /// The catalog of `registry`'s commands and the App's.
    public init(registry: FeatureRegistry) {
        commands =
            registry.commands.map { Command(spec: $0.spec, feature: $0.feature) }
            + Self.appCommands.map { Command(spec: $0, feature: nil) }
        routes = registry.routePatterns
    }

    /// Every option any command accepts: what the parser reads before it knows the command.
    public var allOptions: CommandOptions {
        var seen: Set<String> = []
        var options: [CommandOptions.Option] = []
        for option in Self.globalOptions + commands.flatMap(\.spec.options) where seen.insert(option.name).inserted {
            options.append(option)
        }
        return CommandOptions(options)
    }

    /// The command named by the first operands, with the operands after its words; nil when none matches.
    public func command(for operands: [String]) -> (command: Command, operands: [String])? {
        let match = commands.filter { operands.starts(with: $0.spec.words) }.max {
            $0.spec.words.count < $1.spec.words.count
        }
        return match.map { ($0, Array(operands.dropFirst($0.spec.words.count))) }
    }

    /// The usage text: synopsis, commands, links and global options, ending with a newline.
    public func usage() -> String {
        let program = StorefrontCommandLine.programName
        var lines = [
            "Storefront: a shopping app with a social feed, search and checkout, in the terminal.",
            "",
            "Usage: \(program) [OPTIONS] [COMMAND] [ARGUMENTS]",
            "       \(program)    (no command, on a terminal: the full-screen app)",
            "",
            "Commands:",
        ]
        for command in commands {
            lines.append("  " + command.spec.synopsis)
            lines.append("      " + command.spec.help)
        }
        lines += ["", "Links (\(program) open URL):"]
        let templates = routes.map(\.linkTemplate)
        let linkWidth = templates.map(\.count).max() ?? 0
        for (template, route) in zip(templates, routes) {
            lines.append(
                "  " + template.padding(toLength: linkWidth + 2) + route.summary
                    + (route.requiresSignIn ? " (needs sign-in)" : ""))
        }
        lines += ["", "Options:"]
        let labels = Self.globalOptions.map { option in option.name + (option.valueName.map { " \($0)" } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, Self.globalOptions) {
            lines.append("  " + label.padding(toLength: width + 2) + option.help)
        }
        lines += ["", "Exit status: 0 success, 1 the operation failed, 64 usage error."]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension CommandCatalog {
    /// The help of the command `words` name (`lists add`): its synopsis, what it does and its own options, or the
    /// commands that begin with `words` (`cart`: `cart add`, `cart remove`, …); nil when `words` is empty or names
    /// nothing (then the whole usage is the help).
    public func help(for words: [String]) -> String? {
        let program = StorefrontCommandLine.programName
        guard !words.isEmpty else { return nil }
        if let (command, _) = command(for: words) {
            var lines = ["Usage: \(program) \(command.spec.synopsis)", "", command.spec.help]
            if !command.spec.options.isEmpty {
                lines += ["", "Options:"]
                let labels = command.spec.options.map { $0.name + ($0.valueName.map { " \($0)" } ?? "") }
                let width = labels.map(\.count).max() ?? 0
                for (label, option) in zip(labels, command.spec.options) {
                    lines.append("  " + label.padding(toLength: width + 2) + option.help)
                }
            }
            let more = commands.filter {
                $0.spec.words.count > command.spec.words.count && $0.spec.words.starts(with: command.spec.words)
            }
            if !more.isEmpty {
                lines += ["", "Related commands:"] + more.map { "  \(program) \($0.spec.synopsis)" }
            }
            lines += ["", "Global options (such as --json and --data-dir DIR): \(program) --help"]
            return lines.joined(separator: "\n") + "\n"
        }
        let group = commands.filter { $0.spec.words.starts(with: words) }
        guard !group.isEmpty else { return nil }
        var lines = ["Commands beginning with '\(words.joined(separator: " "))':"]
        for command in group {
            lines.append("  \(program) " + command.spec.synopsis)
            lines.append("      " + command.spec.help)
        }
        lines += ["", "Global options (such as --json and --data-dir DIR): \(program) --help"]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension CommandCatalog {
    /// The usage error for `words` that name no command: `unknown command 'frobnicate'`, or for a first word that
    /// only begins commands, `'cart' needs one of: add, remove, list` without a second word and `unknown subcommand
    /// 'ad' of 'cart'; did you mean 'add'? (valid: add, remove, list)` with one.
    public func unknownCommand(_ words: [String]) -> UsageError {
        guard let first = words.first else { return UsageError("no command given") }
        let subcommands = commands.filter { $0.spec.words.count > 1 && $0.spec.words[0] == first }
        guard !subcommands.isEmpty else {
            let suggestion = Self.closest(to: first, among: commands.map { $0.spec.words[0] })
            return UsageError("unknown command '\(first)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
        let names = subcommands.map { $0.spec.words[1] }
        guard words.count > 1 else { return UsageError("'\(first)' needs one of: \(names.joined(separator: ", "))") }
        return Self.unknownSubcommand(words[1], of: first, names: names)
    }

    /// The usage error when `command` takes no operands but has subcommands (`lists`, `accounts`) and the first
    /// operand names none of them (`lists shwo`); nil otherwise.
    public func unknownSubcommand(of command: Command, operands: [String]) -> UsageError? {
        guard let word = operands.first, command.spec.operands.isEmpty else { return nil }
        let depth = command.spec.words.count
        let names = commands.filter {
            $0.spec.words.count == depth + 1 && $0.spec.words.starts(with: command.spec.words)
        }
        .map { $0.spec.words[depth] }
        guard !names.isEmpty else { return nil }
        return Self.unknownSubcommand(word, of: command.name, names: names)
    }

    private static func unknownSubcommand(_ word: String, of group: String, names: [String]) -> UsageError {
        let suggestion = closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? ""
        return UsageError(
            "unknown subcommand '\(word)' of '\(group)'\(suggestion) (valid: \(names.joined(separator: ", ")))")
    }

    /// The candidate nearest to `word` by optimal string alignment distance (Levenshtein's edits plus swapping two
    /// neighbouring letters, each costing 1), when it is at most 2 and less than half of `word`'s length rounded
    /// up; the first of equally near candidates; nil when none is that near.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = min(2, max(1, (word.count + 1) / 2))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(Array(word.lowercased()), Array(candidate))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

extension String {
    /// The string padded with spaces to `length` characters (unchanged when it is that long already).
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

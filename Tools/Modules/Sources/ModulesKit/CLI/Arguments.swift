/// A command-line option of a `modules` command.
struct OptionSpec: Sendable {
    /// The long name with its dashes (`--format`).
    let name: String
    /// A one-letter alias with its dash (`-h`), if any.
    let alias: String?
    /// The value's placeholder (`DIR`) for options that take one; `nil` for flags.
    let valueName: String?
    /// Whether the option may be given more than once (values accumulate).
    let repeatable: Bool
    /// One line of help.
    let help: String

    init(_ name: String, alias: String? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.alias = alias
        self.valueName = value
        self.repeatable = repeatable
        self.help = help
    }
}

/// A `modules` command's name, help and options.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// The synopsis after `modules` (`test [PACKAGE...] [--jobs N]`).
    let synopsis: String
    let options: [OptionSpec]
    /// The positional arguments' placeholder, or `nil` when the command takes none.
    let positionals: String?
    /// Paragraphs shown after the options in `--help`.
    let details: String
    /// The values `--format` takes; the first is the default.
    var formats: [OutputFormat] = [.text, .json]

    /// The one-line usage printed after a usage error.
    var usageLine: String { "usage: modules \(synopsis)" }

    /// The full `--help` text.
    var help: String {
        var lines = [usageLine, "", summary, "", "Options:"]
        let labels = options.map { option in
            [option.alias, option.name + (option.valueName.map { " \($0)" } ?? "")].compactMap { $0 }
                .joined(separator: ", ")
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, option) in zip(labels, options) {
            lines.append("  " + label + String(repeating: " ", count: width - label.count) + option.help)
        }
        if !details.isEmpty {
            lines += ["", details]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A command line that does not follow a command's synopsis.
struct UsageError: Error, Equatable {
    let message: String
}

/// The options and positional arguments of one command line.
struct ParsedArguments: Equatable {
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []

    /// Whether the flag (or option) was given.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The last value of an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Parses `arguments` (without the command name) for `spec`: `--name value`, `--name=value`, flags, `--`
    /// (everything after it is positional).
    /// - Throws: ``UsageError`` for an unknown option, a missing or unexpected value, a repeated option, or a
    ///   positional argument the command does not take.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                guard spec.positionals != nil else {
                    throw UsageError(message: "'\(spec.name)' takes no argument '\(argument)'")
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = spec.options.first(where: { $0.name == name || $0.alias == name }) else {
                throw UsageError(message: "unknown option '\(name)' for '\(spec.name)'")
            }
            var value: String?
            if option.valueName != nil {
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "option '\(option.name)' needs a value (\(option.valueName ?? "VALUE"))")
                }
            } else if inlineValue != nil {
                throw UsageError(message: "option '\(option.name)' takes no value")
            }
            if parsed.values[option.name] != nil, !option.repeatable {
                throw UsageError(message: "option '\(option.name)' is given more than once")
            }
            parsed.values[option.name, default: []].append(value ?? "")
        }
        return parsed
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

import Primitives

/// The options one command accepts, and the parser that splits a command line into options and operands.
///
/// Rules (the GNU long-option conventions that most command-line users expect):
/// - `--name value` and `--name=value` both set a value option; a flag takes no value (`--flag=x` is an error);
/// - `-h` is the only short option, an alias of `--help`;
/// - `--` ends the options: every later argument is an operand, even if it starts with `-`;
/// - any other argument starting with `-` (except `-` alone) is an unknown option, which is a usage error;
/// - a value option given twice keeps the last value unless it is repeatable, which keeps every value in order.
public struct CommandOptions: Sendable {
    /// One option a command accepts.
    public struct Option: Sendable, Equatable {
        /// The long name including its dashes, such as `--log-level`.
        public let name: String
        /// The placeholder shown in help for the option's value (`LEVEL`), or `nil` for a flag without a value.
        public let valueName: String?
        /// Whether the option may be given several times, keeping every value.
        public let isRepeatable: Bool
        /// One line of help text.
        public let help: String

        /// Creates an option; pass `valueName` for an option that takes a value.
        public init(_ name: String, valueName: String? = nil, repeatable: Bool = false, help: String) {
            self.name = name
            self.valueName = valueName
            self.isRepeatable = repeatable
            self.help = help
        }
    }

    /// The options, in the order help lists them.
    public let options: [Option]

    /// Creates a set of options.
    public init(_ options: [Option]) {
        self.options = options
    }

    /// Splits `arguments` into the options of this set and the operands (positional arguments).
    ///
    /// - Throws: `UsageError` for an unknown option, a value option without its value, or a flag given a value.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.operands.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.operands.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'")
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.endIndex {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("option '\(name)' needs a value")
            }
            if option.isRepeatable {
                parsed.values[name, default: []].append(value)
            } else {
                parsed.values[name] = [value]
            }
        }
        return parsed
    }

    private func split(_ argument: String) -> (name: String, value: String?) {
        if argument == "-h" { return ("--help", nil) }
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// The result of parsing a command line: the flags that were given, the values of value options, and the operands.
public struct ParsedArguments: Sendable, Equatable {
    /// The flags (options without a value) that were present, by long name.
    public var flags: Set<String> = []
    /// The values of value options, by long name, in the order given (one element unless repeatable).
    public var values: [String: [String]] = [:]
    /// The positional arguments, in order.
    public var operands: [String] = []

    /// Creates an empty result.
    public init() {}

    /// Whether the flag `name` (such as `--json`) was given.
    public func has(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for the option `name`, or `nil` when it was not given.
    public func value(_ name: String) -> String? { values[name]?.last }
}

/// A command line that could not be understood; the message is one line, without the program name.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, such as `unknown option '--colour'`.
    public let message: String

    /// Creates an error with a one-line message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// `value` when it holds no control character (`ControlCharacters`: C0, DEL, C1; a line break and a tab
    /// included); otherwise the usage error `FIELD contains the control character U+001B (ESC); KIND`, so text that
    /// other terminals will show is refused where it is typed, not only escaped where it is printed.
    ///
    /// - Parameters:
    ///   - field: The option or operand, as the help names it (`--note`, `TITLE`).
    ///   - kind: What the value must be, for the message (`titles, notes and product ids are one line of plain text`).
    /// - Throws: `UsageError` naming the field and the character.
    public static func requirePlainText(_ value: String, field: String, kind: String) throws(UsageError) -> String {
        guard let scalar = ControlCharacters.first(in: value) else { return value }
        throw UsageError("\(field) contains the control character \(ControlCharacters.name(of: scalar)); \(kind)")
    }
}

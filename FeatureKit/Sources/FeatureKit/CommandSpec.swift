/// One command of the `storefront` command line: the words that name it, its operands, its options, one line of
/// help and the handler that runs it. Entries declare theirs in `FeatureDescriptor.commands`; the App's parser
/// matches a command line to one spec and checks it against the spec, then runs the spec's own handler on the
/// entry that declared it: nothing dispatches by the command's name.
public struct CommandSpec: Sendable {
    /// The words that name it, such as `["cart", "add"]`.
    public let words: [String]
    /// The operands as help shows them (`ID`), in order; their count is exact unless `variadic`.
    public let operands: [String]
    /// Whether the last operand takes every remaining word (a search query of several words).
    public let variadic: Bool
    /// The options only this command accepts.
    public let options: [CommandOptions.Option]
    /// One line of help.
    public let help: String
    /// What runs it.
    public let handler: CommandHandler

    /// Creates a command run by `handler`.
    public init(
        _ words: [String], operands: [String] = [], variadic: Bool = false, options: [CommandOptions.Option] = [],
        help: String, run handler: CommandHandler
    ) {
        self.words = words
        self.operands = operands
        self.variadic = variadic
        self.options = options
        self.help = help
        self.handler = handler
    }

    /// Whether the operand `name` (as help shows it) is an identifier the command looks up by: `ID` or a name ending
    /// in `_ID` (`PRODUCT_ID`). Such a value becomes one path segment of an API URL or a directory name, so the
    /// parser refuses the values that cannot be one (`identifierProblem(operand:value:)`) before anything runs.
    public static func isIdentifier(operand name: String) -> Bool {
        name == "ID" || name.hasSuffix("_ID")
    }

    /// Why `value` cannot be the identifier operand `name`, or nil when it can (or `name` is no identifier): an empty
    /// value, `.` and `..` (which a URL or a path resolves to this or the parent place, RFC 3986 §5.2.4) and a value
    /// with `/` (more than one segment). A phrase such as `'..' is not a valid ID`, for a usage error.
    public static func identifierProblem(operand name: String, value: String) -> String? {
        guard isIdentifier(operand: name) else { return nil }
        if value.isEmpty { return "an empty \(name) is not valid" }
        if value == "." || value == ".." { return "'\(value)' is not a valid \(name)" }
        if value.contains("/") { return "'\(value)' is not a valid \(name) (it contains '/')" }
        return nil
    }

    /// The command's name as typed: `cart add`.
    public var name: String { words.joined(separator: " ") }

    /// The synopsis: `cart add ID [--quantity N]`.
    public var synopsis: String {
        var parts = words + operands
        for option in options {
            parts.append("[" + option.name + (option.valueName.map { " \($0)" } ?? "") + "]")
        }
        return parts.joined(separator: " ")
    }
}

/// The code that runs one command, on the object that declared it (an entry, or the App for its own commands).
public struct CommandHandler: Sendable {
    private let body: @MainActor @Sendable (AnyObject, CommandInvocation) async -> ExitCode

    /// A handler that runs `body` on a receiver of type `Receiver`.
    public static func on<Receiver: AnyObject>(
        _ type: Receiver.Type, _ body: @escaping @MainActor @Sendable (Receiver, CommandInvocation) async -> ExitCode
    ) -> CommandHandler {
        CommandHandler { receiver, invocation in
            guard let receiver = receiver as? Receiver else {
                return invocation.fail(
                    "the command '\(invocation.spec.name)' belongs to \(Receiver.self), not to \(Swift.type(of: receiver))"
                )
            }
            return await body(receiver, invocation)
        }
    }

    /// Runs the command on `receiver`; a receiver of another type than the one the handler was made for fails the
    /// command (exit 1), naming both.
    @MainActor
    public func run(on receiver: AnyObject, _ invocation: CommandInvocation) async -> ExitCode {
        await body(receiver, invocation)
    }
}

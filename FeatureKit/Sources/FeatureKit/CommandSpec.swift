/// One command of the `storefront` command line: the words that name it, its operands, its options and one line of
/// help. Entries declare theirs in `FeatureDescriptor.commands`; the App's parser checks a command line against the
/// spec before the entry runs it.
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

    /// Creates a command.
    public init(
        _ words: [String], operands: [String] = [], variadic: Bool = false, options: [CommandOptions.Option] = [],
        help: String
    ) {
        self.words = words
        self.operands = operands
        self.variadic = variadic
        self.options = options
        self.help = help
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

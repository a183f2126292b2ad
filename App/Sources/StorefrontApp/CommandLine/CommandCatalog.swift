/// Every command of the `storefront` command line, with its options and help, and the global options: the data the
/// parser, the dispatcher and the usage text share.
public enum CommandCatalog {
    /// One command: its words (`cart add`), the operands it takes, its options and one line of help.
    public struct Command: Sendable {
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

    /// The options accepted anywhere on the command line.
    public static let globalOptions: [CommandOptions.Option] = [
        .init("--help", help: "Show this help and exit."),
        .init("--version", help: "Print the version and exit."),
        .init("--json", help: "Print machine-readable JSON instead of text."),
        .init(
            "--api-url", valueName: "URL",
            help: "Talk to the API server at URL (or STOREFRONT_API_URL); default: the built-in sample server."),
        .init(
            "--data-dir", valueName: "DIR",
            help: "Keep data, config, cache and state under DIR instead of the XDG base directories."),
        .init(
            "--log-level", valueName: "LEVEL",
            help: "Lowest level written to the log file, trace ... critical (default info)."),
        .init("--no-color", help: "Never write colour, whatever the terminal supports (NO_COLOR is honoured too)."),
        .init(
            "--flag", valueName: "NAME=VALUE", repeatable: true,
            help: "Force a feature flag on or off for this run, such as express_shipping=on."),
        .init(
            "--server-fault", valueName: "RULE", repeatable: true,
            help: "Inject a fault into the built-in server, such as 'POST /v1/orders drop-after-commit times=1'."),
    ]

    /// Every command, in the order help lists them.
    public static let commands: [Command] = [
        Command(
            words: ["feed"], operands: [], variadic: false,
            options: [
                .init("--limit", valueName: "N", help: "Posts per page, 1 to 50 (default 20)."),
                .init("--cursor", valueName: "CURSOR", help: "Continue after the page that printed this cursor."),
            ],
            help: "Show a page of the feed, newest first, and the cursor of the next page."),
        Command(words: ["post"], operands: ["ID"], variadic: false, options: [], help: "Show one post."),
        Command(words: ["like"], operands: ["ID"], variadic: false, options: [], help: "Like a post (needs sign-in)."),
        Command(
            words: ["search"], operands: ["QUERY"], variadic: true,
            options: [.init("--offset", valueName: "N", help: "Skip the first N results (default 0).")],
            help: "Search the catalog."),
        Command(words: ["product"], operands: ["ID"], variadic: false, options: [], help: "Show one product."),
        Command(
            words: ["cart", "add"], operands: ["ID"], variadic: false,
            options: [.init("--quantity", valueName: "N", help: "How many, 1 to 99 (default 1).")],
            help: "Add a product to the cart."),
        Command(
            words: ["cart", "remove"], operands: ["ID"], variadic: false, options: [],
            help: "Remove a product from the cart."),
        Command(words: ["cart", "list"], operands: [], variadic: false, options: [], help: "Show the cart."),
        Command(
            words: ["checkout"], operands: [], variadic: false, options: checkoutOptions,
            help: "Order the cart (needs sign-in); --yes confirms without asking."),
        Command(
            words: ["orders", "list"], operands: [], variadic: false, options: [],
            help: "List your orders, newest first (needs sign-in)."),
        Command(
            words: ["orders", "show"], operands: ["ID"], variadic: false, options: [],
            help: "Show one of your orders (needs sign-in)."),
        Command(words: ["login"], operands: ["NAME"], variadic: false, options: [], help: "Sign in as NAME."),
        Command(
            words: ["logout"], operands: [], variadic: false,
            options: [.init("--force", help: "Sign out even when changes have not reached the server.")],
            help: "Sign out and delete this account's data on this device."),
        Command(words: ["whoami"], operands: [], variadic: false, options: [], help: "Show who is signed in."),
        Command(
            words: ["open"], operands: ["URL"], variadic: false, options: [],
            help: "Open a storefront:// link (full screen on a terminal)."),
        Command(
            words: ["flags"], operands: [], variadic: false, options: [],
            help: "Show the feature flags and what decided each."),
        Command(words: ["help"], operands: [], variadic: false, options: [], help: "Show this help."),
        Command(words: ["version"], operands: [], variadic: false, options: [], help: "Print the version."),
    ]

    /// The checkout command's options.
    static let checkoutOptions: [CommandOptions.Option] = [
        .init("--name", valueName: "NAME", help: "Recipient's name."),
        .init("--street", valueName: "STREET", help: "Street and number."),
        .init("--city", valueName: "CITY", help: "City."),
        .init("--postal-code", valueName: "CODE", help: "Postal code."),
        .init("--country", valueName: "CC", help: "ISO 3166-1 alpha-2 country code, such as DE."),
        .init("--shipping", valueName: "OPTION", help: "standard, express or pickup."),
        .init("--payment", valueName: "METHOD", help: "card or invoice."),
        .init("--card-number", valueName: "NUMBER", help: "Card number (with --payment card)."),
        .init("--card-expiry", valueName: "MM/YY", help: "Card expiry (with --payment card)."),
        .init("--card-cvc", valueName: "CVC", help: "Card security code (with --payment card)."),
        .init("--yes", help: "Place the order without asking."),
    ]

    /// Every option any command accepts: what the parser reads before it knows the command.
    public static var allOptions: CommandOptions {
        var seen: Set<String> = []
        var options: [CommandOptions.Option] = []
        for option in globalOptions + commands.flatMap(\.options) where seen.insert(option.name).inserted {
            options.append(option)
        }
        return CommandOptions(options)
    }

    /// The command named by the first operands, with the operands after its words; nil when none matches.
    public static func command(for operands: [String]) -> (command: Command, operands: [String])? {
        let match = commands.filter { operands.starts(with: $0.words) }.max { $0.words.count < $1.words.count }
        return match.map { ($0, Array(operands.dropFirst($0.words.count))) }
    }

    /// The usage text: synopsis, commands and global options, ending with a newline.
    public static func usage() -> String {
        var lines = [
            "Storefront: a shopping app with a social feed, search and checkout, in the terminal.",
            "",
            "Usage: \(StorefrontCommandLine.programName) [OPTIONS] [COMMAND] [ARGUMENTS]",
            "       \(StorefrontCommandLine.programName)    (no command, on a terminal: the full-screen app)",
            "",
            "Commands:",
        ]
        for command in commands {
            lines.append("  " + command.synopsis)
            lines.append("      " + command.help)
        }
        lines += ["", "Options:"]
        let labels = globalOptions.map { option in option.name + (option.valueName.map { " \($0)" } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, globalOptions) {
            lines.append("  " + label.padding(toLength: width + 2) + option.help)
        }
        lines += ["", "Exit status: 0 success, 1 the operation failed, 64 usage error."]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string padded with spaces to `length` characters (unchanged when it is that long already).
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

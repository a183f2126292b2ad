/// A boolean feature flag an entry reads: its wire name in `GET /v1/config` and `--flag`, its compiled-in default
/// and one line of help.
public struct FlagDeclaration: Sendable, Hashable {
    /// The name in `GET /v1/config` and in `--flag NAME=on|off` (`feed_likes`).
    public let name: String
    /// The value when neither a `--flag` override nor the server decides (what a first launch without a network
    /// gets).
    public let defaultValue: Bool
    /// One line for `storefront flags`.
    public let summary: String
    /// Whether a command of the declaring entry, on a launch with no cached configuration, waits for the server's
    /// configuration first, so that its first value is the server's rather than `defaultValue` (a checkout must not
    /// offer what the server turned off).
    public let waitsForServer: Bool

    /// Creates a declaration.
    public init(name: String, defaultValue: Bool, summary: String, waitsForServer: Bool = false) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
        self.waitsForServer = waitsForServer
    }
}

/// The values of the declared flags for one launch, as plain booleans (no feature knows where they come from).
public struct FlagValues: Sendable, Hashable {
    private let values: [String: Bool]

    /// Creates the values, by flag name.
    public init(_ values: [String: Bool]) {
        self.values = values
    }

    /// The value of `flag`: the evaluated value, or its default when the App evaluated no such flag.
    public func isOn(_ flag: FlagDeclaration) -> Bool {
        values[flag.name] ?? flag.defaultValue
    }

    /// The evaluated value of the flag named `name`, or nil when none was evaluated.
    public subscript(name: String) -> Bool? { values[name] }
}

import Logging

/// The settings one run of the app is built from, read from the command line and the environment.
///
/// Flags win over the environment. The composition root (`AppDependencies.live`) turns a configuration into the
/// live object graph; nothing else reads flags or environment variables.
public struct AppConfiguration: Sendable, Equatable {
    /// The lowest level the log handler writes (`--log-level`, or `STOREFRONT_LOG_LEVEL`; default `warning`).
    public var logLevel: Logger.Level
    /// Whether colour is allowed at all (`--no-color` turns it off; `NO_COLOR` is honoured by the handlers).
    public var allowsColor: Bool
    /// The process environment the configuration was read from, passed on to the parts that honour variables such
    /// as `NO_COLOR` and `TERM`.
    public var environment: [String: String]

    /// Creates a configuration from explicit values.
    public init(logLevel: Logger.Level, allowsColor: Bool, environment: [String: String]) {
        self.logLevel = logLevel
        self.allowsColor = allowsColor
        self.environment = environment
    }

    /// Reads the configuration from parsed global options and the environment.
    ///
    /// - Throws: `UsageError` when `--log-level` or `STOREFRONT_LOG_LEVEL` is not one of the level names.
    public init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        let levelText = arguments.value("--log-level") ?? environment["STOREFRONT_LOG_LEVEL"]
        var level = Logger.Level.warning
        if let levelText {
            guard let parsed = Logger.Level(name: levelText) else {
                let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("invalid log level '\(levelText)' (expected one of: \(names))")
            }
            level = parsed
        }
        self.init(logLevel: level, allowsColor: !arguments.has("--no-color"), environment: environment)
    }
}
